import { campaignNumberErrors, unusualOffer } from '../../../client/src/features/campaign-tool/campaign-numbers';
import { surveyNumberErrors, unusualSurveyPoints } from '../../../client/src/features/survey-builder/survey-numbers';
import { parseTyped } from '../../../client/src/components/typed-number-input';

describe('numbers as typed', () => {
  it('keeps a sign, decimals, $ and commas, and marks anything else as not a number instead of blank', () => {
    expect(parseTyped(' -20 ')).toBe(-20);
    expect(parseTyped('$1,000.50')).toBe(1000.5);
    expect(parseTyped('')).toBeNull();
    expect(parseTyped('abc')).toBeNaN();
  });
});

describe('survey numbers', () => {
  it('refuses -20 points and 0 attempts in the server’s words, and a blank as not a number', () => {
    expect(surveyNumberErrors({ surveyPointsAmount: -20, maxAttempts: 0 })).toEqual({
      surveyPointsAmount: 'must be a whole number of points from 0 to 10,000',
      maxAttempts: 'must be a whole number above 0',
    });
    expect(surveyNumberErrors({ surveyPointsAmount: Number.NaN, maxAttempts: 50 })).toEqual({ surveyPointsAmount: expect.any(String) });
    expect(surveyNumberErrors({ surveyPointsAmount: 40, maxAttempts: 50 })).toEqual({});
  });
  it('asks again only above the usual, and not when the survey pays no points', () => {
    expect(unusualSurveyPoints({ surveyPointsAmount: 5000, pointIssuanceDisabled: false })).toMatch(/^This survey pays 5,000 points/);
    expect(unusualSurveyPoints({ surveyPointsAmount: 5000, pointIssuanceDisabled: true })).toBeNull();
    expect(unusualSurveyPoints({ surveyPointsAmount: 100, pointIssuanceDisabled: false })).toBeNull();
  });
});

describe('campaign numbers', () => {
  it('refuses a non-number amount (it would go as null, "no amount") and $1,000,000', () => {
    expect(campaignNumberErrors({ certificateAmount: Number.NaN, daysBeforeExpirationToSendReminder: null }).certificateAmount).toBe(
      'must be a dollar amount from $0.01 to $1,000, in whole cents',
    );
    expect(campaignNumberErrors({ certificateAmount: 1_000_000, daysBeforeExpirationToSendReminder: -1 })).toEqual({
      certificateAmount: 'must be a dollar amount from $0.01 to $1,000, in whole cents',
      daysBeforeExpirationToSendReminder: 'must be a whole number of days from 0 to 3650',
    });
    expect(campaignNumberErrors({ certificateAmount: null, daysBeforeExpirationToSendReminder: 7 })).toEqual({});
  });
  it('asks again above the usual offer', () => {
    expect(unusualOffer({ certificateAmount: 500 })).toBe('Each member who claims this offer gets a $500 certificate (usually at most $100). Save it?');
    expect(unusualOffer({ certificateAmount: 25 })).toBeNull();
  });
});
