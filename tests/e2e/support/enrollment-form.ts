import type { Page } from '@playwright/test';
import { TERMS_CONSENT_LABEL } from '../../../event-schemas/contract/enrollment-consent';

/** Ticks the enrollment form's required acceptance of the terms and privacy policies (issue 54, item 10). */
export async function acceptTheTerms(page: Page): Promise<void> {
  await page.getByLabel(TERMS_CONSENT_LABEL).check();
}
