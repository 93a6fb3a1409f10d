import * as t from 'io-ts';
import { fieldErrors, typeInWords } from '../../../server/core/decode';

/** Issue 28, item 6: a choice of values is refused in words, not as io-ts's type name. */
describe('a refusal of a choice of values', () => {
  it('names the values as a list', () => {
    const codec = t.type({ category: t.keyof({ TREATMENT: null, PARTNER: null }) });
    const r = codec.decode({ category: 'OTHER' });
    if (r._tag === 'Right') throw new Error('decoded a bad value');
    expect(fieldErrors(r.left, 'body')).toEqual([{ path: 'body.category', message: 'must be TREATMENT or PARTNER' }]);
  });

  it('reads unions of literals too, and keeps other names', () => {
    expect(typeInWords('("A" | "B" | "C")')).toBe('A, B or C');
    expect(typeInWords('number')).toBe('number');
    expect(typeInWords('(string | null)')).toBe('(string | null)');
  });
});
