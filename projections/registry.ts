import { activityProjection } from './activity/activity.projection';
import { certificatesProjection } from './certificates/certificates.projection';
import { memberPointsProjection } from './member-points/member-points.projection';
import { messagePreferencesProjection } from './message-preferences/message-preferences.projection';
import { programmeReportProjection } from './programme-report/programme-report.projection';
import type { Projection } from './projection';
import { promotionEarningsProjection } from './promotion-tiles/promotion-earnings.projection';
import { promotionTilesProjection } from './promotion-tiles/promotion-tiles.projection';
import { surveyCompletionsProjection } from './survey-completions/survey-completions.projection';
import { surveyResultsProjection } from './survey-results/survey-results.projection';
import { treatmentsProjection } from './treatments/treatments.projection';
import { practiceStatementsProjection } from './practice-statements/practice-statements.projection';

/** What read models need from the programme's settings (handed in by the composition root; nothing here reads the environment). */
export interface ReadModelSettings {
  timeZone: string;
}

/** Every read model the server keeps live. Order does not matter: each has its own checkpoint. */
export const readModels = (settings: ReadModelSettings): Projection[] => [
  memberPointsProjection,
  certificatesProjection,
  surveyCompletionsProjection,
  surveyResultsProjection,
  treatmentsProjection,
  activityProjection(settings),
  promotionTilesProjection,
  promotionEarningsProjection,
  messagePreferencesProjection,
  programmeReportProjection(settings),
  practiceStatementsProjection(settings),
];

/** Read-model names, for health and progress, which need no settings. */
export const readModelNames: readonly string[] = readModels({ timeZone: 'UTC' }).map((p) => p.name);
