import { Problem } from '../../../server/core/problem';
import { assertCardArtExists, contentfulCardArt, type FindCardArt } from '../../../server/gift-certificates/card-art-catalogue';

const known =
  (entries: Record<string, string>): FindCardArt =>
  async (ids) =>
    new Map(ids.filter((id) => id in entries).map((id) => [id, entries[id]]));

const problemOf = async (p: Promise<unknown>): Promise<Problem> => {
  try {
    await p;
  } catch (error) {
    if (error instanceof Problem) return error;
    throw error;
  }
  throw new Error('expected a problem');
};

describe('when checkout checks the card art of its lines', () => {
  it('names every line whose art is not an eGiftCardArt entry, by its body path', async () => {
    const items = [{ selectedCardArt: 'art-a' }, { selectedCardArt: 'nope' }, { selectedCardArt: null }, {}, { selectedCardArt: '' }];
    const problem = await problemOf(assertCardArtExists(items, known({ 'art-a': 'A' })));
    expect(problem.status).toBe(400);
    expect(problem.errors?.map((e) => e.path)).toEqual(['body.items.1.selectedCardArt', 'body.items.4.selectedCardArt']);
  });

  it('asks once for each distinct id, and not at all when no line chose art', async () => {
    const asked: string[][] = [];
    const find: FindCardArt = async (ids) => (asked.push([...ids]), new Map(ids.map((id) => [id, id])));
    await assertCardArtExists([{ selectedCardArt: 'x' }, { selectedCardArt: 'x' }, { selectedCardArt: 'y' }], find);
    await assertCardArtExists([{ selectedCardArt: null }, {}], find);
    expect(asked).toEqual([['x', 'y']]);
  });
});

describe('when a real Contentful space is configured', () => {
  it('asks its delivery API for eGiftCardArt by sys.id with the access token, and answers the ids it knows with their titles', async () => {
    const calls: { url: string; auth: string | null }[] = [];
    const fakeFetch = (async (url: URL, init: RequestInit) => {
      calls.push({ url: url.toString(), auth: new Headers(init.headers).get('authorization') });
      return new Response(
        JSON.stringify({
          items: [
            { sys: { id: 'a1' }, fields: { title: 'Sunrise' } },
            { sys: { id: 'a2' }, fields: {} },
          ],
        }),
        { status: 200 },
      );
    }) as unknown as typeof fetch;
    const found = await contentfulCardArt('space1', 'token1', 'master', fakeFetch)(['a1', 'a2', 'a3']);
    expect([...found]).toEqual([
      ['a1', 'Sunrise'],
      ['a2', 'a2'],
    ]);
    const url = new URL(calls[0].url);
    expect(`${url.origin}${url.pathname}`).toBe('https://cdn.contentful.com/spaces/space1/environments/master/entries');
    expect(Object.fromEntries(url.searchParams)).toEqual({ content_type: 'eGiftCardArt', 'sys.id[in]': 'a1,a2,a3', limit: '3' });
    expect(calls[0].auth).toBe('Bearer token1');
  });

  it('answers 503 when Contentful fails or cannot be reached, so nothing is bought on a guess', async () => {
    const failing = (async () => new Response('{}', { status: 500 })) as unknown as typeof fetch;
    const unreachable = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    expect((await problemOf(contentfulCardArt('s', 't', 'master', failing)(['a']))).status).toBe(503);
    expect((await problemOf(contentfulCardArt('s', 't', 'master', unreachable)(['a']))).status).toBe(503);
  });
});
