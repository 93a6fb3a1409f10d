import { fieldRefusals, inWords } from '../../client/src/lib/in-words';

describe('refusals in words', () => {
  it('puts each field error on its field as a sentence, with no API path', () => {
    const problem = { detail: 'body.password must be at least 10 characters', errors: [{ path: 'body.password', message: 'must be at least 10 characters' }] };
    expect(fieldRefusals(problem)).toEqual({ password: 'Password must be at least 10 characters.' });
    expect(fieldRefusals(problem, { password: 'Your new password' })).toEqual({ password: 'Your new password must be at least 10 characters.' });
    expect(fieldRefusals({ errors: [{ path: 'body.postalCode', message: 'must be a US ZIP' }] })).toEqual({ postalCode: 'Postal code must be a US ZIP.' });
  });

  it('never shows a detail that names an API path; a plain one is a sentence', () => {
    expect(inWords({ detail: 'query.token must be 1 to 200 characters' }, 'This link does not work.')).toBe('This link does not work.');
    expect(inWords({ detail: 'this gift was already claimed' }, 'x')).toBe('This gift was already claimed.');
    expect(inWords(null, 'Please try again.')).toBe('Please try again.');
  });
});
