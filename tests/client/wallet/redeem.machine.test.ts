import { createActor, waitFor } from 'xstate';
import { createRedeemMachine, REDEEM_OPTIONS, type RedeemAnswer } from '../../../client/src/features/wallet/redeem.machine';

const answer: RedeemAnswer = {
  certificate: { id: 'c1', code: 'AAAA', name: '$30 Reward', amount: 30, status: 'ACTIVE', expirationDate: '2027-01-01' },
  balance: 50,
};

const start = (redeem = jest.fn(async () => answer)) => {
  const actor = createActor(createRedeemMachine(redeem)).start();
  actor.send({ type: 'OPEN', paxId: 7, balance: 350 });
  return { actor, redeem };
};

describe('the redeem machine', () => {
  it('offers 1000 down to 100 in steps of 100', () => {
    expect(REDEEM_OPTIONS).toEqual([1000, 900, 800, 700, 600, 500, 400, 300, 200, 100]);
  });

  describe('when choosing', () => {
    it('cannot redeem before an amount is chosen', () => {
      const { actor } = start();
      expect(actor.getSnapshot().can({ type: 'REDEEM' })).toBe(false);
    });
    it('ignores amounts above the balance and off the list', () => {
      const { actor } = start();
      actor.send({ type: 'CHOOSE', amount: 400 });
      actor.send({ type: 'CHOOSE', amount: 150 });
      expect(actor.getSnapshot().context.amount).toBeNull();
    });
    it('drops a chosen amount the balance no longer covers', () => {
      const { actor } = start();
      actor.send({ type: 'CHOOSE', amount: 300 });
      actor.send({ type: 'BALANCE_CHANGED', balance: 200 });
      expect(actor.getSnapshot().context.amount).toBeNull();
    });
  });

  describe('when an amount is confirmed', () => {
    it('redeems it and shows success', async () => {
      const { actor, redeem } = start();
      actor.send({ type: 'CHOOSE', amount: 300 });
      actor.send({ type: 'REDEEM' });
      expect(actor.getSnapshot().value).toBe('confirming');
      actor.send({ type: 'CONFIRM' });
      await waitFor(actor, (s) => s.matches('success'));
      expect(redeem).toHaveBeenCalledWith({ paxId: 7, amount: 300 });
      expect(actor.getSnapshot().context.result).toEqual(answer);
    });
    it('still names the points redeemed after the live balance falls by them (it said "You redeemed 0 points")', async () => {
      const { actor } = start(jest.fn(async () => ({ ...answer, balance: 50 })));
      actor.send({ type: 'CHOOSE', amount: 300 });
      actor.send({ type: 'REDEEM' });
      actor.send({ type: 'CONFIRM' });
      actor.send({ type: 'BALANCE_CHANGED', balance: 50 });
      await waitFor(actor, (s) => s.matches('success'));
      actor.send({ type: 'BALANCE_CHANGED', balance: 50 });
      expect(actor.getSnapshot().context.amount).toBe(300);
      expect(actor.getSnapshot().context.balance).toBe(50);
    });
    it('goes back to choosing when the balance no longer covers the amount being confirmed', () => {
      const { actor } = start();
      actor.send({ type: 'CHOOSE', amount: 300 });
      actor.send({ type: 'REDEEM' });
      actor.send({ type: 'BALANCE_CHANGED', balance: 200 });
      expect(actor.getSnapshot().value).toBe('choosing');
      expect(actor.getSnapshot().context.amount).toBeNull();
    });
    it('goes back to choosing with the message when the server refuses', async () => {
      const { actor } = start(jest.fn(async () => Promise.reject(new Error('Not enough points'))));
      actor.send({ type: 'CHOOSE', amount: 300 });
      actor.send({ type: 'REDEEM' });
      actor.send({ type: 'CONFIRM' });
      await waitFor(actor, (s) => s.matches('choosing') && s.context.error !== null);
      expect(actor.getSnapshot().context.error).toBe('Not enough points');
    });
  });

  describe('when closed', () => {
    it('resets the selection', async () => {
      const { actor } = start();
      actor.send({ type: 'CHOOSE', amount: 300 });
      actor.send({ type: 'REDEEM' });
      actor.send({ type: 'CLOSE' });
      expect(actor.getSnapshot().value).toBe('closed');
      actor.send({ type: 'OPEN', paxId: 7, balance: 350 });
      expect(actor.getSnapshot().context).toMatchObject({ amount: null, result: null, error: null });
    });
  });
});
