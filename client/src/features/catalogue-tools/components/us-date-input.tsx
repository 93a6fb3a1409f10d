import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { formatDate, parseUsDate } from '../../../lib/format';

/**
 * A day typed MM/DD/YYYY (the programme's date format) for a field held as YYYY-MM-DD. What is typed stays as typed
 * until it is a real date (then the field takes it) or empty (the field becomes null).
 */
export function UsDateInput({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  value: string | null;
  onChange: (day: string | null) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const [text, setText] = useState(formatDate(value));
  // Only a change from outside (a load, a clear) rewrites the text: what the admin is typing is left alone.
  useEffect(() => {
    setText((typed) => (parseUsDate(typed) === value || (typed.trim() === '' && value === null) ? typed : formatDate(value)));
  }, [value]);
  const typedBadly = text.trim() !== '' && parseUsDate(text) === null;
  return (
    <InputText
      id={id}
      value={text}
      placeholder="MM/DD/YYYY"
      maxLength={14}
      invalid={invalid || typedBadly}
      aria-invalid={invalid || typedBadly ? true : undefined}
      aria-describedby={describedBy}
      onChange={(e) => {
        setText(e.target.value);
        if (e.target.value.trim() === '') onChange(null);
        else {
          const day = parseUsDate(e.target.value);
          if (day) onChange(day);
        }
      }}
    />
  );
}
