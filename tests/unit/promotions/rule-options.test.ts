import { productTree } from '../../../server/promotions/rule-options';

describe('productTree (the products a payout rule may name)', () => {
  it('groups products by category, then brand (with its display name), products in id order', () => {
    const tree = productTree([
      { id: 7, name: 'Filler Plus', category: 'TREATMENT', brand: 'BRAND_B' },
      { id: 3, name: 'Neuro 100', category: 'TREATMENT', brand: 'BRAND_A' },
      { id: 1, name: 'Neuro 50', category: 'TREATMENT', brand: 'BRAND_A' },
      { id: 9, name: 'Serum', category: 'PARTNER', brand: 'BRAND_A' },
    ]);
    expect(tree).toEqual([
      {
        id: 'TREATMENT',
        name: 'Treatments',
        children: [
          {
            id: 'TREATMENT/BRAND_A',
            name: 'Brand A Aesthetics',
            products: [
              { id: 1, name: 'Neuro 50' },
              { id: 3, name: 'Neuro 100' },
            ],
          },
          { id: 'TREATMENT/BRAND_B', name: 'Brand B Dermal', products: [{ id: 7, name: 'Filler Plus' }] },
        ],
      },
      { id: 'PARTNER', name: 'Partner products', children: [{ id: 'PARTNER/BRAND_A', name: 'Brand A Aesthetics', products: [{ id: 9, name: 'Serum' }] }] },
    ]);
  });

  it('leaves out a category with no products', () => {
    expect(productTree([{ id: 2, name: 'Neuro 50', category: 'TREATMENT', brand: 'BRAND_A' }]).map((n) => n.id)).toEqual(['TREATMENT']);
    expect(productTree([])).toEqual([]);
  });
});
