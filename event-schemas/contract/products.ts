// The product catalogue's wire shapes (GET /products, /admin/products...), declared once: the product repository
// builds them and the catalogue tool reads and sends them.

export type ProductCategory = 'TREATMENT' | 'PARTNER';

/** A product as admins read it (GET /products?includeRetired=true, and every admin product write). */
export interface Product {
  id: number;
  name: string;
  category: ProductCategory;
  /** A brand code of GET /admin/products/options (BRAND_A, BRAND_B). */
  brand: string;
  msrpPerUnit: number;
  pointsPerUnit: number;
  retired: boolean;
}

/** CONTRACT.md's product shape: what members and practices read (GET /products). */
export type PublicProduct = Omit<Product, 'retired'>;

/** The body of POST /admin/products and PUT /admin/products/{id}. */
export type ProductFields = Omit<Product, 'id' | 'retired'>;

export interface ProductOption {
  code: string;
  name: string;
}

/** GET /admin/products/options: the brands and categories a product may have, with display names. */
export interface ProductOptions {
  brands: ProductOption[];
  categories: ProductOption[];
}
