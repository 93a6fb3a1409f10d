import { decideEnd } from '../../../server/campaigns/end-campaign';

/** Issue 28, item 8: ending a campaign from the list, decided on its status. */
describe('ending a campaign', () => {
  it.each([
    ['ACTIVE', { kind: 'end' }],
    ['ENDED', { kind: 'already-ended' }],
    ['DRAFT', { kind: 'refuse', detail: 'A draft campaign has not started, so there is nothing to end: edit it instead' }],
  ] as const)('%s → %j', (status, decision) => {
    expect(decideEnd(status)).toEqual(decision);
  });
});
