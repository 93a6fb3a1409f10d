import { NativeSelect } from '../../../components/native-select';
import { templatesForSlot, type TemplateKind } from '../template-kinds';
import { FieldError } from '../../../components/field-error';

/** An `emailTemplate` content entry as the campaign tool offers it: its templateId, subject and body (plain text). */
export interface EmailTemplateChoice {
  templateId: string;
  subject: string;
  body: string;
  kind: TemplateKind | null;
}

/**
 * Chooses one of the campaign's e-mail templates from the `emailTemplate` content entries, and previews the chosen
 * one. The preview is text in React nodes, never HTML, so whatever an entry holds cannot run in the admin's browser.
 * A template id saved earlier that no entry has any more is kept and said to be missing (no e-mail would be sent).
 */
export function TemplatePicker(props: {
  id: string;
  label: string;
  value: string | null;
  /** The kind of e-mail this slot sends: only templates of that kind are offered. */
  kind: TemplateKind;
  templates: EmailTemplateChoice[];
  error?: string;
  onChange: (templateId: string | null) => void;
}) {
  const chosen = props.templates.find((t) => t.templateId === props.value);
  const options = [
    { label: 'No e-mail', value: null as string | null },
    ...templatesForSlot(props.templates, props.kind, props.value).map((t) => ({
      label: `${t.subject} (${t.templateId})`,
      value: t.templateId as string | null,
    })),
    ...(props.value !== null && !chosen ? [{ label: `Missing template (${props.value})`, value: props.value }] : []),
  ];
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <div className="campaign-tool__template">
        <NativeSelect<string | null> id={props.id} value={props.value} options={options} invalid={!!props.error} onChange={props.onChange} />
        {chosen ? (
          <details className="campaign-tool__preview">
            <summary>Preview “{chosen.subject}”</summary>
            <p>
              <strong>Subject:</strong> {chosen.subject}
            </p>
            <pre className="campaign-tool__preview-body">{chosen.body}</pre>
          </details>
        ) : (
          props.value !== null && (
            <p className="campaign-tool__field-error" role="alert">
              No e-mail template entry has the id {props.value}: no e-mail will be sent until one is added in the content admin.
            </p>
          )
        )}
      </div>
      {props.error && <FieldError className="campaign-tool__field-error" label={props.label} error={props.error} alert />}
    </>
  );
}
