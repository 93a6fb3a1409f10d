import { certificatePhrase } from '../../../projections/activity/activity.projection';

describe('a certificate named in an activity row', () => {
  it.each([
    [25, 'Season of Glow Offer Certificate', 'a $25 Season of Glow Offer Certificate'],
    [25, 'Sparkle offer', 'a $25 Sparkle offer certificate'],
    [50, '$50 Aspire Gift Certificate', 'a $50 Aspire Gift Certificate'],
  ])('$%d %j reads %j, each word once', (value, name, phrase) => expect(certificatePhrase(value, name)).toBe(phrase));
});
