import { useState } from 'react';
import { TypedNumberInput } from '../../../components/typed-number-input';
import type { AnswerDraft } from '../api/survey-builder-api';
import { DEFAULT_SCALE, scaleAnswers, scaleRangeOf } from '../scale-range';
import { FieldError, useFieldProps } from './survey-field-state';

/**
 * A scale question's range: its lowest and highest number, held as typed. A range that is one becomes the answers
 * (one per number); one that is not leaves no answers, so the form refuses it on the field instead of saving the old one.
 */
export function ScaleRange({ path, answers, onAnswers }: { path: string; answers: AnswerDraft[]; onAnswers: (answers: AnswerDraft[]) => void }) {
  const [range, setRange] = useState<{ low: number | null; high: number | null }>(() => scaleRangeOf(answers) ?? DEFAULT_SCALE);
  const low = useFieldProps(`${path}-scale-low`);
  const high = useFieldProps(`${path}-scale-high`);
  const set = (next: { low: number | null; high: number | null }) => {
    setRange(next);
    onAnswers(scaleAnswers(next.low, next.high) ?? []);
  };
  return (
    <>
      <label htmlFor={`${path}-scale-low`}>Scale from (lowest number)</label>
      <TypedNumberInput id={`${path}-scale-low`} value={range.low} onValue={(n) => set({ ...range, low: n })} {...low.props} />
      <FieldError id={`${path}-scale-low`} error={low.error} />
      <label htmlFor={`${path}-scale-high`}>Scale to (highest number)</label>
      <TypedNumberInput id={`${path}-scale-high`} value={range.high} onValue={(n) => set({ ...range, high: n })} {...high.props} />
      <FieldError id={`${path}-scale-high`} error={high.error} />
      {answers.length >= 2 && <p className="survey-builder__hint">Members choose one of {answers.map((a) => a.text).join(', ')}.</p>}
    </>
  );
}
