import { catchUp, readCheckpoint, resetProjection } from '../../../projections/runner';
import { comparePositions } from '../../../event-schemas/store/position';
import { settingsFromEnv } from '../../../server/config';
import { patientEventOffers } from '../../../server/campaigns';
import { DEMO } from '../../../server/seed/demo';
import { eventually } from '../../support/event-store-contract';
import { startTestServer, type TestServer } from '../../support/test-server';
import { lineItem, postTreatment, seededProducts, settled, treatmentBody, type SeededProducts } from '../treatments/treatment-helpers';
import { activeCampaign, createCampaign, offerStreams } from './campaign-helpers';
import { committedHead } from '../../support/committed-head';

jest.setTimeout(90_000);
let s: TestServer;
let admin: string;
let products: SeededProducts;
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = (await s.login(DEMO.admin.email)).token;
  products = await seededProducts(s, admin);
});
afterAll(() => s.stop());

const settings = settingsFromEnv();
const process = (name = 'patient-event-offers') => ({
  ...patientEventOffers({ pool: s.runtime.deps.pool, store: s.runtime.deps.store, settings, now: () => new Date(), log: () => undefined }),
  name,
});

/** Records a treatment for a member and runs the processing job, which writes TreatmentProcessed. */
async function treat(paxId: number) {
  const posted = await postTreatment(s, treatmentBody(paxId, [lineItem(products.treatment.id, 10)]));
  expect(posted.status).toBe(202);
  await settled(s, posted);
  expect((await s.call('POST', '/api/rest/admin/jobs/process-treatments', { token: admin, body: {} })).status).toBe(200);
}

/** Waits until the server's own patient-event process has passed everything written so far, so "no offer" means something. */
async function processDone() {
  const head = await committedHead(s.runtime.deps.pool);
  if (!head) return;
  await eventually(async () => {
    const at = (await readCheckpoint(s.runtime.deps.pool, 'patient-event-offers')).position;
    expect(at !== 'start' && comparePositions(at, head) >= 0).toBe(true);
  }, 15_000);
}

async function countsOf(campaignId: number) {
  const r = await s.call('GET', '/api/rest/dr-campaigns/offer-counts', { token: admin });
  expect(r.status).toBe(200);
  return (r.body as { campaignId: number; issued: number; claimed: number; patientEvents: number; reminded: number }[]).find(
    (c) => c.campaignId === campaignId,
  );
}

describe('patient-event campaigns', () => {
  it('issue their offer once per member when a treatment is processed, through replays and concurrent followers', async () => {
    const id = await createCampaign(s, admin, activeCampaign({ isPatientEvent: true }));
    const member = await s.enroll();
    await processDone();
    expect(await offerStreams(s, member.paxId)).toBe(0);

    await treat(member.paxId);
    await eventually(async () => expect(await offerStreams(s, member.paxId)).toBe(1));
    await eventually(async () => expect(await countsOf(id)).toEqual({ campaignId: id, issued: 1, claimed: 0, patientEvents: 1, reminded: 0 }));

    await treat(member.paxId);
    await processDone();
    expect(await offerStreams(s, member.paxId)).toBe(1);

    // A replay from the start of the log (a lost checkpoint), then two followers at once without a shared checkpoint.
    await resetProjection(s.runtime.deps.pool, process());
    await catchUp(s.runtime.deps.pool, s.runtime.deps.store, process());
    await Promise.all([
      catchUp(s.runtime.deps.pool, s.runtime.deps.store, process('patient-twin-a')),
      catchUp(s.runtime.deps.pool, s.runtime.deps.store, process('patient-twin-b')),
    ]);
    expect(await offerStreams(s, member.paxId)).toBe(1);
    expect(await countsOf(id)).toEqual({ campaignId: id, issued: 1, claimed: 0, patientEvents: 1, reminded: 0 });
  });

  it('issue nothing outside the campaign’s group, for a draft or a campaign that is not a patient event', async () => {
    const group = await s.call('POST', '/api/rest/participants/search', {
      token: admin,
      body: {
        name: 'Patients in 10001',
        logicalExpression: {
          logicalOperatorCode: 'AND',
          comparisonExpressions: [{ fieldCode: 'postalCode', comparisonOperatorCode: 'EQ', values: ['10001'] }],
          logicalExpressions: [],
        },
      },
    });
    expect(group.status).toBe(201);
    const grouped = await createCampaign(s, admin, activeCampaign({ isPatientEvent: true, groupId: group.body.id }));
    const draft = await createCampaign(s, admin, { ...activeCampaign({ isPatientEvent: true }), statusTypeCode: 'DRAFT' });
    const linkOnly = await createCampaign(s, admin, activeCampaign());
    const irvine = await s.enroll({ postalCode: '92612' });
    const newYork = await s.enroll({ postalCode: '10001' });
    await treat(irvine.paxId);
    await treat(newYork.paxId);
    await processDone();
    // The counts come from the certificates read model, which follows the log moments later.
    await eventually(async () => expect((await countsOf(grouped))?.patientEvents).toBe(1));
    expect((await countsOf(draft))?.issued).toBe(0);
    expect((await countsOf(linkOnly))?.issued).toBe(0);
    // The first test's campaign (everyone) gave each of them one offer; the grouped one only the New York member.
    expect(await offerStreams(s, irvine.paxId)).toBe(1);
    expect(await offerStreams(s, newYork.paxId)).toBe(2);
  });
});
