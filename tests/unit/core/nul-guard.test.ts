import { nulFieldErrors, refuseNul } from '../../../server/core/nul-guard';
import { Problem } from '../../../server/core/problem';

describe('the NUL guard', () => {
  it('names each field holding a NUL by its path, through objects and arrays', () => {
    expect(nulFieldErrors({ a: 'fine', b: { c: ['ok', 'x\u0000y'] }, d: 'also\u0000' }, 'body')).toEqual([
      { path: 'body.b.c.1', message: 'must not contain a NUL character' },
      { path: 'body.d', message: 'must not contain a NUL character' },
    ]);
  });

  it('names a key holding a NUL, shown as \\0, and does not walk under it', () => {
    expect(nulFieldErrors({ outer: { 'k\u0000': 'v\u0000' } }, 'query')).toEqual([
      { path: 'query.outer.k\\0', message: 'must not contain a NUL character in its name' },
    ]);
  });

  it('finds nothing in values without one, however nested', () => {
    expect(nulFieldErrors({ a: [1, null, true, { b: 'text' }], c: 'x' }, 'body')).toEqual([]);
    expect(nulFieldErrors('root\u0000', 'path')).toEqual([{ path: 'path', message: 'must not contain a NUL character' }]);
  });

  it('refuses every part at once with a 400 naming all the fields', () => {
    let thrown: unknown;
    try {
      refuseNul({ path: { paxId: '1\u0000' }, query: {}, body: { description: 'a\u0000' } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Problem);
    const problem = thrown as Problem;
    expect(problem.status).toBe(400);
    expect(problem.toJSON()).toMatchObject({
      errors: [
        { path: 'path.paxId', message: 'must not contain a NUL character' },
        { path: 'body.description', message: 'must not contain a NUL character' },
      ],
    });
    expect(() => refuseNul({ path: { paxId: '1' }, query: {}, body: { description: 'a' } })).not.toThrow();
  });
});
