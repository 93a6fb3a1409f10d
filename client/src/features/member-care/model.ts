import { createEffect, createEvent, createStore, sample } from 'effector';
import { MAX_ADMIN_AWARD, MAX_AWARD_DESCRIPTION } from '../../../../event-schemas/contract/rules';
import { isApiError } from '../../lib/problem';
import { newUuid } from '../../lib/random-id';
import { memberCareApi, type GivePointsAnswer, type GivePointsBody } from './api/member-care-api';

/** The admin award limits the server enforces (the shared contract's), checked here first to save a trip. */
export const MAX_AWARD = MAX_ADMIN_AWARD;
export const MAX_DESCRIPTION = MAX_AWARD_DESCRIPTION;
/**
 * Awards of this size or more are asked about first (the spec sets no figure; this is our choice): high enough that
 * everyday goodwill awards of tens or hundreds go through in one step, low enough that a stray extra digit is caught.
 */
export const CONFIRM_AWARD_FROM = 5_000;

export interface GivePointsForm {
  amount: string;
  description: string;
  expirationDate: string;
}
export type GivePointsField = keyof GivePointsForm;
export type FieldErrors = Partial<Record<GivePointsField, string>>;

export interface Outcome {
  awarded: number;
  balance: number;
  /** True when the server had already paid this key (an earlier attempt got through): nothing more was given. */
  alreadyGiven: boolean;
}

const emptyForm: GivePointsForm = { amount: '', description: '', expirationDate: '' };

export const validateForm = (form: GivePointsForm): FieldErrors => {
  const errors: FieldErrors = {};
  const amount = form.amount.trim();
  if (!/^\d+$/.test(amount) || Number(amount) < 1 || Number(amount) > MAX_AWARD)
    errors.amount = `Enter a whole number from 1 to ${MAX_AWARD.toLocaleString('en-US')}`;
  if (form.description.trim() === '') errors.description = 'Enter a description the member will see';
  else if (form.description.length > MAX_DESCRIPTION) errors.description = `Keep it to ${MAX_DESCRIPTION} characters`;
  return errors;
};

/** Whether saving this form should first ask the admin to confirm (a valid amount at or over the threshold). */
export const needsConfirmation = (form: GivePointsForm): boolean =>
  Object.keys(validateForm(form)).length === 0 && Number(form.amount.trim()) >= CONFIRM_AWARD_FROM;

/** A 400's field errors keyed by form field (`body.expirationDate` → `expirationDate`); others are not the form's. */
const serverFieldErrors = (error: unknown): FieldErrors => {
  if (!isApiError(error, 400) || !error.problem?.errors) return {};
  const known: GivePointsField[] = ['amount', 'description', 'expirationDate'];
  const out: FieldErrors = {};
  for (const e of error.problem.errors) {
    const field = e.path.replace(/^body\./, '') as GivePointsField;
    if (known.includes(field)) out[field] ??= e.message;
  }
  return out;
};

export interface GivePointsDeps {
  newKey: () => string;
  award: (paxId: number, body: GivePointsBody) => Promise<{ status: 200 | 201; answer: GivePointsAnswer }>;
}

/**
 * The give-points form. One idempotency key stands for one filled-in form: it is kept when a submission fails (a
 * retry after a network error may follow a request that did get through, and the server then pays nothing twice)
 * and replaced once the award succeeded or anything in the form changed, since that is a different award.
 */
export const createGivePointsModel = (deps: GivePointsDeps) => {
  const memberChosen = createEvent<number | null>();
  const fieldChanged = createEvent<{ field: GivePointsField; value: string }>();
  const saveClicked = createEvent();

  const awardFx = createEffect((input: { paxId: number; body: GivePointsBody }) => deps.award(input.paxId, input.body));
  const invalidSubmitted = createEvent<FieldErrors>();

  const $paxId = createStore<number | null>(null).on(memberChosen, (_, paxId) => paxId);
  // An answer for a member the admin has since left must not clear, or report on, the next member's form.
  const awardDone = sample({ clock: awardFx.done, source: $paxId, filter: (paxId, { params }) => paxId === params.paxId, fn: (_, done) => done });
  const awardFailed = sample({ clock: awardFx.fail, source: $paxId, filter: (paxId, { params }) => paxId === params.paxId, fn: (_, failed) => failed.error });
  const $form = createStore<GivePointsForm>(emptyForm)
    .on(fieldChanged, (form, { field, value }) => ({ ...form, [field]: value }))
    .reset(memberChosen, awardDone);
  const $idempotencyKey = createStore<string>(deps.newKey())
    .on(fieldChanged, () => deps.newKey())
    .on(memberChosen, () => deps.newKey())
    .on(awardDone, () => deps.newKey());
  const $fieldErrors = createStore<FieldErrors>({})
    .on(fieldChanged, (errors, { field }) => ({ ...errors, [field]: undefined }))
    .on(invalidSubmitted, (_, errors) => errors)
    .on(awardFailed, (_, error) => serverFieldErrors(error))
    .reset(memberChosen, awardDone);
  /** A failure that belongs to no single field (network, 404, 403...). */
  const $failure = createStore<string | null>(null)
    .on(awardFailed, (_, error) =>
      Object.keys(serverFieldErrors(error)).length ? null : error instanceof Error ? error.message : 'The points could not be given',
    )
    .reset(memberChosen, fieldChanged, awardFx);
  const $outcome = createStore<Outcome | null>(null)
    .on(awardDone, (_, { params, result }) => ({ awarded: params.body.amount, balance: result.answer.balance, alreadyGiven: result.status === 200 }))
    .reset(memberChosen, fieldChanged);
  const $saving = awardFx.pending;

  const attempt = sample({
    clock: saveClicked,
    source: { paxId: $paxId, form: $form, key: $idempotencyKey, saving: $saving },
    // A second click while the first is in flight sends nothing; were it to, it would carry the same key.
    filter: ({ paxId, saving }) => paxId !== null && !saving,
  });
  sample({ clock: attempt, filter: ({ form }) => Object.keys(validateForm(form)).length > 0, fn: ({ form }) => validateForm(form), target: invalidSubmitted });
  sample({
    clock: attempt,
    filter: ({ form }) => Object.keys(validateForm(form)).length === 0,
    fn: ({ paxId, form, key }) => ({
      paxId: paxId as number,
      body: {
        amount: Number(form.amount),
        description: form.description.trim(),
        idempotencyKey: key,
        ...(form.expirationDate ? { expirationDate: form.expirationDate } : {}),
      },
    }),
    target: awardFx,
  });

  return { memberChosen, fieldChanged, saveClicked, awardFx, $paxId, $form, $idempotencyKey, $fieldErrors, $failure, $outcome, $saving };
};

export type GivePointsModel = ReturnType<typeof createGivePointsModel>;

/** The page's instance: keys from the browser, awards through the API. */
export const givePointsModel = createGivePointsModel({
  newKey: newUuid,
  award: async (paxId, body) => {
    const answer = await memberCareApi.givePoints(paxId, body);
    return { status: answer.status, answer: answer.body };
  },
});
