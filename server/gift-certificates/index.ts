export { giftCertificateMigrations } from './gift-tables';
export { giftCertificateRoutes } from './gift-routes';
export { seedGiftCategories } from './seed-gift-categories';
