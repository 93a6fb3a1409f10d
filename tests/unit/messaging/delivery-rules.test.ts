import { smsSegments, toE164 } from '../../../server/messaging/sms-text';
import { nextAttemptAt } from '../../../server/messaging/backoff';
import { textToHtml } from '../../../server/messaging/email-html';
import { OUTBOX_BEHIND_SECONDS, queueHealth } from '../../../server/messaging/queue-health';

describe('phone numbers for texts', () => {
  it.each([
    ['9495551234', '+19495551234'],
    ['(949) 555-1234', '+19495551234'],
    ['1-949-555-1234', '+19495551234'],
    ['+447700900123', '+447700900123'],
  ])('reads %s as %s', (input, e164) => expect(toE164(input)).toBe(e164));
  it.each(['12345', '555-1234', '+0123456789', 'call me'])('refuses %s', (input) => expect(toE164(input)).toBeNull());
});

describe('text segments', () => {
  it('counts GSM-7 bodies as 160 alone and 153 per part, extension characters as two', () => {
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('a'.repeat(306))).toBe(2);
    expect(smsSegments('a'.repeat(307))).toBe(3);
    expect(smsSegments('€'.repeat(80))).toBe(1);
    expect(smsSegments('€'.repeat(81))).toBe(2);
  });
  it('counts anything else as UCS-2: 70 alone, 67 per part, an emoji as two', () => {
    expect(smsSegments('ł'.repeat(70))).toBe(1);
    expect(smsSegments('ł'.repeat(71))).toBe(2);
    expect(smsSegments('😀'.repeat(35))).toBe(1);
    expect(smsSegments('😀'.repeat(36))).toBe(2);
  });
});

describe('retry backoff', () => {
  const policy = { maxAttempts: 4, baseDelayMs: 1000, maxDelayMs: 3000 };
  const now = new Date('2026-01-01T00:00:00Z');
  it('doubles from the base, capped, spread by ±20 %, and parks after the last attempt', () => {
    expect(nextAttemptAt(policy, 1, now, 0.5)!.getTime() - now.getTime()).toBe(1000);
    expect(nextAttemptAt(policy, 2, now, 0.5)!.getTime() - now.getTime()).toBe(2000);
    expect(nextAttemptAt(policy, 3, now, 0.5)!.getTime() - now.getTime()).toBe(3000);
    expect(nextAttemptAt(policy, 1, now, 0)!.getTime() - now.getTime()).toBe(800);
    expect(nextAttemptAt(policy, 1, now, 1)!.getTime() - now.getTime()).toBe(1200);
    expect(nextAttemptAt(policy, 4, now)).toBeNull();
  });
});

describe('the HTML part of an e-mail', () => {
  it('makes paragraphs and links and escapes everything a member could have written', () => {
    const html = textToHtml('Hi <you>', 'Hello <b>Sam</b> & co,\n\nClaim it: https://rewards.test/claim?code=A&b=1.\nThanks');
    expect(html).toContain('<title>Hi &lt;you&gt;</title>');
    expect(html).toContain('<p>Hello &lt;b&gt;Sam&lt;/b&gt; &amp; co,</p>');
    expect(html).toContain('<a href="https://rewards.test/claim?code=A&amp;b=1">https://rewards.test/claim?code=A&amp;b=1</a>.<br>');
  });
});

describe('the outbox queue on probes', () => {
  it('is behind once its oldest message has waited more than five minutes', () => {
    expect(queueHealth({ pending: 3, oldestAgeSeconds: OUTBOX_BEHIND_SECONDS, parked: 0 }).behind).toBe(false);
    expect(queueHealth({ pending: 3, oldestAgeSeconds: OUTBOX_BEHIND_SECONDS + 1, parked: 0 }).behind).toBe(true);
  });
});
