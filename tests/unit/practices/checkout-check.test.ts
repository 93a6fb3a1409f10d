import { checkTicket, type TicketCertificate } from '../../../server/practices/checkout-check';
import type { TreatmentLineItem } from '../../../event-schemas/treatment-recorded';

const line = (quantity: number, pointsPerUnit = 2): TreatmentLineItem => ({
  productId: 1,
  productName: 'Neuromodulator',
  category: 'TREATMENT',
  brand: 'BRAND_A',
  msrpPerUnit: 14,
  pointsPerUnit,
  quantity,
  isPriviPlan: false,
  injector: { firstName: '', lastName: '' },
});
const certificate = (
  code: string,
  over: {
    category?: Partial<NonNullable<TicketCertificate['presented']['category']>>;
    nullify?: boolean;
    usedOn?: string;
    status?: 'ACTIVE' | 'VOID';
    expires?: string;
    issuedOn?: string;
  } = {},
): TicketCertificate => ({
  standing: { status: over.status ?? 'ACTIVE', expirationDate: over.expires ?? '2027-01-31', usedOn: over.usedOn ?? null },
  presented: {
    code,
    amount: 25,
    issuedOn: over.issuedOn ?? '2026-11-01',
    category: { code: 'GLOW', name: 'Glow', quantityInOneTreatment: null, daysToRestrictRedemption: 0, criteria: null, ...over.category },
  },
  redeemed: { code, name: 'Glow', amount: 25, certificateCategoryType: null, categoryCode: 'GLOW', nullifyAwards: over.nullify ?? false },
});
const check = (certificates: TicketCertificate[], chosen: string[], more: Partial<Parameters<typeof checkTicket>[0]> = {}) =>
  checkTicket({ certificates, chosen, lineItems: [line(10)], dateOfService: '2026-12-01', admittedBy: () => true, partnerDailyLimit: 500, ...more });

describe('the desk’s ticket, checked before it is recorded', () => {
  it('given a category of one a treatment, when one is chosen, then the other says why it cannot join and the chosen one still applies', () => {
    const one = { quantityInOneTreatment: 1 };
    const r = check([certificate('A', { category: one }), certificate('B', { category: one })], ['A']);
    expect(r.certificates.map((c) => [c.code, c.chosen, c.applies, c.reasons])).toEqual([
      ['A', true, true, []],
      ['B', false, false, ['it is one Glow certificate more than one treatment may redeem (at most 1)']],
    ]);
  });

  it('says each other reason in the rule’s words: used, voided, expired by the date of service, not yet active, criteria unmet', () => {
    const r = check(
      [
        certificate('USED', { usedOn: '2026-11-20' }),
        certificate('VOID', { status: 'VOID' }),
        certificate('OLD', { expires: '2026-11-30' }),
        certificate('NEW', { category: { daysToRestrictRedemption: 10 }, issuedOn: '2026-11-25' }),
        certificate('GATED', { category: { criteria: { operator: 'AND', conditions: [] } as never } }),
      ],
      [],
      { admittedBy: (criteria) => criteria === null },
    );
    expect(Object.fromEntries(r.certificates.map((c) => [c.code, c.reasons]))).toEqual({
      USED: ['was already used on a treatment of 2026-11-20'],
      VOID: ['is voided: it cannot be used'],
      OLD: ['expired on 11/30/2026, before the date of service'],
      NEW: ['cannot be redeemed before 12/05/2026, 10 days after it was issued'],
      GATED: ['the patient does not meet the redemption criteria of the $25 Glow certificate'],
    });
    expect(r.certificates.every((c) => !c.applies)).toBe(true);
  });

  it('earns what the record will say: the capped figure, and nothing with a chosen certificate that restricts earnings', () => {
    expect(check([certificate('A')], [], { lineItems: [line(10)] }).expectedPoints).toBe(20);
    expect(check([certificate('A')], [], { lineItems: [line(600)] }).expectedPoints).toBe(1000);
    const restricting = check([certificate('R', { nullify: true })], ['R']);
    expect(restricting.expectedPoints).toBe(0);
    expect(restricting.certificates[0].note).toMatch(/earns no points/);
    // Chosen but not applying (recording would refuse it), it does not lower the figure shown.
    expect(check([certificate('R', { nullify: true, status: 'VOID' })], ['R']).expectedPoints).toBe(20);
  });
});
