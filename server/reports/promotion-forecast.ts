import { decodeStreamEvent, promotionStream, type PromotionEvent, type PublishedForecast } from '../../event-schemas';
import { dateIn } from '../../event-schemas/calendar';
import { issuedCertificateTerms } from '../certificate-categories/category-repository';
import type { Deps } from '../deps';
import { forecast } from '../promotions/forecast';
import { evolvePromotion, initialPromotionState, type PromotionState } from '../promotions/promotion-state';

export interface ForecastAtPublication {
  /** The programme day it was published: the forecast is replayed as of that day, on the rules published. */
  publishedOn: string;
  /** True when the forecast was recorded with the publication; false when replayed now (published before that was kept). */
  recorded: boolean;
  members: number;
  treatments: number;
  points: number;
  certificates: number;
  cost: number;
}

/**
 * The promotion's forecast at its first publication (its first move to ACTIVE): as recorded then, with the event. A
 * promotion published before forecasts were recorded gets its rules replayed as of that day instead, on the processed
 * treatments as they are now (treatments of the window processed after that day count too). Null when never published.
 */
export async function forecastAtPublication(deps: Deps, promotionId: string, pointValue: (points: number) => number): Promise<ForecastAtPublication | null> {
  let state: PromotionState = initialPromotionState;
  let publishedOn: string | null = null;
  let recorded: PublishedForecast | undefined;
  for (const stored of await deps.store.readStream(promotionStream(promotionId))) {
    const { event, metadata } = decodeStreamEvent<PromotionEvent>(stored.streamName, stored.type, stored.data, stored.metadata);
    state = evolvePromotion(state, event);
    if (event.type === 'PromotionStatusChanged' && event.data.to === 'ACTIVE') {
      publishedOn = dateIn(deps.settings.timeZone, new Date(metadata.occurredAt));
      recorded = event.data.forecast;
      break;
    }
  }
  if (state.kind !== 'created' || publishedOn === null) return null;
  if (recorded) {
    const r = recorded;
    const cost = Math.round((pointValue(r.points) + r.certificates * (r.certificateValue ?? 0)) * 100) / 100;
    return { publishedOn, recorded: true, members: r.members, treatments: r.treatments, points: r.points, certificates: r.certificates, cost };
  }
  // A certificate award is counted at its category's value now (as the wizard's forecast counts it).
  const code = state.payoutAndRules.awardType === 'CERTIFICATE' ? state.certificateCategoryCode : null;
  const value = code ? ((await issuedCertificateTerms(deps.pool, code))?.amount ?? null) : null;
  const f = await forecast(deps.pool, state, publishedOn, value);
  return {
    publishedOn,
    recorded: false,
    members: f.members,
    treatments: f.treatments,
    points: f.points,
    certificates: f.certificates,
    cost: Math.round((pointValue(f.points) + f.certificates * (value ?? 0)) * 100) / 100,
  };
}
