import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { PAGE_NAMES, type PageName } from '../api/promo-api';
import { FieldRow, invalidProps } from './field-row';
import { PagePreview, usePagePreviews } from './page-preview';
import type { FieldErrors, PromotionDraft } from '../promo-draft';

export const PAGE_LABELS: Record<PageName, string> = { OVERVIEW: 'Overview', RULES: 'Rules', FAQ: 'FAQ' };

/** Website: the tile title, and for OVERVIEW, RULES and FAQ whether the page shows and which content entry it reads. */
export function WebsiteSection({ draft, errors, set }: { draft: PromotionDraft; errors: FieldErrors; set: (patch: Partial<PromotionDraft>) => void }) {
  const { previews, load } = usePagePreviews();
  const setPage = (page: PageName, patch: Partial<PromotionDraft['pages'][PageName]>) => set({ pages: { ...draft.pages, [page]: { ...draft.pages[page], ...patch } } });
  const pageError = (page: PageName) =>
    Object.entries(errors)
      .filter(([key]) => key.startsWith(`website.pages.${page}`))
      .map(([, message]) => message)
      .join('; ') || undefined;
  return (
    <>
      <div className="promo-builder__form">
        <FieldRow id="promo-tileTitle" label="Tile title (the name when empty)" error={errors['website.tileTitle']}>
          <InputText id="promo-tileTitle" value={draft.tileTitle} {...invalidProps('promo-tileTitle', errors['website.tileTitle'])} onChange={(e) => set({ tileTitle: e.target.value })} />
        </FieldRow>
      </div>
      {errors['website.pages'] && <p className="promo-builder__field-error">{errors['website.pages']}</p>}
      {PAGE_NAMES.map((page) => {
        const id = `promo-page-${page}`;
        const entryId = draft.pages[page].contentEntryId.trim();
        const error = pageError(page);
        return (
          <fieldset key={page} className="promo-builder__page">
            <legend>{PAGE_LABELS[page]} page</legend>
            <div className="promo-builder__checks">
              <Checkbox inputId={`${id}-active`} checked={draft.pages[page].active} onChange={(e) => setPage(page, { active: !!e.checked })} />
              <label htmlFor={`${id}-active`}>Show this page to members</label>
            </div>
            <div className="promo-builder__form">
              <FieldRow id={id} label="Content entry id (none: no page)" error={error}>
                <InputText id={id} value={draft.pages[page].contentEntryId} {...invalidProps(id, error)} onChange={(e) => setPage(page, { contentEntryId: e.target.value })} />
              </FieldRow>
            </div>
            <Button label="Preview" aria-label={`Preview the ${PAGE_LABELS[page]} page`} text size="small" disabled={!entryId} onClick={() => load([entryId])} />
            <PagePreview entryId={entryId} preview={previews[entryId]} />
          </fieldset>
        );
      })}
    </>
  );
}
