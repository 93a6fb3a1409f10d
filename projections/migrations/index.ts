import type { Migration } from './migration';
import { certificateMigrations } from './certificates';
import { checkpointMigrations } from './checkpoints';
import { memberPointsMigrations } from './member-points';
import { messagePreferenceMigrations } from './message-preferences';
import { expiringLotsMigrations, programmeReportMigrations, promotionResultsMigrations } from './programme-report';
import { promotionEarningsMigrations, promotionMigrations } from './promotions';
import { reportEntriesMigrations } from './report-entries';
import { surveyCompletionMigrations } from './survey-completions';
import { surveyResultMigrations } from './survey-results';
import { treatmentReadMigrations } from './treatments';
import { practiceStatementMigrations } from './practice-statements';

/** Read tables of every projection. A projection's rows can always be rebuilt from the log. */
export const projectionMigrations: Migration[] = [
  ...checkpointMigrations,
  ...memberPointsMigrations,
  ...certificateMigrations,
  ...surveyCompletionMigrations,
  ...treatmentReadMigrations,
  ...promotionMigrations,
  ...promotionEarningsMigrations,
  ...messagePreferenceMigrations,
  ...programmeReportMigrations,
  ...expiringLotsMigrations,
  ...promotionResultsMigrations,
  ...reportEntriesMigrations,
  ...practiceStatementMigrations,
  ...surveyResultMigrations,
];
