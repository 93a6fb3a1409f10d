import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { TabPanel, TabView } from 'primereact/tabview';
import { useEffect, useState } from 'react';
import { readPromotionPagesFx, type PromotionPage } from '../../../stores/content';
import type { Promotion, PromotionPageName } from '../../../stores/promotions';
import { PromotionPageContent } from './promotion-page-content';

const TAB_LABELS: Record<PromotionPageName, string> = { OVERVIEW: 'Overview', RULES: 'Rules', FAQ: 'FAQ' };

/** The promotion's website: the pages its website data lists, read from content by promotion id. */
export function PromotionDetailsDialog({ promotion, onClose }: { promotion: Promotion | null; onClose: () => void }) {
  const [pages, setPages] = useState<PromotionPage[] | 'failed' | null>(null);
  const promoId = promotion?.promoId;
  const entryIds = (promotion?.websiteData?.pages ?? []).map((p) => p.contentEntryId).join(',');
  useEffect(() => {
    setPages(null);
    if (!promoId) return;
    let live = true;
    readPromotionPagesFx({ promotionId: promoId, entryIds: entryIds ? entryIds.split(',') : [] })
      .then((found) => live && setPages(found))
      .catch(() => live && setPages('failed'));
    return () => {
      live = false;
    };
  }, [promoId, entryIds]);
  const listed = promotion?.websiteData?.pages ?? [];
  // The website data names each page's entry; content filed under the right page name stands in for a renamed entry.
  const contentOf = (page: PromotionPageName, entryId: string) =>
    Array.isArray(pages) ? (pages.find((p) => p.entryId === entryId) ?? pages.find((p) => p.page === page)) : undefined;
  return (
    <Dialog
      visible={promotion !== null}
      onHide={onClose}
      header={promotion?.websiteData?.tile.title ?? promotion?.name ?? ''}
      className="dialog promotion-dialog"
      footer={<Button label="CLOSE" onClick={onClose} />}
    >
      {pages === null && <p>Loading…</p>}
      {pages === 'failed' && <p role="alert">The promotion details could not be loaded.</p>}
      {Array.isArray(pages) && (
        <TabView>
          {listed.map(({ page, contentEntryId }) => (
            <TabPanel key={page} header={TAB_LABELS[page]}>
              <PromotionPageContent page={contentOf(page, contentEntryId)} />
            </TabPanel>
          ))}
        </TabView>
      )}
    </Dialog>
  );
}
