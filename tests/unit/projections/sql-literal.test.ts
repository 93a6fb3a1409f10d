import { escapeLiteral, prepareValue } from 'pg/lib/utils';
import { parameterLiteral, parameterText, sqlLiteral } from '../../../projections/sql-literal';

// The batches' literals must be exactly node-postgres's: the folded statements then mean what the parameterised ones did.
describe('SQL literals of a batch', () => {
  const texts = ['', 'plain', "it's", "''", 'back\\slash', "both ' and \\", '{"a":"b \\"q\\" c"}', 'ünïcödé ✓', 'line\nbreak', '$1 and $$'];

  it.each(texts)('quotes %p as escapeLiteral does', (text) => {
    expect(sqlLiteral(text)).toBe(escapeLiteral(text));
  });

  const values: unknown[] = [
    0,
    -12.5,
    1e21,
    123n,
    'text',
    ['a', 'b"c', 'd\\e', ''],
    [1, 2, 3],
    [10n, 20n],
    ['mixed', 4, 5n],
    [],
    [null, 'x'],
    [['nested']],
    { json: "it's" },
    new Date(Date.UTC(2026, 10, 25, 12, 0, 0)),
    true,
  ];

  it.each(values.map((v) => [v]))('writes the parameter %p as prepareValue does', (value) => {
    expect(parameterText(value)).toBe(prepareValue(value));
  });

  it('writes NULL for a missing value', () => {
    expect(parameterLiteral(null)).toBe('NULL');
    expect(parameterLiteral(undefined)).toBe('NULL');
    expect(parameterLiteral(['a'])).toBe(`'{"a"}'`);
  });
});
