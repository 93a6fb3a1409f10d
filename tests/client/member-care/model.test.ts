import { ApiError } from '../../../client/src/lib/problem';
import type { GivePointsBody } from '../../../client/src/features/member-care/api/member-care-api';
import { CONFIRM_AWARD_FROM, createGivePointsModel, needsConfirmation, type GivePointsDeps } from '../../../client/src/features/member-care/model';

type Award = GivePointsDeps['award'];

/** A model whose keys are key-1, key-2… and whose awards are answered by `award`, recording each body sent. */
const harness = (award: Award) => {
  let n = 0;
  const sent: GivePointsBody[] = [];
  const model = createGivePointsModel({
    newKey: () => `key-${++n}`,
    award: (paxId, body) => {
      sent.push(body);
      return award(paxId, body);
    },
  });
  const fill = (amount = '25', description = 'Sorry for the wait') => {
    model.fieldChanged({ field: 'amount', value: amount });
    model.fieldChanged({ field: 'description', value: description });
  };
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { model, sent, fill, settled };
};

const paid =
  (balance: number): Award =>
  async () => ({ status: 201, answer: { balance, position: '1' } });

describe('the give-points form', () => {
  it('keeps a late answer for a member the admin has left off the next member’s form', async () => {
    let answer: (v: Awaited<ReturnType<Award>>) => void = () => undefined;
    const { model, fill, settled } = harness(() => new Promise((resolve) => (answer = resolve)));
    model.memberChosen(1);
    fill('500', 'For member one');
    model.saveClicked();
    model.memberChosen(2);
    fill('40', 'For member two');
    const keyForTwo = model.$idempotencyKey.getState();
    answer({ status: 201, answer: { balance: 1500, position: '3' } });
    await settled();
    expect(model.$outcome.getState()).toBeNull();
    expect(model.$form.getState()).toEqual({ amount: '40', description: 'For member two', expirationDate: '' });
    expect(model.$idempotencyKey.getState()).toBe(keyForTwo);
  });

  it('when Save is clicked twice before the answer, sends one award with one key', async () => {
    let answer: (v: Awaited<ReturnType<Award>>) => void = () => undefined;
    const { model, sent, fill, settled } = harness(() => new Promise((resolve) => (answer = resolve)));
    model.memberChosen(7);
    fill();
    model.saveClicked();
    model.saveClicked();
    expect(model.$saving.getState()).toBe(true);
    answer({ status: 201, answer: { balance: 125, position: '9' } });
    await settled();
    model.saveClicked();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({ amount: 25, description: 'Sorry for the wait', idempotencyKey: expect.stringMatching(/^key-/) });
    expect(model.$outcome.getState()).toEqual({ awarded: 25, balance: 125, alreadyGiven: false });
  });

  it('when a submission fails on the network, the retry carries the same key', async () => {
    let fail = true;
    const { model, sent, fill, settled } = harness(async () => {
      if (fail) throw new TypeError('Failed to fetch');
      return { status: 200, answer: { balance: 125, position: '9' } };
    });
    model.memberChosen(7);
    fill();
    model.saveClicked();
    await settled();
    expect(model.$failure.getState()).toBe('Failed to fetch');
    fail = false;
    model.saveClicked();
    await settled();
    expect(sent.map((b) => b.idempotencyKey)).toEqual([sent[0].idempotencyKey, sent[0].idempotencyKey]);
    // The server had paid the first attempt: it says so, and the form tells the admin nothing more was given.
    expect(model.$outcome.getState()).toEqual({ awarded: 25, balance: 125, alreadyGiven: true });
  });

  it('when the award succeeds, the form empties and the next award gets a new key', async () => {
    const { model, sent, fill, settled } = harness(paid(125));
    model.memberChosen(7);
    fill();
    model.saveClicked();
    await settled();
    expect(model.$form.getState()).toEqual({ amount: '', description: '', expirationDate: '' });
    fill();
    model.saveClicked();
    await settled();
    expect(sent).toHaveLength(2);
    expect(sent[1].idempotencyKey).not.toBe(sent[0].idempotencyKey);
  });

  it('when the form changes after a failure, the next submission is a different award with a new key', async () => {
    const { model, sent, fill, settled } = harness(async () => {
      throw new TypeError('Failed to fetch');
    });
    model.memberChosen(7);
    fill();
    model.saveClicked();
    await settled();
    model.fieldChanged({ field: 'amount', value: '30' });
    model.saveClicked();
    await settled();
    expect(sent.map((b) => b.amount)).toEqual([25, 30]);
    expect(sent[1].idempotencyKey).not.toBe(sent[0].idempotencyKey);
  });

  it('shows the server’s field errors beside their fields, and editing a field clears its error', async () => {
    const refusal = new ApiError(400, { status: 400, errors: [{ path: 'body.expirationDate', message: 'must be after today' }] }, '/points');
    const { model, fill, settled } = harness(async () => {
      throw refusal;
    });
    model.memberChosen(7);
    fill();
    model.fieldChanged({ field: 'expirationDate', value: '2000-01-01' });
    model.saveClicked();
    await settled();
    expect(model.$fieldErrors.getState()).toEqual({ expirationDate: 'must be after today' });
    expect(model.$failure.getState()).toBeNull();
    model.fieldChanged({ field: 'expirationDate', value: '2099-01-01' });
    expect(model.$fieldErrors.getState().expirationDate).toBeUndefined();
  });

  it.each([
    ['0', 'amount'],
    ['2.5', 'amount'],
    ['100001', 'amount'],
    ['-3', 'amount'],
  ])('refuses the amount %s before asking the server', async (amount, field) => {
    const { model, sent, fill, settled } = harness(paid(1));
    model.memberChosen(7);
    fill(amount);
    model.saveClicked();
    await settled();
    expect(sent).toHaveLength(0);
    expect(Object.keys(model.$fieldErrors.getState())).toEqual([field]);
  });

  it('asks for a description and a chosen member before sending anything', async () => {
    const { model, sent, fill, settled } = harness(paid(1));
    fill('5', '   ');
    model.saveClicked();
    model.memberChosen(7);
    fill('5', '   ');
    model.saveClicked();
    await settled();
    expect(sent).toHaveLength(0);
    expect(model.$fieldErrors.getState()).toEqual({ description: expect.any(String) });
  });
});

describe('which awards are confirmed before saving', () => {
  const form = (amount: string, description = 'Goodwill') => ({ amount, description, expirationDate: '' });

  test('an award under the threshold saves in one step', () => {
    expect(needsConfirmation(form(String(CONFIRM_AWARD_FROM - 1)))).toBe(false);
  });

  test('an award at or over the threshold asks first', () => {
    expect(needsConfirmation(form(String(CONFIRM_AWARD_FROM)))).toBe(true);
    expect(needsConfirmation(form(' 99999 '))).toBe(true);
  });

  test('an invalid form is not confirmed: its field errors show instead', () => {
    expect(needsConfirmation(form('5000', ''))).toBe(false);
    expect(needsConfirmation(form('1000000'))).toBe(false);
    expect(needsConfirmation(form('5000.5'))).toBe(false);
  });
});
