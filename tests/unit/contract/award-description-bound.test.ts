import { isRight } from 'fp-ts/Either';
import { MAX_AWARD_DESCRIPTION } from '../../../event-schemas/contract/rules';
import { GivePointsBody } from '../../../server/points/give-points';

// Issue 54, item 6: an award's description is bounded by one rule, the server's codec and member care's form alike.
describe('an admin award’s description', () => {
  const body = (description: string) => ({ amount: 10, description, idempotencyKey: 'k' });

  it('is accepted up to the shared bound and refused one character past it', () => {
    expect(MAX_AWARD_DESCRIPTION).toBe(200);
    expect(isRight(GivePointsBody.decode(body('x'.repeat(MAX_AWARD_DESCRIPTION))))).toBe(true);
    expect(isRight(GivePointsBody.decode(body('x'.repeat(MAX_AWARD_DESCRIPTION + 1))))).toBe(false);
  });
});
