import { createLogger } from '../../../server/operations/logger';
import { scrubPersonalData } from '../../../server/operations/scrub-personal-data';

describe('scrubPersonalData', () => {
  it("drops the values PostgreSQL quotes in its error details, keeping the constraint's columns", () => {
    expect(scrubPersonalData('Key (lower(email_address))=(kim@example.com) already exists.')).toBe('Key (lower(email_address))=(…) already exists.');
    expect(scrubPersonalData('Key (pax_id)=(42) is not present in table "participants".')).toBe('Key (pax_id)=(…) is not present in table "participants".');
    expect(scrubPersonalData('Failing row contains (7, Kim, Lee, 714-555-0100, null).')).toBe('Failing row contains (…).');
  });

  it('masks e-mail addresses, plain or URL-encoded, and leaves ids and words alone', () => {
    expect(scrubPersonalData('550 5.1.1 <kim.lee+x@mail.example.co.uk>: Recipient address rejected')).toBe('550 5.1.1 <[e-mail]>: Recipient address rejected');
    expect(scrubPersonalData('/participants/42/emails/kim%40example.com/preferred')).toBe('/participants/42/emails/[e-mail]/preferred');
    expect(scrubPersonalData('outbox message 17 (email) parked after 5 attempt(s)')).toBe('outbox message 17 (email) parked after 5 attempt(s)');
  });
});

describe('the server logger', () => {
  it('writes an error line and a message without the personal data they carried', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', pretty: false, destination: { write: (line: string) => void lines.push(line) } });
    const error = Object.assign(new Error('duplicate key value violates unique constraint "participant_emails_unique"'), {
      code: '23505',
      detail: 'Key (lower(email_address))=(kim@example.com) already exists.',
    });
    logger.error({ err: error }, 'delivery to kim@example.com failed');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { msg: string; err: { code: string; detail: string; message: string } };
    expect(line.msg).toBe('delivery to [e-mail] failed');
    expect(line.err.code).toBe('23505');
    expect(line.err.detail).toBe('Key (lower(email_address))=(…) already exists.');
    expect(lines[0]).not.toContain('kim@example.com');
  });
});
