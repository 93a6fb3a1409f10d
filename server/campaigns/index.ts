export { campaignMigrations } from './campaign-tables';
export { campaignRoutes } from './campaign-routes';
export { seedDemoCampaign } from './seed-demo-campaign';
export { campaignReminderRoutes, runCampaignReminders } from './campaign-reminders-job';
export { patientEventOffers } from './patient-event-offers';
