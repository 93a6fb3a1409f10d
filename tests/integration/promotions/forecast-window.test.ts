import { randomUUID } from 'node:crypto';
import { addDays } from '../../../event-schemas/calendar';
import { forecast, replayPayouts, visitProcessedTreatments, type ForecastTreatment } from '../../../server/promotions/forecast';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';
import { NEUROMODULATOR, FILLER, rule, tier } from '../../unit/promotions/payout-fixtures';
import { blankFacts } from '../../../server/promotions/wizard-record';

/**
 * The forecast reads its window a few days at a time, each chunk sorted by PostgreSQL, and replays each as it arrives
 * (issue 24: a million members' 90 days in under 2 s). These tests hold the chunked read to the order and the rows of one
 * whole query, on a window whose chunks cut through busy days, members with several treatments a day, and unprocessed
 * rows, so a chunk boundary that lost, doubled or reordered a treatment would fail them.
 */
let db: TestDatabase;
const TODAY = '2026-06-30';
const FROM = addDays(TODAY, -89);

beforeAll(async () => {
  db = await createTestDatabase();
  // 4,000 treatments over 100 days (some before the window), 60 members, so many member-days hold several.
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const rows = Array.from({ length: 4000 }, () => [
    randomUUID(),
    1 + next(60),
    addDays(TODAY, -next(100)),
    JSON.stringify([{ productId: next(3) ? NEUROMODULATOR : FILLER, quantity: 1 + next(30) }]),
    next(10) !== 0,
  ]);
  await db.pool.query(
    `INSERT INTO promotion_payout_treatments (treatment_id, pax_id, date_of_service, lines, processed)
     SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::date[], $4::jsonb[], $5::boolean[])`,
    [0, 1, 2, 3, 4].map((i) => rows.map((r) => r[i])),
  );
});
afterAll(() => db.drop());

/** The window as one query orders it: by day, member and treatment id. */
async function wholeWindow(): Promise<ForecastTreatment[]> {
  const r = await db.pool.query<{ pax_id: string; date_of_service: string; lines: ForecastTreatment['lines'] }>(
    `SELECT pax_id, date_of_service::text, lines FROM promotion_payout_treatments
      WHERE processed AND date_of_service BETWEEN $1 AND $2 ORDER BY date_of_service, pax_id, treatment_id`,
    [FROM, TODAY],
  );
  return r.rows.map((row) => ({ paxId: Number(row.pax_id), dateOfService: row.date_of_service, lines: row.lines }));
}

describe('the forecast’s window, read a few days at a time', () => {
  it('visits every processed treatment of the window once, in the order of one whole query', async () => {
    const visited: ForecastTreatment[] = [];
    await visitProcessedTreatments(
      db.pool,
      FROM,
      TODAY,
      Promise.resolve((paxId, dateOfService, lines) => visited.push({ paxId, dateOfService, lines })),
    );
    const whole = await wholeWindow();
    expect(whole.length).toBeGreaterThan(2500);
    expect(visited).toEqual(whole);
  });

  it('forecasts what a replay of the whole window pays, with the daily cap cutting into busy member-days', async () => {
    const facts = {
      ...blankFacts('9b1c2d3e-4f50-4a6b-8c7d-8e9f0a1b2c3d'),
      fromDate: addDays(TODAY, 10),
      thruDate: addDays(TODAY, 40),
      payoutAndRules: {
        ...blankFacts('9b1c2d3e-4f50-4a6b-8c7d-8e9f0a1b2c3d').payoutAndRules,
        awardType: 'POINT' as const,
        rewardDailyCap: 45,
        rules: [
          rule({ metricIds: [NEUROMODULATOR], tiers: [tier(10, { award: 2 })] }),
          rule({ ruleId: 'r2', metricIds: [FILLER], tiers: [tier(5, { award: 30, payMethod: 'flat' })] }),
        ],
      },
    };
    const expected = replayPayouts(facts, await wholeWindow(), () => true, null);
    const got = await forecast(db.pool, facts, TODAY, null);
    expect(got).toEqual({ from: FROM, to: TODAY, lookback: true, ...expected });
    // The cap bites: some member-days would have paid more without it.
    const uncapped = replayPayouts({ payoutAndRules: { ...facts.payoutAndRules, rewardDailyCap: null } }, await wholeWindow(), () => true, null);
    expect(uncapped.points).toBeGreaterThan(got.points);
    expect(got.treatments).toBeGreaterThan(500);
  });
});
