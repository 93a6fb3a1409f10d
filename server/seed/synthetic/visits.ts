import type { TreatmentLineItem } from '../../../event-schemas/treatment-recorded';
import type { SyntheticProduct } from './catalogue';
import type { Random } from './random';

/* What a synthetic visit is: how often a member comes, who treats them, what is on the bill. */

/**
 * How often a member visits, per year: most come once or twice, a few every month or more. The mix gives about a dozen
 * events per member, with a long tail of members holding hundreds.
 */
export const visitsPerYear = (random: Random): number => {
  const r = random.next();
  if (r < 0.5) return 0.5;
  if (r < 0.8) return 1.5;
  if (r < 0.95) return 4;
  if (r < 0.99) return 10;
  return 40;
};

export const HCP_NAMES = ['Dr. Avery Lane', 'Dr. Morgan Reyes', 'Dr. Priya Shah', 'Dr. Lucas Bennett', 'Dr. Hana Okafor', 'Dr. Diego Alvarez'];

/** A visit's lines: a neuromodulator or a filler of the member's usual brand, now and then a partner product too. */
export function visitLines(random: Random, products: readonly SyntheticProduct[], brand: string): TreatmentLineItem[] {
  const ofBrand = products.filter((p) => p.brand === brand);
  const pool = ofBrand.length ? ofBrand : products;
  const treatments = pool.filter((p) => p.category === 'TREATMENT');
  const partners = pool.filter((p) => p.category === 'PARTNER');
  const line = (p: SyntheticProduct, quantity: number): TreatmentLineItem => ({
    productId: p.id,
    productName: p.name,
    brand: p.brand as TreatmentLineItem['brand'],
    category: p.category,
    quantity,
    msrpPerUnit: p.msrpPerUnit,
    pointsPerUnit: p.pointsPerUnit,
    isPriviPlan: false,
    injector: { firstName: 'Jordan', lastName: 'Injector' },
  });
  const lines: TreatmentLineItem[] = [];
  if (treatments.length && (!partners.length || random.chance(0.9))) {
    const p = random.pick(treatments);
    // Per-unit products (a few points a unit) come in tens of units; per-syringe or per-vial ones one to three at a time.
    lines.push(line(p, p.pointsPerUnit <= 5 ? random.int(1, 8) * 10 : random.int(1, 3)));
  }
  if (partners.length && (lines.length === 0 || random.chance(0.15))) lines.push(line(random.pick(partners), random.int(1, 3)));
  return lines;
}
