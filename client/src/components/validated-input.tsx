import { InputText } from 'primereact/inputtext';
import { useState, type InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Message when the browser's validity check fails or `check` returns false. */
  errorMessage: string;
  check?: (value: string) => boolean;
  /** A refusal for this field from elsewhere (the server), shown at once. */
  refusal?: string | null;
  /** The form was submitted: show this field's error now, touched or not (an empty required field included). */
  submitted?: boolean;
};

/** A text input that shows its error only after blur: red border and the message below. */
export function ValidatedInput({ id, label, value, onValueChange, errorMessage, check, refusal, submitted, ...input }: Props) {
  const [touched, setTouched] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const validate = (element: HTMLInputElement) => setInvalid(!element.checkValidity() || (check ? !check(element.value) : false));
  // On submit the value itself is judged: a field never focused has had no blur to validate it.
  const invalidNow = (input.required && value.trim() === '') || (value !== '' && check ? !check(value) : false);
  const shownMessage = refusal ?? ((touched && invalid) || (submitted && invalidNow) ? errorMessage : null);
  const showError = shownMessage !== null;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <InputText
        {...input}
        id={id}
        value={value}
        className={showError ? 'p-invalid' : undefined}
        aria-invalid={showError}
        aria-describedby={showError ? `${id}-error` : undefined}
        onChange={(event) => {
          onValueChange(event.target.value);
          if (touched) validate(event.target);
        }}
        onBlur={(event) => {
          setTouched(true);
          validate(event.target);
        }}
      />
      {showError && (
        <small id={`${id}-error`} className="field__error" role="alert">
          {shownMessage}
        </small>
      )}
    </div>
  );
}
