import type { EventOfType } from '../../event-schemas';
import type { TreatmentDetail } from '../../event-schemas/contract/activity';
import type { Answers } from '../../event-schemas/contract/wire-checks';
import type { LineAward } from '../../event-schemas/treatment-points-computed';
import type { TreatmentLineItem, RedeemedCertificate } from '../../event-schemas/treatment-recorded';

interface DetailLine {
  quantity: number;
  product: { name: string; category: string; brand: string; msrpPerUnit: number };
  isPriviPlan: boolean;
  injector: { firstName: string; lastName: string };
  award: { amount: number; expirationDate: string | null } | null;
}

/** The spec's "Activity detail (treatment)" as recorded; awards are filled in when the treatment is processed. */
export const recordedDetail = (d: {
  hcpName: string;
  status: string;
  dateOfService: string;
  lineItems: TreatmentLineItem[];
  redeemedCertificates: RedeemedCertificate[];
  expectedPoints: number;
}) => ({
  hcpName: d.hcpName,
  treatmentStatus: d.status,
  dateOfService: d.dateOfService,
  treatmentLineItems: d.lineItems.map((l): DetailLine => ({
    quantity: l.quantity,
    product: { name: l.productName, category: l.category, brand: l.brand, msrpPerUnit: l.msrpPerUnit },
    isPriviPlan: l.isPriviPlan,
    injector: l.injector,
    award: null,
  })),
  redeemedCertificates: d.redeemedCertificates.map((c) => ({
    amount: c.amount,
    name: c.name,
    code: c.code,
    certificateCategoryType: c.certificateCategoryType,
  })),
  // Filled in as promotions pay for the treatment (promotionAward below).
  promotionAwards: [],
  expectedPoints: d.expectedPoints,
  whyNoPoints: [] as string[],
});
/** The detail as recorded is the contract's detail (event-schemas/contract/activity.ts): the activity summary reads it. */
export type RecordedDetailAnswer = Answers<ReturnType<typeof recordedDetail>, TreatmentDetail>;

export const awardLines = (detail: Record<string, unknown>, awards: readonly LineAward[]): DetailLine[] =>
  ((detail.treatmentLineItems as DetailLine[] | undefined) ?? []).map((line, i) => {
    const a = awards.find((x) => x.lineIndex === i);
    return { ...line, award: a ? { amount: a.awarded, expirationDate: a.expirationDate } : line.award, ...(a?.cutReason ? { cutReason: a.cutReason } : {}) };
  });

type PromotionAwardItem = NonNullable<TreatmentDetail['promotionAwards']>[number] & {
  promotion: { id: string };
  certificate?: { certificateId: string; name: string };
};

/** The member spec's promotionAwards item, with the rule and units that paid, so the member sees why. */
export const promotionAward = (d: EventOfType<'PromotionAwardEarned'>['data']): PromotionAwardItem => ({
  awardType: d.awardType,
  certificateType: 'HCP' as const,
  promotion: { id: d.promotionId, name: d.promotionName },
  award: { amount: d.amount, expirationDate: d.expirationDate },
  ruleName: d.ruleName,
  units: d.units,
  ...(d.certificate ? { certificate: { certificateId: d.certificate.certificateId, name: d.certificate.name } } : {}),
});
