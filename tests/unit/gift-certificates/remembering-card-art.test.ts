import { rememberingCardArt, type FindCardArt } from '../../../server/gift-certificates/card-art-catalogue';

describe('remembering card art titles', () => {
  it('asks the content source only for ids it does not know, until they grow old', async () => {
    const asked: string[][] = [];
    const titles: Record<string, string> = { a: 'Golden hour', b: 'Sea glass' };
    const source: FindCardArt = async (ids) => {
      asked.push([...ids]);
      return new Map(ids.filter((id) => titles[id]).map((id) => [id, titles[id]]));
    };
    let clock = 0;
    const find = rememberingCardArt(source, 1000, () => clock);
    expect([...(await find(['a', 'zz']))]).toEqual([['a', 'Golden hour']]);
    expect([...(await find(['a', 'b']))]).toEqual([
      ['a', 'Golden hour'],
      ['b', 'Sea glass'],
    ]);
    expect(asked).toEqual([['a', 'zz'], ['b']]);
    clock = 1500;
    titles.a = 'Golden hour (renamed)';
    expect((await find(['a'])).get('a')).toBe('Golden hour (renamed)');
    expect(asked).toEqual([['a', 'zz'], ['b'], ['a']]);
  });

  it('keeps no answer for an unknown id, so a design added later is found', async () => {
    let exists = false;
    const find = rememberingCardArt(
      async (ids) => new Map(exists ? ids.map((id) => [id, 'New']) : []),
      1000,
      () => 0,
    );
    expect((await find(['n'])).size).toBe(0);
    exists = true;
    expect((await find(['n'])).get('n')).toBe('New');
  });
});
