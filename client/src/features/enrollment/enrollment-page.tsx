import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useLeavePageWarning } from '../../components/dialogs/use-leave-page-warning';
import { ValidatedInput } from '../../components/validated-input';
import { paths } from '../../config/routes';
import { api } from '../../lib/api';
import { fieldRefusals } from '../../lib/in-words';
import { isApiError, problemMessage } from '../../lib/problem';
import { campaignIdOf } from '../../lib/query-params';
import { isEmail, isLettersOnly, isPhone } from '../../lib/validation';
import { markEnrolled } from '../../lib/new-member';
import { RedirectAfterSignIn } from '../../components/guards/redirect-after-sign-in';
import { formatUsPhone, formatUsZip, isStrongPassword, PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '../../../../event-schemas/contract/rules';
import { birthDateCheck, birthDateWords, zipCheck, zipWords, nameWords, parseBirthDate } from '../../lib/member-fields';
import { useSession } from '../../session/session-provider';
import type { LoginAnswer } from '../../session/types';
import { dialogClosed, dialogOpened } from '../../stores/dialogs';
import { $trackedQuery } from '../../stores/route-query';
import { EnrollmentConsentFields, NO_CONSENT } from './enrollment-consent-fields';

/** The form's labels, to say which field the server refused in the words the member sees. */
const FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail address',
  password: 'Password',
  postalCode: 'ZIP code',
  dateOfBirth: 'Date of birth',
  phone: 'Mobile phone',
  refCode: 'Referral link',
  campaignId: 'Campaign link',
  termsAccepted: 'Terms',
  marketingEmail: 'E-mail offers',
  marketingText: 'Text offers',
};

/** A refusal in words: each refused field by its label ("ZIP code must be ..."), or what the conflict means. */
export const enrollmentError = (e: unknown): string => {
  if (!isApiError(e)) return 'We could not reach the server. Please try again.';
  if (e.status === 409) return 'An account with this e-mail address already exists. Sign in, or reset your password if you forgot it.';
  const errors = e.problem?.errors ?? [];
  if (errors.length === 0) return problemMessage(e.problem);
  return Object.values(fieldRefusals(e.problem, FIELD_LABELS)).join(' ');
};

const HIGHLIGHTED = 'Please correct the highlighted fields.';

const empty = { firstName: '', lastName: '', email: '', password: '', postalCode: '', dateOfBirth: '', phone: '' };

export default function EnrollmentPage() {
  const { status, sessionReceived } = useSession();
  const { refCode, utm_id: utmId } = useUnit($trackedQuery);
  const [form, setForm] = useState(empty);
  const [consent, setConsent] = useState(NO_CONSENT);
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  // The server's refusals, each on its field (cleared as the member edits that field).
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useLeavePageWarning(status !== 'authenticated' && Object.values(form).some((v) => v !== ''));
  if (status === 'authenticated') return <RedirectAfterSignIn />;
  const set = (key: keyof typeof empty) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setRefused(({ [key]: _gone, ...rest }) => rest);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const dateOfBirth = parseBirthDate(form.dateOfBirth);
    setSubmitted(true);
    const fieldsValid = event.currentTarget.checkValidity() && dateOfBirth && birthDateCheck(form.dateOfBirth) && zipCheck(form.postalCode);
    // Every refusal at once: the acceptance's error shows beside its box with the fields' own.
    if (!fieldsValid || !dateOfBirth || !consent.termsAccepted) {
      setError(HIGHLIGHTED);
      return;
    }
    setBusy(true);
    setError(null);
    dialogOpened({ name: 'innerLoader', content: { message: 'Creating your membership…' } });
    try {
      const answer = await api.post<LoginAnswer>(
        '/api/rest/enrollment',
        {
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
          email: form.email.trim(),
          password: form.password,
          postalCode: form.postalCode.trim(),
          dateOfBirth,
          phone: form.phone.replace(/\D/g, '') || undefined,
          refCode,
          campaignId: campaignIdOf(utmId),
          termsAccepted: true,
          marketingEmail: consent.marketingEmail,
          marketingText: consent.marketingText,
        },
        { quiet: true },
      );
      markEnrolled(answer.pax.paxId);
      sessionReceived(answer);
    } catch (e) {
      // Refusals of fields go on those fields; the banner only points at them (or says what is not about a field).
      const onFields = isApiError(e) && e.status === 400 ? fieldRefusals(e.problem, FIELD_LABELS) : {};
      setRefused(onFields);
      setError(Object.keys(onFields).length ? HIGHLIGHTED : enrollmentError(e));
    } finally {
      setBusy(false);
      dialogClosed('innerLoader');
    }
  };

  return (
    <section className="form-page" aria-labelledby="enroll-title">
      <h1 id="enroll-title">Enroll</h1>
      <p>Membership is free. {refCode ? 'You were referred by a friend: you both earn a reward after your first treatment.' : ''}</p>
      <form className="form-grid" onSubmit={submit} noValidate>
        <ValidatedInput
          id="enroll-first"
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
          id="enroll-last"
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
          id="enroll-email"
          label="E-mail address"
          type="email"
          value={form.email}
          onValueChange={set('email')}
          required
          autoComplete="email"
          check={isEmail}
          errorMessage="Enter a valid e-mail address"
          submitted={submitted}
          refusal={refused.email}
        />
        <ValidatedInput
          id="enroll-password"
          label="Password"
          type="password"
          value={form.password}
          onValueChange={set('password')}
          required
          minLength={PASSWORD_MIN_LENGTH}
          autoComplete="new-password"
          check={isStrongPassword}
          errorMessage={PASSWORD_HINT}
          submitted={submitted}
          refusal={refused.password}
        />
        <ValidatedInput
          id="enroll-zip"
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
        <ValidatedInput
          id="enroll-dob"
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
        <ValidatedInput
          id="enroll-phone"
          label="Mobile phone (optional)"
          type="tel"
          value={form.phone}
          onValueChange={(v) => set('phone')(formatUsPhone(v))}
          autoComplete="tel-national"
          inputMode="tel"
          check={(v) => v === '' || isPhone(v)}
          errorMessage="Enter 10 digits, as 949-555-0142"
          submitted={submitted}
          refusal={refused.phone}
        />
        <EnrollmentConsentFields
          value={consent}
          onChange={(next) => {
            setConsent(next);
            setRefused(({ termsAccepted: _gone, ...rest }) => rest);
          }}
          submitted={submitted}
          refusal={refused.termsAccepted}
        />
        {error && <Message severity="error" text={error} role="alert" />}
        <Button type="submit" label="JOIN NOW" loading={busy} disabled={busy} />
      </form>
      <p>
        Already a member? <Link href={paths.login}>Sign in</Link>
      </p>
    </section>
  );
}
