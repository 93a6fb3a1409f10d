import { actionsFor, statusActionRules, statusLabel, type StatusAction } from '../../../client/src/features/promo-builder/status-actions';
import { statusActions as serverRules } from '../../../server/promotions/promotion-statuses';

describe('which actions a promotion status allows', () => {
  it.each([
    // Issue 28: a draft (or a new promotion) can be deleted.
    ['NEW', ['publish', 'revert-to-draft', 'delete']],
    ['DRAFT', ['publish', 'delete']],
    ['ACTIVE', ['revert-to-draft', 'end', 'stop-payments']],
    ['ENDED', ['stop-payments']],
    ['PAYMENTS_STOPPED', []],
    ['DELETED', []],
    ['SOMETHING_NEW', []],
  ])('%s allows %j', (status, actions) => {
    expect(actionsFor(status)).toEqual(actions);
  });

  it('is the server’s transition table, so no button offers what the server refuses', () => {
    for (const action of Object.keys(serverRules) as StatusAction[]) {
      expect([action, statusActionRules[action].from, statusActionRules[action].to]).toEqual([action, serverRules[action].from, serverRules[action].to]);
    }
    expect(Object.keys(statusActionRules).sort()).toEqual(Object.keys(serverRules).sort());
  });

  it('asks before every action, publishing included (issue 10: a confirmation for each)', () => {
    for (const action of ['publish', 'revert-to-draft', 'end', 'stop-payments', 'delete'] as const) {
      const ask = statusActionRules[action].confirm!('Spring Sparkle');
      expect(ask.message).toContain('"Spring Sparkle"');
      expect(ask.title).toMatch(/\?$/);
    }
  });

  it('labels statuses as the options call describes them, and passes an unknown one through', () => {
    expect(statusLabel('PAYMENTS_STOPPED')).toBe('Payments stopped');
    expect(statusLabel('LIVE')).toBe('LIVE');
  });
});
