import { InputText, type InputTextProps } from 'primereact/inputtext';
import { useEffect, useState } from 'react';

/**
 * A number as typed: blank is null, digits (with an optional sign, decimals, $ and thousands commas) are that number,
 * anything else is NaN, so the form can refuse it in words instead of dropping it.
 */
export const parseTyped = (text: string): number | null => {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (t === '') return null;
  return /^[-+]?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
};

const textOf = (value: number | null) => (value === null || Number.isNaN(value) ? '' : String(value));

/**
 * A number field that never rewrites what the admin typed. PrimeReact's InputNumber clamps to its min and max and
 * drops what it cannot parse, so -20 became blank, 0 attempts became 1 and -5 days became 365 without a word; here
 * the text stays as typed and the form says what is wrong with it.
 */
export function TypedNumberInput({
  value,
  onValue,
  decimals = false,
  ...rest
}: { value: number | null; onValue: (value: number | null) => void; decimals?: boolean } & Omit<InputTextProps, 'value' | 'onChange'>) {
  const [text, setText] = useState(() => textOf(value));
  // A value set from outside (a record loaded or reset) replaces the text; the value the text itself gave does not.
  useEffect(() => setText((t) => (Object.is(parseTyped(t), value) || (value === null && parseTyped(t) === null) ? t : textOf(value))), [value]);
  return (
    <InputText
      {...rest}
      inputMode={decimals ? 'decimal' : 'numeric'}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onValue(parseTyped(e.target.value));
      }}
    />
  );
}
