import { sessionAuthenticated, sessionEnded } from '../../client/src/session/session-events';
import type { SessionUser } from '../../client/src/session/types';
import { $promotions, $promotionsFailed, $promotionsOwner, fetchPromotionsFx, promotionsChanged } from '../../client/src/stores/promotions';
import { fakeFetch, problem, type Reply } from './support/fake-http';

const user = (paxId: number): SessionUser => ({ authToken: `token-${paxId}`, pax: { paxId, firstName: 'Morgan', lastName: 'Member' }, events: [] });
const signIn = (paxId: number) => sessionAuthenticated({ user: user(paxId), impersonated: false });

const GLOW = 'aaaaaaaa-0000-4000-8000-000000000001';
const PLAIN = 'aaaaaaaa-0000-4000-8000-000000000002';
const tiles = {
  items: [
    {
      promoId: GLOW,
      programCode: 'GLOW',
      name: 'Season of Glow',
      description: 'd',
      fromDate: '2026-04-01',
      thruDate: '2026-04-30',
      certificateCategoryCode: 'GLOW_OFFER',
    },
    { promoId: PLAIN, programCode: 'PLAIN', name: 'Plain', description: 'd', fromDate: '2026-04-01', thruDate: '2026-04-30' },
  ],
};
const website = { promoId: GLOW, tile: { title: 'Glow' }, pages: [{ page: 'RULES', contentEntryId: 'rules-1' }] };
const offer = (name: string, status = 'ACTIVE') => ({
  id: `c-${name}`,
  status,
  expirationDate: '2026-06-01',
  certificateCategoryType: null,
  summaryDisplay: '',
  amount: 25,
  name,
  code: 'ABCD-EFGH-JK',
});

const routes = (over: Record<string, Reply> = {}): Record<string, Reply> => ({
  'GET /api/rest/promotions/tiles': { status: 200, body: tiles },
  'GET /api/rest/participants/~/certificates': { status: 200, body: { items: [offer('Other Offer'), offer('Season of Glow Offer')] } },
  'GET /api/rest/certificate-categories/code/GLOW_OFFER': {
    status: 200,
    body: { certificateCategoryCode: 'GLOW_OFFER', certificateCategoryName: 'Season of Glow Offer' },
  },
  [`GET /api/rest/promotions/${GLOW}/website`]: { status: 200, body: website },
  [`GET /api/rest/promotions/${PLAIN}/website`]: problem(404, 'Not found', 'not-found'),
  ...over,
});

let http: ReturnType<typeof fakeFetch>;
const useRoutes = (r: Record<string, Reply>) => {
  http = fakeFetch(r);
  globalThis.fetch = http.fetch as unknown as typeof fetch;
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loaded = async () => {
  for (let i = 0; i < 50 && !$promotions.getState().isLoaded && !$promotionsFailed.getState(); i++) await pause(5);
};

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  sessionEnded();
  jest.restoreAllMocks();
});

