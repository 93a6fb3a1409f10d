import { Checkbox } from 'primereact/checkbox';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import type { FieldDraft } from '../field-drafts';
import { colourError, isColourField } from '../colour-fields';

/** One field of an entry, edited as text, a check box or JSON; its problem, in words, under it. */
export function FieldEditor({
  name,
  draft,
  error: saveError,
  onChange,
}: {
  name: string;
  draft: FieldDraft;
  error?: string;
  onChange: (d: FieldDraft) => void;
}) {
  const id = `content-field-${name}`;
  // A colour field is checked once the admin leaves it (the spec's text-input rule), and again on save.
  const colour = draft.kind === 'text' && isColourField(name);
  const [left, setLeft] = useState(false);
  const colourProblem = colour && left ? colourError(draft.value) : null;
  const error = saveError ?? (colourProblem ? `The field “${name}” ${colourProblem}.` : undefined);
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <>
      <label htmlFor={id}>
        {name}
        {draft.kind === 'json' && ' (JSON)'}
      </label>
      {draft.kind === 'flag' ? (
        <Checkbox inputId={id} checked={draft.value} onChange={(e) => onChange({ kind: 'flag', value: !!e.checked })} />
      ) : draft.kind === 'text' ? (
        <InputTextarea
          id={id}
          value={draft.value}
          rows={Math.min(8, Math.max(1, Math.ceil(draft.value.length / 80)))}
          autoResize
          onChange={(e) => onChange({ kind: 'text', value: e.target.value })}
          onBlur={() => setLeft(true)}
          invalid={!!error}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      ) : (
        <InputTextarea
          id={id}
          className="content-admin__json"
          value={draft.text}
          rows={Math.min(14, draft.text.split('\n').length + 1)}
          invalid={!!error}
          aria-describedby={describedBy}
          onChange={(e) => onChange({ kind: 'json', text: e.target.value })}
        />
      )}
      {error && (
        <p className="content-admin__field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
