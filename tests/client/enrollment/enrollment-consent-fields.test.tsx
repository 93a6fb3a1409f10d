import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MARKETING_EMAIL_LABEL, MARKETING_TEXT_LABEL, TERMS_CONSENT_LABEL, TERMS_REQUIRED_WORDS } from '../../../event-schemas/contract/enrollment-consent';
import { EnrollmentConsentFields, NO_CONSENT, type ConsentChoices } from '../../../client/src/features/enrollment/enrollment-consent-fields';

function Harness({ submitted, seen }: { submitted: boolean; seen: (c: ConsentChoices) => void }) {
  const [value, setValue] = useState(NO_CONSENT);
  return (
    <EnrollmentConsentFields
      value={value}
      submitted={submitted}
      onChange={(next) => {
        setValue(next);
        seen(next);
      }}
    />
  );
}

describe('the enrollment form’s consent (issue 54, item 10)', () => {
  it('starts with nothing ticked and no error until the form is submitted', () => {
    render(<Harness submitted={false} seen={() => undefined} />);
    for (const label of [TERMS_CONSENT_LABEL, MARKETING_EMAIL_LABEL, MARKETING_TEXT_LABEL])
      expect(screen.getByLabelText<HTMLInputElement>(label).checked).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says beside the box, once submitted, that the terms must be accepted, and stops saying it once ticked', () => {
    const seen = jest.fn();
    render(<Harness submitted seen={seen} />);
    const terms = screen.getByLabelText<HTMLInputElement>(TERMS_CONSENT_LABEL);
    expect(screen.getByRole('alert').textContent).toBe(TERMS_REQUIRED_WORDS);
    expect(terms.getAttribute('aria-describedby')).toBe('enroll-terms-error');
    fireEvent.click(terms);
    expect(seen).toHaveBeenLastCalledWith({ termsAccepted: true, marketingEmail: false, marketingText: false });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByLabelText(MARKETING_TEXT_LABEL));
    expect(seen).toHaveBeenLastCalledWith({ termsAccepted: true, marketingEmail: false, marketingText: true });
  });

  it('links the documents the member accepts', () => {
    render(<Harness submitted={false} seen={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Consumer Health Data Privacy Policy' })).toBeTruthy();
  });
});
