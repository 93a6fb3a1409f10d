export { specialistMigrations } from './specialist-tables';
export { specialistRoutes } from './routes';
