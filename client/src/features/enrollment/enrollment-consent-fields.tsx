import { Checkbox } from 'primereact/checkbox';
import { Link } from 'wouter';
import { MARKETING_EMAIL_LABEL, MARKETING_TEXT_LABEL, TERMS_CONSENT_LABEL, TERMS_REQUIRED_WORDS } from '../../../../event-schemas/contract/enrollment-consent';
import { footerLinks } from '../../components/footer/footer';
import { paths } from '../../config/routes';

export interface ConsentChoices {
  termsAccepted: boolean;
  marketingEmail: boolean;
  marketingText: boolean;
}

export const NO_CONSENT: ConsentChoices = { termsAccepted: false, marketingEmail: false, marketingText: false };

/** The privacy policies the footer links to, so the form points at the same pages the member can find later. */
const policies = footerLinks.filter((l) => l.label === 'Privacy Policy' || l.label === 'Consumer Health Data Privacy Policy');

interface Props {
  value: ConsentChoices;
  onChange: (value: ConsentChoices) => void;
  /** The form was submitted: an unticked acceptance shows its error now. */
  submitted: boolean;
  /** The server's refusal of the acceptance, if any. */
  refusal?: string;
}

/**
 * The enrollment form's consent (issue 54, item 10): the acceptance of the terms and privacy policies, required and
 * refused beside its box before anything is sent, and the two marketing choices, each off until ticked.
 */
export function EnrollmentConsentFields({ value, onChange, submitted, refusal }: Props) {
  const termsError = refusal ?? (submitted && !value.termsAccepted ? TERMS_REQUIRED_WORDS : null);
  const choice = (field: keyof ConsentChoices, id: string, label: string, extra?: { invalid: boolean; describedBy?: string }) => (
    <div className="enrollment-consent__choice">
      <Checkbox
        inputId={id}
        checked={value[field]}
        onChange={(e) => onChange({ ...value, [field]: !!e.checked })}
        invalid={extra?.invalid}
        aria-invalid={extra?.invalid}
        aria-describedby={extra?.describedBy}
      />{' '}
      <label htmlFor={id}>{label}</label>
    </div>
  );
  return (
    <fieldset className="enrollment-consent">
      <legend className="visually-hidden">Terms and messages</legend>
      {choice('termsAccepted', 'enroll-terms', TERMS_CONSENT_LABEL, {
        invalid: termsError !== null,
        describedBy: termsError ? 'enroll-terms-error' : undefined,
      })}
      <p className="enrollment-consent__documents">
        Read the <Link href={paths.terms}>Terms &amp; Conditions</Link>
        {policies.map((p) => (
          <span key={p.label}>
            {', '}
            <a href={p.href} target="_blank" rel="noreferrer">
              {p.label}
            </a>
          </span>
        ))}
      </p>
      {termsError && (
        <small id="enroll-terms-error" className="field__error" role="alert">
          {termsError}
        </small>
      )}
      {choice('marketingEmail', 'enroll-marketing-email', MARKETING_EMAIL_LABEL)}
      {choice('marketingText', 'enroll-marketing-text', MARKETING_TEXT_LABEL)}
    </fieldset>
  );
}
