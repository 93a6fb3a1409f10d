import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import type { ReactNode } from 'react';
import { formatPoints } from '../../../lib/format';
import { confirm } from '../../../stores/dialogs';
import { givePointsModel, MAX_AWARD, MAX_DESCRIPTION, needsConfirmation, type GivePointsField } from '../model';

/** A labelled field with its message (ours or the server's) under it, tied to the input for screen readers. */
function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(describedBy)}
      {hint && <small id={`${id}-hint`}>{hint}</small>}
      {error && (
        <small id={`${id}-error`} className="field__error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

/** Amount, description and optional expiry for the chosen member; the model keeps one idempotency key per filled-in form. */
export function GivePointsForm({ memberName }: { memberName: string }) {
  const [form, errors, failure, outcome, saving] = useUnit([
    givePointsModel.$form,
    givePointsModel.$fieldErrors,
    givePointsModel.$failure,
    givePointsModel.$outcome,
    givePointsModel.$saving,
  ]);
  const change = (field: GivePointsField) => (e: { target: { value: string } }) => givePointsModel.fieldChanged({ field, value: e.target.value });
  return (
    <form
      className="form-grid member-care__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!needsConfirmation(form)) return givePointsModel.saveClicked();
        confirm({
          title: 'GIVE POINTS?',
          message: `Give ${formatPoints(Number(form.amount.trim()))} points to ${memberName}? They can spend them at once.`,
          yesLabel: 'GIVE POINTS',
          noLabel: 'CANCEL',
          onYes: () => givePointsModel.saveClicked(),
        });
      }}
    >
      <Field id="give-points-amount" label="Points" error={errors.amount} hint={`A whole number from 1 to ${formatPoints(MAX_AWARD)}`}>
        {(describedBy) => (
          <InputText
            id="give-points-amount"
            inputMode="numeric"
            value={form.amount}
            onChange={change('amount')}
            invalid={!!errors.amount}
            aria-invalid={!!errors.amount}
            aria-describedby={describedBy}
          />
        )}
      </Field>
      <Field id="give-points-description" label="Description" error={errors.description} hint="The member sees this in their activity">
        {(describedBy) => (
          <InputText
            id="give-points-description"
            value={form.description}
            maxLength={MAX_DESCRIPTION}
            onChange={change('description')}
            invalid={!!errors.description}
            aria-invalid={!!errors.description}
            aria-describedby={describedBy}
          />
        )}
      </Field>
      <Field
        id="give-points-expiration"
        label="Expiration date (optional)"
        error={errors.expirationDate}
        hint="Left empty, the points follow the programme's usual expiry"
      >
        {(describedBy) => (
          <InputText
            id="give-points-expiration"
            type="date"
            value={form.expirationDate}
            onChange={change('expirationDate')}
            invalid={!!errors.expirationDate}
            aria-invalid={!!errors.expirationDate}
            aria-describedby={describedBy}
          />
        )}
      </Field>
      {failure && <Message severity="error" text={failure} role="alert" />}
      <Button type="submit" label="Save" loading={saving} disabled={saving} />
      <div aria-live="polite">
        {outcome && (
          <Message
            severity="success"
            data-testid="give-points-outcome"
            text={
              outcome.alreadyGiven
                ? `These ${formatPoints(outcome.awarded)} points had already been given to ${memberName}; nothing more was given. Balance: ${formatPoints(outcome.balance)}.`
                : `Gave ${formatPoints(outcome.awarded)} points to ${memberName}. New balance: ${formatPoints(outcome.balance)}.`
            }
          />
        )}
      </div>
    </form>
  );
}
