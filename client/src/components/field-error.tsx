/**
 * A field's error under the field, read with the field's label in front of it (issue 28: "each on its field by its
 * label"). The label is hidden on screen, where the error already sits under it, and heard by a screen reader, where an
 * alert or a description read alone said only "must be a whole number".
 */
export function FieldError({ id, label, error, className, alert = false }: { id?: string; label: string; error: string; className: string; alert?: boolean }) {
  return (
    <p className={className} id={id} role={alert ? 'alert' : undefined}>
      <span className="visually-hidden">{label}: </span>
      {error}
    </p>
  );
}
