import * as t from 'io-ts';
import { BRANDS, type Product } from '../products/product-repository';
import type { AcceptedBody } from '../../event-schemas/contract/wire-checks';
import type { ProductTreeNode as WireTreeNode, RuleOption as WireRuleOption } from '../../event-schemas/contract/promotions';

/** A choice the payout-and-rules step offers, with the label an administrator reads (never the raw code alone). */
export const RuleOption = t.type({ code: t.string, description: t.string });
type RuleOption = WireRuleOption;

/** CONTRACT.md: a rule measures the units of the products it names, so UNITS is the one measure today. */
export const measureTypeOptions: RuleOption[] = [{ code: 'UNITS', description: 'Units of the named products' }];

/** CONTRACT.md: POINT pays an award lot; CERTIFICATE issues a certificate of the promotion's category. */
export const awardTypeOptions: RuleOption[] = [
  { code: 'POINT', description: 'Points' },
  { code: 'CERTIFICATE', description: 'Certificate' },
];

const categoryNames: Record<Product['category'], string> = { TREATMENT: 'Treatments', PARTNER: 'Partner products' };

export const ProductTreeNode = t.type({
  id: t.string,
  name: t.string,
  children: t.array(t.type({ id: t.string, name: t.string, products: t.array(t.type({ id: t.number, name: t.string })) })),
});
export type ProductTreeNode = WireTreeNode;
/** The tree's codec (its OpenAPI schema) accepts the contract's node. */
export type ProductTreeNodeAccepted = AcceptedBody<typeof ProductTreeNode, WireTreeNode>;

/**
 * The product tree a rule's metricIds pick from: category, then brand, then the products themselves. Pure, so the
 * grouping is tested without a database; retired products are left to the caller (they cannot be earned on).
 */
export function productTree(products: Pick<Product, 'id' | 'name' | 'category' | 'brand'>[]): ProductTreeNode[] {
  const tree: ProductTreeNode[] = [];
  for (const category of Object.keys(categoryNames) as Product['category'][]) {
    const inCategory = products.filter((p) => p.category === category);
    if (!inCategory.length) continue;
    const brands = [...new Set(inCategory.map((p) => p.brand))].sort();
    tree.push({
      id: category,
      name: categoryNames[category],
      children: brands.map((brand) => ({
        id: `${category}/${brand}`,
        name: BRANDS[brand as keyof typeof BRANDS] ?? brand,
        products: inCategory
          .filter((p) => p.brand === brand)
          .sort((a, b) => a.id - b.id)
          .map((p) => ({ id: p.id, name: p.name })),
      })),
    });
  }
  return tree;
}
