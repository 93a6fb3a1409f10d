import type { ReactNode } from 'react';
import { FieldError } from '../../../components/field-error';

/** One labelled row of a catalogue form, with the server's message for that field under it. */
export function FormRow({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && <FieldError className="catalogue-tools__field-error" id={`${id}-error`} label={label} error={error} />}
    </>
  );
}

/** Props that mark an input invalid (red border and aria-invalid) and tie it to its row's error message. */
export const describedBy = (id: string, error?: string) => ({
  invalid: !!error,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});
