import type { Deps } from '../deps';
import { promotionAdminRoutes } from './admin-routes';
import { promotionMemberRoutes } from './member-routes';
import { promotionWizardRoutes } from './wizard-routes';

// Member routes first: `/promotions/tiles` must not be read as a promotion id by any later `/promotions/:id` route.
export const promotionRoutes = (deps: Deps) => [...promotionMemberRoutes(deps), ...promotionAdminRoutes(deps), ...promotionWizardRoutes(deps)];
export { promotionMigrations } from './promotion-schema';
export { promotionPayouts } from './promotion-payouts';
