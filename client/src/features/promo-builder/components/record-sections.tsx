import { Message } from 'primereact/message';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../../lib/format';
import { PAGE_NAMES, promoApi, type AdminPromotion } from '../api/promo-api';
import { PagePreview, usePagePreviews } from './page-preview';
import type { SectionName } from '../promo-draft';
import { statusLabel } from '../status-actions';
import { PAGE_LABELS } from './website-section';

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="promo-builder__facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value === '' || value === null ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Participants({ groupIds }: { groupIds: number[] }) {
  const [names, setNames] = useState<Record<number, string>>({});
  useEffect(() => {
    if (!groupIds.length) return;
    promoApi.groups().then(
      (page) => setNames(Object.fromEntries(page.items.map((g) => [g.id, g.groupName]))),
      () => undefined,
    );
  }, [groupIds]);
  if (!groupIds.length) return <p>Every member (no participant group).</p>;
  return (
    <ul>
      {groupIds.map((id) => (
        <li key={id}>{names[id] ? `${names[id]} (group ${id})` : `Group ${id}`}</li>
      ))}
    </ul>
  );
}

function Website({ promotion }: { promotion: AdminPromotion }) {
  const { previews, load } = usePagePreviews();
  const pages = promotion.website.pages;
  useEffect(() => load(pages.map((p) => p.contentEntryId)), [pages, load]);
  return (
    <>
      <Facts rows={[['Tile title', promotion.website.tileTitle]]} />
      {PAGE_NAMES.map((name) => {
        const page = pages.find((p) => p.page === name);
        return (
          <section key={name} className="promo-builder__page" aria-label={`${PAGE_LABELS[name]} page`}>
            <h2>{PAGE_LABELS[name]} page</h2>
            {page ? (
              <>
                <p>
                  {page.active ? 'Shown to members' : 'Hidden from members'}; content entry {page.contentEntryId}.
                </p>
                <PagePreview entryId={page.contentEntryId} preview={previews[page.contentEntryId]} promotionId={promotion.id} />
              </>
            ) : (
              <p>No page.</p>
            )}
          </section>
        );
      })}
    </>
  );
}

/** The four sections of a saved promotion, read-only. */
export function RecordSection({ name, promotion }: { name: SectionName; promotion: AdminPromotion }) {
  if (name === 'overview')
    return (
      <Facts
        rows={[
          ['Name', promotion.name],
          ['Description', promotion.description],
          ['Promotion code', promotion.promotionCode],
          ['Type', promotion.typeCode],
          ['Status', statusLabel(promotion.statusTypeCode)],
          ['From', formatDate(promotion.fromDate)],
          ['Through', formatDate(promotion.thruDate)],
          ['Copied from', promotion.copiedFrom ? <Link href={`/promo-builder/configure?id=${promotion.copiedFrom}`}>the original promotion</Link> : ''],
        ]}
      />
    );
  if (name === 'participants') return <Participants groupIds={promotion.groupIds} />;
  if (name === 'payoutAndRules')
    return (
      <>
        <Message severity="info" text="Payout rules are not available yet: the server stores no payout rules for a promotion. Every promotion is a flat payout." />
        <Facts rows={[['Reward certificate category', promotion.certificateCategoryCode ?? '']]} />
      </>
    );
  return <Website promotion={promotion} />;
}
