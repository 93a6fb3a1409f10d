import type pg from 'pg';

/** The statements `pool.query` runs that mention any of `tables`, while `during` runs (a pooled client's own queries are not seen). */
export async function statementsDuring(pool: pg.Pool, tables: string[], during: () => Promise<void>): Promise<string[]> {
  const spied = pool as pg.Pool & { query: (...args: unknown[]) => unknown };
  const sent: string[] = [];
  const original = spied.query.bind(spied);
  const spy = jest.spyOn(spied, 'query').mockImplementation(((...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '');
    if (tables.some((t) => text.includes(t))) sent.push(text);
    return original(...(args as Parameters<typeof original>));
  }) as never);
  try {
    await during();
  } finally {
    spy.mockRestore();
  }
  return sent;
}
