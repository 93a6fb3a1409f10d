import type { Product } from './api';

/** The programme's caps a treatment's estimate shows (the server's earning rules decide the award). */
export const TREATMENT_POINTS_PER_DATE_CAP = 1000;
export const PARTNER_POINTS_PER_DAY_CAP = 500;

export interface TicketLine {
  productId: number | null;
  quantity: number;
}

/** What the ticket should earn, before it is recorded: treatment lines to their cap, partner lines to theirs. */
export function estimatePoints(lines: readonly TicketLine[], products: readonly Product[]): number {
  let treatment = 0;
  let partner = 0;
  for (const line of lines) {
    const product = products.find((p) => p.id === line.productId);
    if (!product || !(line.quantity > 0)) continue;
    if (product.category === 'TREATMENT') treatment += product.pointsPerUnit * line.quantity;
    else partner += product.pointsPerUnit * line.quantity;
  }
  return Math.min(treatment, TREATMENT_POINTS_PER_DATE_CAP) + Math.min(partner, PARTNER_POINTS_PER_DAY_CAP);
}
