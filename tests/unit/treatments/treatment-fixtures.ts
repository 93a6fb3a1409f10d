import type { MemberEvent } from '../../../event-schemas';
import type { RedeemedCertificate, TreatmentLineItem } from '../../../event-schemas/treatment-recorded';
import type { EarnTreatmentPoints } from '../../../server/treatments/earn-treatment-points';
import { earnTreatmentPoints } from '../../../server/treatments/earn-treatment-points';
import { fold } from '../../../server/core/decider';

export const PAX = 7;
export const T1 = '11111111-1111-4111-8111-111111111111';
export const T2 = '22222222-2222-4222-8222-222222222222';
export const T3 = '33333333-3333-4333-8333-333333333333';

export const line = (category: 'TREATMENT' | 'PARTNER', quantity: number, pointsPerUnit: number): TreatmentLineItem => ({
  productId: category === 'TREATMENT' ? 1 : 5,
  productName: `${category} product`,
  category,
  brand: 'BRAND_A',
  msrpPerUnit: 10,
  pointsPerUnit,
  quantity,
  isPriviPlan: false,
  injector: { firstName: 'Ina', lastName: 'Injector' },
});

export const certificate = (nullifyAwards: boolean): RedeemedCertificate => ({
  code: nullifyAwards ? 'COURTESY-1' : 'REWARD-1',
  name: 'A certificate',
  amount: 50,
  certificateCategoryType: null,
  categoryCode: nullifyAwards ? 'courtesy' : 'reward',
  nullifyAwards,
});

export const earn = (treatmentId: string, lineItems: TreatmentLineItem[], over: Partial<EarnTreatmentPoints> = {}): EarnTreatmentPoints => ({
  treatmentId,
  paxId: PAX,
  dateOfService: '2026-05-01',
  lineItems,
  redeemedCertificates: [],
  expectedPoints: 0,
  today: '2026-05-02',
  expiryMonths: 12,
  partnerDailyLimit: 500,
  ...over,
});

/** Decides and folds in one go, as the member stream would after a successful append. */
export const given = (...events: MemberEvent[]) => fold(earnTreatmentPoints.evolve, earnTreatmentPoints.initialState, events);
