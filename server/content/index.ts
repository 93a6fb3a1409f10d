export { contentMigrations } from './content-tables';
export { contentRoutes } from './routes';
