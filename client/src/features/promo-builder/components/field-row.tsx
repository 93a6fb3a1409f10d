import type { ReactNode } from 'react';

/** A labelled row with the server's message for that field under it (the input points at it with aria-describedby). */
export function FieldRow({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p className="promo-builder__field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

/** The props an input needs to show, and to announce, the error of its row. */
export const invalidProps = (id: string, error: string | undefined) => ({
  invalid: !!error,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});
