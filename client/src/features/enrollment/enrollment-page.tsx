import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { Link, Redirect } from 'wouter';
import { useLeavePageWarning } from '../../components/dialogs/use-leave-page-warning';
import { ValidatedInput } from '../../components/validated-input';
import { paths } from '../../config/routes';
import { api } from '../../lib/api';
import { parseUsDate } from '../../lib/format';
import { isApiError, problemMessage } from '../../lib/problem';
import { campaignIdOf } from '../../lib/query-params';
import { isEmail, isLettersOnly, isPhone, isPostalCode } from '../../lib/validation';
import { markEnrolled } from '../../lib/new-member';
import { takeReturnTo } from '../../lib/return-to';
import { formatUsPhone, isStrongPassword, PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '../../../../event-schemas/contract/rules';
import { useSession } from '../../session/session-provider';
import type { LoginAnswer } from '../../session/types';
import { dialogClosed, dialogOpened } from '../../stores/dialogs';
import { $trackedQuery } from '../../stores/route-query';

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
};

/** A refusal in words: each refused field by its label ("ZIP code must be ..."), or what the conflict means. */
export const enrollmentError = (e: unknown): string => {
  if (!isApiError(e)) return 'We could not reach the server. Please try again.';
  if (e.status === 409) return 'An account with this e-mail address already exists. Sign in, or reset your password if you forgot it.';
  const errors = e.problem?.errors ?? [];
  if (errors.length === 0) return problemMessage(e.problem);
  return errors.map((err) => `${FIELD_LABELS[err.path.replace(/^body\./, '')] ?? 'A field'} ${err.message}.`).join(' ');
};

const empty = { firstName: '', lastName: '', email: '', password: '', postalCode: '', dateOfBirth: '', phone: '' };

export default function EnrollmentPage() {
  const { status, sessionReceived } = useSession();
  const { refCode, utm_id: utmId } = useUnit($trackedQuery);
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useLeavePageWarning(status !== 'authenticated' && Object.values(form).some((v) => v !== ''));
  if (status === 'authenticated') return <Redirect to={takeReturnTo() ?? paths.home} replace />;
  const set = (key: keyof typeof empty) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const dateOfBirth = parseUsDate(form.dateOfBirth);
    if (!event.currentTarget.checkValidity() || !dateOfBirth) {
      setError('Please correct the highlighted fields.');
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
        },
        { quiet: true },
      );
      markEnrolled(answer.pax.paxId);
      sessionReceived(answer);
    } catch (e) {
      setError(enrollmentError(e));
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
          errorMessage="Use letters only"
        />
        <ValidatedInput
          id="enroll-last"
          label="Last name"
          value={form.lastName}
          onValueChange={set('lastName')}
          required
          autoComplete="family-name"
          check={isLettersOnly}
          errorMessage="Use letters only"
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
        />
        <ValidatedInput
          id="enroll-zip"
          label="ZIP code"
          value={form.postalCode}
          onValueChange={set('postalCode')}
          required
          inputMode="numeric"
          check={isPostalCode}
          errorMessage="Enter 5 digits, or 5+4 as 12345-6789"
        />
        <ValidatedInput
          id="enroll-dob"
          label="Date of birth (MM/DD/YYYY)"
          value={form.dateOfBirth}
          onValueChange={set('dateOfBirth')}
          required
          maxLength={10}
          check={(v) => parseUsDate(v) !== null}
          errorMessage="Enter a date as MM/DD/YYYY"
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
