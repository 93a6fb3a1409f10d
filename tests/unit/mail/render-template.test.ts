import { renderTemplate, usDate } from '../../../server/mail/render-template';

const values = {
  firstName: 'Robin',
  certificateName: 'Spring Treatment Offer',
  amount: 25,
  activationDate: '2026-03-09',
  expirationDate: '2026-06-07',
  campaignName: 'Spring offer',
};

describe('renderTemplate', () => {
  it('fills every placeholder: dollars with two decimals, dates as MM/DD/YYYY', () => {
    const out = renderTemplate(
      { subject: '{firstName}, your {amount} offer', body: '{certificateName} from {campaignName}: {activationDate} to {expirationDate}.' },
      values,
    );
    expect(out).toEqual({ subject: 'Robin, your $25.00 offer', body: 'Spring Treatment Offer from Spring offer: 03/09/2026 to 06/07/2026.' });
  });

  it('writes cents and thousands as a US reader expects', () => {
    expect(renderTemplate({ subject: '{amount}', body: '{amount}' }, { ...values, amount: 1234.5 }).subject).toBe('$1,234.50');
  });

  it('leaves unknown placeholders, and braces that are no placeholder, as written', () => {
    const out = renderTemplate({ subject: 'Hi {firstname}', body: '{nope} {firstName} { firstName } {}' }, values);
    expect(out).toEqual({ subject: 'Hi {firstname}', body: '{nope} Robin { firstName } {}' });
  });

  it('inserts values as text: a value that looks like a placeholder is not expanded again', () => {
    expect(renderTemplate({ subject: '{firstName}', body: '' }, { ...values, firstName: '{amount}' }).subject).toBe('{amount}');
  });

  it('does not treat inherited object keys as placeholders', () => {
    expect(renderTemplate({ subject: '{constructor} {toString}', body: '' }, values).subject).toBe('{constructor} {toString}');
  });

  it('replaces every occurrence', () => {
    expect(renderTemplate({ subject: '', body: '{firstName} {firstName}' }, values).body).toBe('Robin Robin');
  });
});

describe('usDate', () => {
  it('turns YYYY-MM-DD into MM/DD/YYYY', () => expect(usDate('2027-01-02')).toBe('01/02/2027'));
});
