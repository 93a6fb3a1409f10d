/** What `--against` reads from one probe's figures, and how it prints them. */
export interface Figure {
  label: string;
  read: (round: Record<string, unknown>) => number;
  format: (n: number) => string;
}

export interface Probe {
  /** The probe's file, the same path in either tree. */
  path: string;
  figures: Figure[];
  brief: (round: Record<string, unknown>) => string;
  /** Whether the first round of each side also counts statements and rows (AGAINST_COUNT=1). */
  counts: boolean;
  counted?: (ours: Record<string, unknown>, theirs: Record<string, unknown>, ref: string) => string[];
}

const num = (key: string) => (r: Record<string, unknown>) => Number(r[key]);
const msFigure = (n: number) => `${n.toFixed(3)} ms`;

interface Counts {
  statementsPerAward: number;
  nestedPerAward: number;
  rowsWrittenPerAward: number;
  rowsByTable: Record<string, number>;
  topStatements: { calls: number; ms?: number; query: string }[];
}

function countLines(ours: Record<string, unknown>, theirs: Record<string, unknown>, ref: string): string[] {
  const sides: [string, Counts | undefined][] = [
    [ref, theirs.counts as Counts | undefined],
    ['this tree', ours.counts as Counts | undefined],
  ];
  const lines = ['  per award under the same load (first round; pg_stat_statements and pg_stat_user_tables, the idle server taken off):'];
  for (const [name, c] of sides) {
    if (!c) continue;
    lines.push(
      `    ${name}: ${c.statementsPerAward.toFixed(2)} statements sent, ${c.nestedPerAward.toFixed(2)} run inside functions, ${c.rowsWrittenPerAward.toFixed(2)} rows written`,
      `      rows by table: ${Object.entries(c.rowsByTable)
        .sort((a, b) => b[1] - a[1])
        .map(([t, n]) => `${t} ${n}`)
        .join(', ')}`,
      '      calls  exec ms  (per award, longest first)',
      ...c.topStatements.slice(0, 10).map((s) => `      ${s.calls.toFixed(3).padStart(5)}  ${(s.ms ?? NaN).toFixed(4).padStart(7)}  ${s.query}`),
    );
  }
  return lines;
}

export const probes: Record<string, Probe> = {
  awards: {
    path: 'tests/bench/against/award-probe.ts',
    figures: [
      { label: 'server main thread CPU per award', read: num('serverThreadMsPerAward'), format: msFigure },
      { label: 'PostgreSQL CPU per award', read: num('postgresMsPerAward'), format: msFigure },
      { label: 'awards/s (wall time: the noisiest)', read: num('awardsPerSecond'), format: (n) => n.toFixed(0) },
    ],
    brief: (r) =>
      `${Number(r.awards)} awards, server thread ${msFigure(Number(r.serverThreadMsPerAward))}, PostgreSQL ${msFigure(Number(r.postgresMsPerAward))} per award`,
    counts: true,
    counted: countLines,
  },
  rebuild: {
    path: 'tests/bench/against/rebuild-probe.ts',
    figures: [
      { label: 'events per CPU-second (Node + PostgreSQL)', read: num('eventsPerCpuSecond'), format: (n) => n.toFixed(0) },
      { label: 'Node CPU of the rebuild', read: num('nodeCpuSeconds'), format: (n) => `${n.toFixed(2)} s` },
      { label: 'PostgreSQL CPU of the rebuild', read: num('postgresCpuSeconds'), format: (n) => `${n.toFixed(2)} s` },
    ],
    brief: (r) => `${Number(r.events)} events, ${Number(r.eventsPerCpuSecond).toFixed(0)} per CPU-second`,
    counts: false,
  },
};