describe('the promotions store', () => {
  it('loads the tiles on first authentication, enriched with category, website data and the offer certificate', async () => {
    useRoutes(routes());
    signIn(7);
    await loaded();
    const [glow, plain] = $promotions.getState().items;
    expect($promotions.getState().isLoaded).toBe(true);
    expect(glow).toMatchObject({
      promoId: GLOW,
      certificateCategory: { certificateCategoryCode: 'GLOW_OFFER' },
      certificateCategoryName: 'Season of Glow Offer',
      websiteData: website,
      hasOfferCert: true,
      offerCert: { name: 'Season of Glow Offer' },
    });
    // A tile whose lookups fail or do not apply keeps its place with those parts empty.
    expect(plain).toMatchObject({
      promoId: PLAIN,
      certificateCategory: null,
      certificateCategoryName: null,
      websiteData: null,
      hasOfferCert: false,
      offerCert: null,
    });
    const offers = http.calls.find((c) => c.url.startsWith('/api/rest/participants/~/certificates'));
    expect(offers?.url).toBe('/api/rest/participants/~/certificates?page=0&size=100&sort=expirationDate+desc&displayCategory=offer');
  });

  it('does not reload when the same member is authenticated again, and clears on sign-out', async () => {
    useRoutes(routes());
    signIn(7);
    await loaded();
    const calls = http.calls.length;
    signIn(7);
    await pause(30);
    expect(http.calls.length).toBe(calls);
    sessionEnded();
    expect($promotions.getState()).toEqual({ isLoaded: false, items: [] });
    expect($promotionsOwner.getState()).toBeNull();
    signIn(7);
    await loaded();
    expect($promotions.getState().items).toHaveLength(2);
  });

  it('reloads for another member (an admin starting impersonation)', async () => {
    useRoutes(routes());
    signIn(1);
    await loaded();
    useRoutes(routes({ 'GET /api/rest/promotions/tiles': { status: 200, body: { items: [] } } }));
    signIn(7);
    expect($promotions.getState().isLoaded).toBe(false);
    await loaded();
    expect($promotions.getState()).toEqual({ isLoaded: true, items: [] });
  });

  it('drops an answer that arrives after sign-out', async () => {
    let answer!: () => void;
    const gate = new Promise<void>((r) => (answer = r));
    const base = routes();
    useRoutes(base);
    const slow = http.fetch;
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      if (url === '/api/rest/promotions/tiles') await gate;
      return slow(url, init);
    }) as typeof fetch;
    const finished = jest.fn();
    const unwatch = fetchPromotionsFx.done.watch(finished);
    signIn(7);
    sessionEnded();
    answer();
    for (let i = 0; i < 50 && !finished.mock.calls.length; i++) await pause(5);
    unwatch();
    expect(finished).toHaveBeenCalledTimes(1);
    expect($promotions.getState()).toEqual({ isLoaded: false, items: [] });
  });

  it('flags a failed tile list without pretending it loaded', async () => {
    useRoutes(routes({ 'GET /api/rest/promotions/tiles': problem(500, 'down', 'internal') }));
    signIn(7);
    await loaded();
    expect($promotionsFailed.getState()).toBe(true);
    expect($promotions.getState().isLoaded).toBe(false);
    sessionEnded();
    expect($promotionsFailed.getState()).toBe(false);
  });
});

describe('the promotions store, live', () => {
  const ids = () => $promotions.getState().items.map((p) => p.promoId);
  const settledAfter = async (n: number) => {
    for (let i = 0; i < 100 && fetchPromotionsFx.inFlight.getState() > 0; i++) await pause(5);
    expect(http.calls.filter((c) => c.url === '/api/rest/promotions/tiles')).toHaveLength(n);
  };

  it('reloads the list when promotions change, keeping the old one on screen until the new one arrives', async () => {
    useRoutes(routes());
    signIn(7);
    await loaded();
    useRoutes(routes({ 'GET /api/rest/promotions/tiles': { status: 200, body: { items: [tiles.items[1]] } } }));
    promotionsChanged();
    expect($promotions.getState()).toMatchObject({ isLoaded: true });
    expect(ids()).toEqual([GLOW, PLAIN]);
    await settledAfter(1);
    expect(ids()).toEqual([PLAIN]);
  });

  it('does nothing when nobody is signed in', async () => {
    useRoutes(routes());
    promotionsChanged();
    await pause(20);
    expect(http.calls).toHaveLength(0);
  });

  it('keeps the newest answer when an older load finishes after it', async () => {
    useRoutes(routes());
    signIn(7);
    await loaded();
    let releaseOld!: () => void;
    const oldGate = new Promise<void>((r) => (releaseOld = r));
    let tilesCalls = 0;
    const real = fakeFetch(routes({ 'GET /api/rest/promotions/tiles': { status: 200, body: { items: [tiles.items[1]] } } }));
    const stale = fakeFetch(routes({ 'GET /api/rest/promotions/tiles': { status: 200, body: { items: [tiles.items[0]] } } }));
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      if (url === '/api/rest/promotions/tiles' && ++tilesCalls === 1) {
        await oldGate; // the first change's load is slow and answers with the list before the second change
        return stale.fetch(url, init);
      }
      return real.fetch(url, init);
    }) as typeof fetch;
    promotionsChanged();
    promotionsChanged();
    for (let i = 0; i < 100 && ids().join() !== PLAIN; i++) await pause(5);
    expect(ids()).toEqual([PLAIN]);
    releaseOld();
    for (let i = 0; i < 100 && fetchPromotionsFx.inFlight.getState() > 0; i++) await pause(5);
    expect(fetchPromotionsFx.inFlight.getState()).toBe(0);
    expect(ids()).toEqual([PLAIN]);
  });

  it('keeps the list and shows no error when a reload fails', async () => {
    useRoutes(routes());
    signIn(7);
    await loaded();
    useRoutes(routes({ 'GET /api/rest/promotions/tiles': problem(500, 'down', 'internal') }));
    promotionsChanged();
    await settledAfter(1);
    expect($promotionsFailed.getState()).toBe(false);
    expect(ids()).toEqual([GLOW, PLAIN]);
  });
});
