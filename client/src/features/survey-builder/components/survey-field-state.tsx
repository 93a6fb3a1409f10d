import { createContext, useContext } from 'react';

/** The survey form's field errors as its editors read them: the error to show on a field, and "the admin left it". */
export interface SurveyFieldState {
  errorOf: (id: string) => string | undefined;
  leave: (id: string) => void;
}

export const SurveyFieldContext = createContext<SurveyFieldState>({ errorOf: () => undefined, leave: () => undefined });

/** Props for a field's input: red border and described by its error once shown; leaving it shows its error. */
export function useFieldProps(id: string) {
  const { errorOf, leave } = useContext(SurveyFieldContext);
  const error = errorOf(id);
  return {
    error,
    props: {
      invalid: !!error,
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      onBlur: () => leave(id),
    },
  };
}

/** A field's error, under the field (not an alert: the save's summary speaks; this marks the place). */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="survey-builder__field-error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
}
