import type { PublishedForecast } from '../../event-schemas';
import { issuedCertificateTerms } from '../certificate-categories/category-repository';
import type { Deps } from '../deps';
import { forecast } from './forecast';
import type { PromotionFacts } from './promotion-state';

/**
 * The forecast the wizard would show for these facts today, to be recorded with their publication (on the
 * PromotionStatusChanged to ACTIVE): the promotion results report then sets what was paid against what was promised
 * when it was published. A certificate award counts at its category's value today, as the wizard's forecast does.
 */
export async function forecastToRecord(deps: Pick<Deps, 'pool'>, facts: PromotionFacts, today: string): Promise<PublishedForecast> {
  const code = facts.payoutAndRules.awardType === 'CERTIFICATE' ? facts.certificateCategoryCode : null;
  const certificateValue = code ? ((await issuedCertificateTerms(deps.pool, code))?.amount ?? null) : null;
  const f = await forecast(deps.pool, facts, today, certificateValue);
  return {
    from: f.from,
    to: f.to,
    lookback: f.lookback,
    members: f.members,
    treatments: f.treatments,
    points: f.points,
    certificates: f.certificates,
    certificateValue,
  };
}
