import { colourError, isColourField } from '../colour-fields';
import type { FieldDraft } from '../field-drafts';

const text = (d: FieldDraft | undefined) => (d?.kind === 'text' ? d.value : '');
/** A colour to draw, or undefined while the field holds none or a bad one (its error says so on the field). */
const colour = (d: FieldDraft | undefined) => {
  const v = text(d).trim();
  return v && !colourError(v) ? v : undefined;
};

/**
 * The entry as it is being edited, before it is saved (issue 28, item 8: the editor offered no preview): a banner as
 * members see it on their home page, and a swatch for every colour field. Text only, in React nodes, never HTML.
 */
export function EntryPreview({ contentType, drafts }: { contentType: string; drafts: Record<string, FieldDraft> }) {
  const colours = Object.entries(drafts).filter(([name, d]) => d.kind === 'text' && isColourField(name));
  if (contentType !== 'banner' && colours.length === 0) return null;
  return (
    <section className="content-admin__preview" aria-labelledby="content-preview-title">
      <h2 id="content-preview-title">Preview</h2>
      {contentType === 'banner' && (
        <div
          className="content-admin__banner-preview"
          data-testid="banner-preview"
          style={{ background: colour(drafts.backgroundColor), color: colour(drafts.textColor) }}
        >
          <span aria-hidden="true" style={{ color: colour(drafts.iconColor) }}>
            ★
          </span>{' '}
          {text(drafts.bannerText)} {text(drafts.linkText) && <u>{text(drafts.linkText)}</u>}
        </div>
      )}
      {colours.length > 0 && (
        <ul className="content-admin__swatches">
          {colours.map(([name, d]) => (
            <li key={name}>
              <span className="content-admin__swatch" data-testid={`swatch-${name}`} style={{ background: colour(d) }} aria-hidden="true" />
              {name}: {colour(d) ?? 'not a colour'}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
