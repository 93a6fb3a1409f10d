import type { SyntheticCatalogue } from '../../server/seed/synthetic/catalogue';

/** A small programme's catalogue for the synthetic generator's pure tests (no database): the demo's settings and items. */
export const testCatalogue: SyntheticCatalogue = {
  today: '2026-11-26',
  settings: {
    timeZone: 'America/Los_Angeles',
    pointsExpiryMonths: 12,
    partnerDailyPointsLimit: 500,
    redemptionDivisor: 10,
    welcomeCertificateCategory: 'WELCOME',
  },
  practice: { practiceId: 1, apiKeyId: 1 },
  products: [
    { id: 1, name: 'Brand A Neuromodulator (per unit)', brand: 'BRAND_A', category: 'TREATMENT', msrpPerUnit: 14, pointsPerUnit: 2 },
    { id: 2, name: 'Brand A Dermal Filler (per syringe)', brand: 'BRAND_A', category: 'TREATMENT', msrpPerUnit: 750, pointsPerUnit: 100 },
    { id: 3, name: 'Brand B Neuromodulator (per unit)', brand: 'BRAND_B', category: 'TREATMENT', msrpPerUnit: 13, pointsPerUnit: 2 },
    { id: 5, name: 'Brand A Partner Skincare Serum', brand: 'BRAND_A', category: 'PARTNER', msrpPerUnit: 120, pointsPerUnit: 10 },
  ],
  adminId: 1,
  welcome: { code: 'WELCOME', name: 'Welcome Certificate', amount: 20, expirationDays: 90 },
  survey: { id: 1, name: 'Your Treatment Experience', points: 50, fromDate: '2026-06-01', answers: [{ questionId: 1, answerIds: [1], userResponse: null }] },
  promotion: undefined,
  gift: { code: 'ASPIRE_GIFT', name: '$25 Aspire Gift Certificate', amount: 25, price: 250 },
};
