import { certificatesProjection } from './certificates/certificates.projection';
import { memberPointsProjection } from './member-points/member-points.projection';
import type { Projection } from './projection';
import { activityProjection } from './activity/activity.projection';
import { treatmentsProjection } from './treatments/treatments.projection';
import { surveyCompletionsProjection } from './survey-completions/survey-completions.projection';
import { promotionTilesProjection } from './promotion-tiles/promotion-tiles.projection';

/** Every read model the server keeps live. Order does not matter: each has its own checkpoint. */
export const allProjections: Projection[] = [memberPointsProjection, certificatesProjection, surveyCompletionsProjection, treatmentsProjection, activityProjection, promotionTilesProjection];

export const projectionByName = (name: string): Projection | undefined => allProjections.find((p) => p.name === name);
