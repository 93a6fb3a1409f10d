import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { ValidatedInput } from '../../../components/validated-input';
import { formatDate } from '../../../lib/format';
import { fieldRefusals, inWords } from '../../../lib/in-words';
import { birthDateCheck, birthDateWords, zipCheck, zipWords, nameWords, parseBirthDate } from '../../../lib/member-fields';
import { isApiError } from '../../../lib/problem';
import { isLettersOnly } from '../../../lib/validation';
import { fetchParticipantFx } from '../../../stores/participant';
import { formatUsZip } from '../../../../../event-schemas/contract/rules';
import { contactsApi } from '../api/contacts-api';

interface Current {
  firstName: string;
  lastName: string;
  postalCode: string | null;
  dateOfBirth: string | null;
}

const LABELS = { firstName: 'First name', lastName: 'Last name', postalCode: 'ZIP code', dateOfBirth: 'Date of birth' };
const usDate = (iso: string | null) => (iso ? formatDate(iso) : '');

/**
 * Name and ZIP code, which the member corrects (the same rules as at enrollment), and the date of birth, which only
 * staff correct: shown to the member with how to ask, editable while an admin impersonates them.
 */
export function PersonalInfoForm({ paxId, current, staff }: { paxId: number; current: Current; staff: boolean }) {
  const [form, setForm] = useState({
    firstName: current.firstName,
    lastName: current.lastName,
    postalCode: current.postalCode ?? '',
    dateOfBirth: usDate(current.dateOfBirth),
  });
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setRefused(({ [key]: _gone, ...rest }) => rest);
    setOutcome(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const names = isLettersOnly(form.firstName) && isLettersOnly(form.lastName);
    if (!names || !zipCheck(form.postalCode) || (staff && !birthDateCheck(form.dateOfBirth))) {
      setOutcome({ ok: false, text: 'Please correct the highlighted fields.' });
      return;
    }
    setBusy(true);
    try {
      await contactsApi.correctProfile(paxId, {
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        postalCode: form.postalCode.trim(),
        ...(staff ? { dateOfBirth: parseBirthDate(form.dateOfBirth)! } : {}),
      });
      await fetchParticipantFx(paxId).catch(() => undefined);
      setOutcome({ ok: true, text: 'Your personal information was saved.' });
    } catch (e) {
      const onFields = isApiError(e) ? fieldRefusals(e.problem, LABELS) : {};
      setRefused(onFields);
      setOutcome({
        ok: false,
        text: Object.keys(onFields).length
          ? 'Please correct the highlighted fields.'
          : inWords(isApiError(e) ? e.problem : null, 'Your changes could not be saved. Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form-grid personal-info" onSubmit={submit} noValidate aria-labelledby="personal-info-title">
      <h2 id="personal-info-title">Your details</h2>
      <ValidatedInput
        id="profile-first"
        label="First name"
        value={form.firstName}
        onValueChange={set('firstName')}
        required
        autoComplete="given-name"
        check={isLettersOnly}
        errorMessage={nameWords(form.firstName, 'first')}
        submitted={submitted}
        refusal={refused.firstName}
      />
      <ValidatedInput
        id="profile-last"
        label="Last name"
        value={form.lastName}
        onValueChange={set('lastName')}
        required
        autoComplete="family-name"
        check={isLettersOnly}
        errorMessage={nameWords(form.lastName, 'last')}
        submitted={submitted}
        refusal={refused.lastName}
      />
      <ValidatedInput
        id="profile-zip"
        label="ZIP code"
        value={form.postalCode}
        onValueChange={(v) => set('postalCode')(formatUsZip(v))}
        required
        inputMode="numeric"
        maxLength={10}
        check={zipCheck}
        errorMessage={zipWords(form.postalCode)}
        submitted={submitted}
        refusal={refused.postalCode}
      />
      {staff ? (
        <ValidatedInput
          id="profile-dob"
          label="Date of birth (MM/DD/YYYY)"
          value={form.dateOfBirth}
          onValueChange={set('dateOfBirth')}
          required
          maxLength={10}
          check={birthDateCheck}
          errorMessage={birthDateWords(form.dateOfBirth)}
          submitted={submitted}
          refusal={refused.dateOfBirth}
        />
      ) : (
        <div className="field">
          <span className="field__label">Date of birth</span>
          <span data-testid="profile-dob">{form.dateOfBirth || 'Not given'}</span>
          <small>To correct your date of birth, contact us: our staff will check and change it for you.</small>
        </div>
      )}
      {outcome && <Message severity={outcome.ok ? 'success' : 'error'} text={outcome.text} role={outcome.ok ? 'status' : 'alert'} />}
      <Button type="submit" label="UPDATE PERSONAL INFORMATION" loading={busy} disabled={busy} />
    </form>
  );
}
