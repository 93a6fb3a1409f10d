import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { RuleEditor } from '../../../client/src/features/promo-builder/components/rule-editor';
import { WebsiteStep } from '../../../client/src/features/promo-builder/components/website-step';
import { faqHasText, newDraft, newRule, newTier, ruleHasContent, type PromotionDraft } from '../../../client/src/features/promo-builder/promo-draft';

// Issue 13: a destructive action in an admin screen asks first. In the promotion wizard, removing a rule with
// products or tiers set, or an FAQ question with text, asks; a blank one goes at once.
describe('what removing asks about in the promotion wizard', () => {
  it('knows a rule still as added from one with something set', () => {
    expect(ruleHasContent(newRule(1))).toBe(false);
    expect(ruleHasContent({ ...newRule(1), metricIds: [3] })).toBe(true);
    expect(ruleHasContent({ ...newRule(1), tiers: [{ ...newTier(), target: '10' }] })).toBe(true);
    expect(ruleHasContent({ ...newRule(1), tiers: [newTier(), newTier()] })).toBe(true);
    expect(faqHasText({ question: ' ', answer: '' })).toBe(false);
    expect(faqHasText({ question: '', answer: 'Yes.' })).toBe(true);
  });

  const rule = (onRemove: () => void, r = { ...newRule(1), metricIds: [3] }) =>
    render(
      <RuleEditor
        index={1}
        rule={r}
        tree={[]}
        measureTypes={[]}
        errors={{}}
        awardWord="points"
        readOnly={false}
        onChange={() => undefined}
        onRemove={onRemove}
      />,
    );

  it('asks before removing a rule with products set, and keeps it when told to', () => {
    const onRemove = jest.fn();
    rule(onRemove);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Rule 2' }));
    expect(screen.getByRole('alert').textContent).toBe('Remove Rule 2 with its products and tiers?');
    fireEvent.click(screen.getByRole('button', { name: 'Keep Rule 2' }));
    expect(onRemove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Rule 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove Rule 2' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('removes a rule still as added at once', () => {
    const onRemove = jest.fn();
    rule(onRemove, newRule(1));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Rule 2' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('asks before removing an FAQ question with text; an empty one goes at once', () => {
    const start = newDraft('p1');
    start.pages = {
      ...start.pages,
      FAQ: {
        ...start.pages.FAQ,
        questions: [
          { question: 'Who may join?', answer: 'Everyone.' },
          { question: '', answer: '' },
        ],
      },
    };
    let latest: PromotionDraft = start;
    function Harness() {
      const [draft, setDraft] = useState(start);
      return (
        <WebsiteStep
          draft={draft}
          errors={{}}
          readOnly={false}
          set={(patch) => {
            latest = { ...draft, ...patch };
            setDraft(latest);
          }}
        />
      );
    }
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    expect(screen.getByRole('alert').textContent).toBe('Remove question 1 and its answer?');
    fireEvent.click(screen.getByRole('button', { name: 'Keep question 1' }));
    expect(latest.pages.FAQ.questions).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Remove question 2' }));
    expect(latest.pages.FAQ.questions).toEqual([{ question: 'Who may join?', answer: 'Everyone.' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove question 1' }));
    expect(latest.pages.FAQ.questions).toEqual([]);
  });
});
