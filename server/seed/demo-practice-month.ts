import { addDays } from '../../event-schemas/calendar';
import type { Caller } from '../auth/caller';
import type { Call, Step } from './demo-history';
import { DEMO } from './demo';

/** The demo practice's other patients: enrolled through the portal, each with a reward certificate to bring. */
const PATIENTS = [
  { firstName: 'Jordan', lastName: 'Lee', postalCode: '92618', dateOfBirth: '1985-03-14' },
  { firstName: 'Casey', lastName: 'Nguyen', postalCode: '92660', dateOfBirth: '1991-08-02' },
  { firstName: 'Drew', lastName: 'Alvarez', postalCode: '92612', dateOfBirth: '1979-11-23' },
  { firstName: 'Quinn', lastName: 'Foster', postalCode: '92620', dateOfBirth: '1994-05-30' },
  { firstName: 'Reese', lastName: 'Shah', postalCode: '92614', dateOfBirth: '1988-01-09' },
] as const;

/**
 * A visit: which patient, when, how many units of which treatment product, and whether their reward certificate is
 * applied. Days are chosen so every visit the nightly job processes lies before the demo member's pending treatment
 * (3 days ago), which must stay pending; the last two stay pending too. The visit of 15 days ago is voided the next
 * day (recorded for the wrong patient), so the statement nets a void.
 */
const VISITS = [
  { patient: 0, daysAgo: 28, units: 24, product: 0, certificate: true },
  { patient: 1, daysAgo: 22, units: 1, product: 1, certificate: true },
  { patient: 2, daysAgo: 15, units: 30, product: 0, certificate: true },
  { patient: 3, daysAgo: 9, units: 20, product: 2, certificate: true },
  { patient: 0, daysAgo: 6, units: 12, product: 0, certificate: false },
  { patient: 4, daysAgo: 2, units: 1, product: 3, certificate: true },
  { patient: 2, daysAgo: 1, units: 16, product: 2, certificate: false },
] as const;
const VOIDED_VISIT_DAYS_AGO = 15;

const anonymous: Caller = { kind: 'anonymous' };

/**
 * The steps of the demo practice's month, through the product's routes like the rest of the demo's history: its
 * patients enroll, check in, are checked out with their certificates, a mistake is voided, and the nightly job runs
 * after each processed visit. The practice's statement for this month and the last has lines to show.
 */
export function practiceMonthSteps(c: { today: string; practice: Caller; admin: Caller; treatment: readonly number[] }): Step[] {
  const paxIds = new Map<number, number>();
  const treatmentIds = new Map<number, string>();
  const rewardCodes = new Map<number, string>();
  const enroll = (i: number, daysAgo: number): Step => ({
    daysAgo,
    // Logged as the seed runs: a patient by their place in the list, never by name (logs carry no member's name).
    what: `the demo practice's patient ${i + 1} of ${PATIENTS.length} enrolls`,
    run: async (call: Call) => {
      const p = PATIENTS[i];
      const reply = await call(
        'post',
        '/api/rest/enrollment',
        {
          body: {
            ...p,
            email: `${p.firstName}.${p.lastName}@example.com`.toLowerCase(),
            password: DEMO.password,
            termsAccepted: true,
          },
        },
        anonymous,
      );
      const paxId = (reply.body as { pax: { paxId: number } }).pax.paxId;
      paxIds.set(i, paxId);
      // A thank-you for joining at the practice, spent at once on a reward certificate the desk then accepts.
      await call(
        'post',
        '/api/rest/admin/participants/:paxId/points',
        { params: { paxId }, body: { amount: 150, description: 'Welcome from Harbor Aesthetics', idempotencyKey: `demo-practice-welcome-${i}` } },
        c.admin,
      );
      const patient: Caller = {
        kind: 'participant',
        paxId,
        firstName: p.firstName,
        lastName: p.lastName,
        isAdmin: false,
        impersonatorId: null,
        tokenHash: Buffer.alloc(0),
      };
      const redeemed = await call(
        'post',
        '/api/rest/participants/:paxId/points/redeem',
        { params: { paxId }, body: { amount: 100, type: 'CONSUMER' } },
        patient,
      );
      rewardCodes.set(i, (redeemed.body as { certificate: { code: string } }).certificate.code);
    },
  });
  const visit = (v: (typeof VISITS)[number]): Step => ({
    daysAgo: v.daysAgo,
    what: `a visit of patient ${v.patient + 1} at the demo practice`,
    run: async (call: Call) => {
      const paxId = paxIds.get(v.patient);
      if (paxId === undefined) throw new Error('the patient did not enroll');
      const code = v.certificate ? rewardCodes.get(v.patient) : undefined;
      const reply = await call(
        'post',
        '/api/rest/practice/treatments',
        {
          body: {
            externalId: `demo-desk-${v.daysAgo}-${v.patient}`,
            paxId,
            dateOfService: addDays(c.today, -v.daysAgo),
            hcpName: v.patient % 2 ? 'Dr. Morgan Reyes' : 'Dr. Avery Lane',
            lineItems: [{ productId: c.treatment[v.product % c.treatment.length], quantity: v.units, injector: { firstName: 'Jordan', lastName: 'Injector' } }],
            redeemedCertificateCodes: code ? [code] : [],
          },
        },
        c.practice,
      );
      treatmentIds.set(v.daysAgo, (reply.body as { treatmentId: string }).treatmentId);
    },
  });
  const nightly = (daysAgo: number): Step => ({
    daysAgo,
    what: 'the nightly processing of the practice’s visits',
    run: (call: Call) => call('post', '/api/rest/admin/jobs/process-treatments', {}, c.admin),
  });
  const firstVisit = new Map<number, number>();
  for (const v of VISITS) firstVisit.set(v.patient, Math.max(firstVisit.get(v.patient) ?? 0, v.daysAgo));
  return [
    ...[...firstVisit].map(([patient, daysAgo]) => enroll(patient, daysAgo + 2)),
    ...VISITS.map(visit),
    // Processed the night after each visit, but never after the demo member's pending treatment of 3 days ago.
    ...VISITS.filter((v) => v.daysAgo > 4).map((v) => nightly(v.daysAgo - 1)),
    {
      daysAgo: VOIDED_VISIT_DAYS_AGO - 1,
      what: 'a visit recorded for the wrong patient is voided',
      run: (call: Call) =>
        call(
          'post',
          '/api/rest/practice/treatments/:id/void',
          { params: { id: treatmentIds.get(VOIDED_VISIT_DAYS_AGO) }, body: { reason: 'Recorded for the wrong patient' } },
          c.practice,
        ),
    },
  ];
}
