import { demoSurvey } from '../../../server/seed/demo-surveys';

describe('the demo survey’s page instructions (issue 54, item 16)', () => {
  const sections = demoSurvey('2026-12-01').sections;

  it('ask for the member’s own words on a page of free text, not to choose answers', () => {
    const freeText = sections.filter((s) => s.questions.every((q) => q.questionTypeCode === 'USER_RESPONSE'));
    expect(freeText.length).toBeGreaterThan(0);
    for (const s of freeText) expect(s.instructions).toBe('Answer in your own words.');
  });

  it('ask to choose on a page of choices', () => {
    const choices = sections.filter((s) => s.questions.every((q) => q.questionTypeCode !== 'USER_RESPONSE'));
    for (const s of choices) expect(s.instructions).toBe('Choose the answers that fit you best.');
  });
});
