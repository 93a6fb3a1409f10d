/** An e-mail address, plain or URL-encoded (`%40`), as it may sit in an error message, a URL or a provider's reply. */
const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/**
 * A log line's text without the personal data that reaches it from elsewhere (issue 25: logs carry ids and route
 * templates, never an e-mail, name or phone). PostgreSQL's error details quote the values of the row they refused
 * (`Key (email_address)=(…) already exists`, `Failing row contains (…)`, which may hold a name or phone); an SMTP
 * provider's refusal quotes the recipient. The values go; which constraint and which column stay.
 */
export const scrubPersonalData = (text: string): string =>
  text
    .replace(/Failing row contains \(.*\)/gs, 'Failing row contains (…)')
    .replace(/\)=\(.*?\)( already exists| is not present| conflicts with)/g, ')=(…)$1')
    .replace(EMAIL, '[e-mail]');
