import { DEMO } from '../../../server/seed/demo';
import { matchingMembersSql } from '../../../server/participants/search-participants';
import { startTestServer, type TestServer } from '../../support/test-server';
import { quickMember } from './fixtures';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let member: { token: string; paxId: number };
const zed: { paxId: number; email: string }[] = [];

const search = (query: string, token = admin.token) => s.call('GET', `/api/rest/admin/participants${query}`, { token });
const names = (body: { items: { firstName: string; lastName: string }[] }) => body.items.map((i) => `${i.firstName} ${i.lastName}`);

beforeAll(async () => {
  s = await startTestServer();
  [admin, member] = await Promise.all([s.login(DEMO.admin.email), s.login(DEMO.member.email)]);
  // Five members sharing a rare last-name prefix, made in an order unlike the name order the search answers in.
  for (const firstName of ['Eve', 'Ann', 'Dan', 'Cy', 'Bo']) zed.push(await quickMember(s, { firstName, lastName: 'Zedlander' }));
});
afterAll(() => s.stop());

describe('GET /api/rest/admin/participants', () => {
  it('finds a member by a first or last name prefix in any case, with their contacts', async () => {
    const byFirst = await search('?search=morg');
    expect(byFirst.status).toBe(200);
    expect(byFirst.body).toEqual({
      items: [
        {
          paxId: member.paxId,
          firstName: 'Morgan',
          lastName: 'Member',
          email: DEMO.member.email,
          postalCode: '92612',
          isAdmin: false,
          enrolledAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/),
        },
      ],
      page: 0,
      size: 20,
      totalElements: 1,
    });
    expect(names((await search('?search=MEMB')).body)).toEqual(['Morgan Member']);
    expect(names((await search('?search=Morgan%20Mem')).body)).toEqual(['Morgan Member']);
    expect(names((await search('?search=member%20mo')).body)).toEqual(['Morgan Member']);
  });

  it('matches names by prefix only, never in the middle, and treats % and _ as letters', async () => {
    expect((await search('?search=organ')).body.totalElements).toBe(0);
    expect((await search('?search=%25')).body.totalElements).toBe(0);
    expect((await search('?search=M_rgan')).body.totalElements).toBe(0);
  });

  it('finds a member by an e-mail prefix in any case, and an admin too', async () => {
    const r = await search(`?search=${encodeURIComponent(zed[2].email.slice(0, 14).toUpperCase())}`);
    expect(r.body.items.map((i: { paxId: number }) => i.paxId)).toEqual([zed[2].paxId]);
    const admins = await search('?search=admin@EXAMPLE');
    expect(admins.body.items).toEqual([expect.objectContaining({ paxId: admin.paxId, isAdmin: true, email: DEMO.admin.email })]);
  });

  it('finds a member by paxId exactly, not by its digits as a prefix', async () => {
    const r = await search(`?search=${zed[0].paxId}`);
    expect(r.body.items.map((i: { paxId: number }) => i.paxId)).toEqual([zed[0].paxId]);
    expect((await search('?search=99999999')).body).toEqual({ items: [], page: 0, size: 20, totalElements: 0 });
  });

  it('pages through the matches ordered by last then first name, counting them all', async () => {
    const pages = await Promise.all([0, 1, 2].map((page) => search(`?search=zedl&page=${page}&size=2`)));
    expect(pages.map((p) => names(p.body))).toEqual([['Ann Zedlander', 'Bo Zedlander'], ['Cy Zedlander', 'Dan Zedlander'], ['Eve Zedlander']]);
    for (const [i, p] of pages.entries()) expect(p.body).toMatchObject({ page: i, size: 2, totalElements: 5 });
    expect((await search('?search=zedl&page=9&size=2')).body).toEqual({ items: [], page: 9, size: 2, totalElements: 5 });
  });

  it('answers an empty search with no one rather than every member', async () => {
    expect((await search('?search=%20%20')).body).toEqual({ items: [], page: 0, size: 20, totalElements: 0 });
    expect((await search('')).body.totalElements).toBe(0);
  });

  it.each([
    ['?search=a&page=-1', 'query.page'],
    ['?search=a&page=x', 'query.page'],
    ['?search=a&size=0', 'query.size'],
    ['?search=a&size=101', 'query.size'],
    ['?search=a&size=2.5', 'query.size'],
    [`?search=${'a'.repeat(101)}`, 'query.search'],
    ['?search=a&search=b', 'query.search'],
  ])('answers 400 problem details naming the field for %s', async (query, path) => {
    const r = await search(query);
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(r.body.errors).toEqual([{ path, message: expect.any(String) }]);
  });

  it('answers 403 to a member and 401 to an anonymous caller', async () => {
    const forbidden = await search('?search=morgan', member.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.type).toMatch(/\/forbidden$/);
    const anonymous = await s.call('GET', '/api/rest/admin/participants?search=morgan');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.type).toMatch(/\/unauthorized$/);
  });

  it('is backed by prefix indexes on the names and e-mail addresses', async () => {
    const r = await s.runtime.deps.pool.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE indexname IN ('participants_last_name_search', 'participants_first_name_search', 'participant_emails_address_prefix') ORDER BY indexname`,
    );
    expect(r.rows.map((i) => i.indexname)).toEqual(['participant_emails_address_prefix', 'participants_first_name_search', 'participants_last_name_search']);
    for (const i of r.rows) expect(i.indexdef).toMatch(/lower\(.+\) text_pattern_ops/);
    // The names carry what a match answers, so a broad prefix is read from the index alone (issue 24: 135 ms to 32 ms
    // for 39,000 matches among a million members).
    // Only members not erased: the search skips the others, and would otherwise visit the table to tell them apart.
    for (const i of r.rows.filter((row) => row.indexname.startsWith('participants_')))
      expect(i.indexdef).toMatch(/INCLUDE \(pax_id, last_name, first_name\) WHERE \(erased_at IS NULL\)/);
  });

  it('reads name matches from the indexes without visiting the table', async () => {
    const db = await s.runtime.deps.pool.connect();
    try {
      await db.query('VACUUM participants');
      // Sequential and bitmap scans would be cheaper on a table this small; forbidding them asks the planner whether an
      // index-only plan exists at all, which is what a million members need.
      await db.query('SET enable_seqscan = off; SET enable_bitmapscan = off');
      const m = matchingMembersSql('Mor');
      const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${m.sql}`, m.values);
      const lines = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(lines).toMatch(/Index Only Scan using participants_last_name_search/);
      expect(lines).toMatch(/Index Only Scan using participants_first_name_search/);
    } finally {
      await db.query('RESET enable_seqscan; RESET enable_bitmapscan');
      db.release();
    }
  });
});
