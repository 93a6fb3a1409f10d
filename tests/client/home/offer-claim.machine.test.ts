import { createActor } from 'xstate';
import { messageOf, offerClaimMachine, outcomeOf } from '../../../client/src/features/home/offer-claim.machine';

describe('the offer-claim outcome', () => {
  it('is chosen by the prefix of the login-event code', () => {
    expect(outcomeOf('MKT_LOGIN_CERT_FAIL_X')).toBe('alreadyClaimed');
    expect(outcomeOf('MKT_LOGIN_CERT_ALREADY_CLAIMED_X')).toBe('alreadyClaimed');
    expect(outcomeOf('MKT_LOGIN_CERT_ENDED_X')).toBe('offerEnded');
    expect(outcomeOf('MKT_LOGIN_CERT_NOT_MEMBER_X')).toBe('notEligible');
    expect(outcomeOf('MKT_LOGIN_CERT_SPRING')).toBe('success');
    expect(outcomeOf('SURVEY_INVITE')).toBeNull();
  });

  it('uses the texts of the spec', () => {
    const fmt = (d: string) => `<${d}>`;
    expect(messageOf('alreadyClaimed', { code: 'x' }, fmt)).toEqual({
      title: 'OFFER ALREADY CLAIMED',
      text: ["You've already claimed this offer. Keep checking back for exciting new offers."],
      error: true,
    });
    expect(messageOf('offerEnded', { code: 'x' }, fmt).text).toEqual(['This offer is no longer valid. Keep checking back for exciting new offers.']);
    expect(messageOf('notEligible', { code: 'x' }, fmt)).toMatchObject({
      title: 'SORRY',
      text: ["You're not eligible for this offer. Keep checking your inbox for the program's offers exclusive to you."],
    });
    const dated = messageOf('success', { code: 'x', activationDate: '2026-05-01', expirationDate: '2026-06-30' }, fmt);
    expect(dated.title).toBe('CONGRATULATIONS!');
    expect(dated.text[0]).toBe("You've successfully claimed your offer.");
    expect(dated.text[1]).toContain('<2026-05-01>');
    expect(dated.text[1]).toContain('<2026-06-30>');
    expect(messageOf('success', { code: 'x' }, fmt).text[1]).toContain('Contact your specialist and schedule an appointment');
  });

  it('shows for a claim event, ignores other events, and resets on close', () => {
    const actor = createActor(offerClaimMachine).start();
    actor.send({ type: 'LOGIN_EVENT', event: { code: 'OTHER' } });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'LOGIN_EVENT', event: { code: 'MKT_LOGIN_CERT_ENDED_1' } });
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.outcome).toBe('offerEnded');
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().context).toEqual({ outcome: null, event: null });
  });
});
