import type { FieldErrors, PromotionDraft } from '../promo-draft';

/** What every wizard step gets: the form, the server's field errors, the setter, and whether the promotion may change. */
export interface StepProps {
  draft: PromotionDraft;
  errors: FieldErrors;
  /** Applies a change and drops the errors under `editedKeys` (record paths, e.g. `overview.name`). */
  set: (patch: Partial<PromotionDraft>, editedKeys: readonly string[]) => void;
  readOnly: boolean;
}
