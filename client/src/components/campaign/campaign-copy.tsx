import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { campaignOf } from '../../lib/query-params';
import { readCampaignContentFx, type CampaignContentType, type CampaignCopy } from '../../stores/campaign-content';
import './campaign-copy.css';

/**
 * The copy of the campaign named by `utm_campaign` (uppercased, as in the footer's terms): the global copy on the
 * landing pages, the login copy above the sign-in form. Nothing shows without a campaign or its content.
 */
export function CampaignCopyPanel({ contentType }: { contentType: CampaignContentType }) {
  const mkCode = campaignOf(useSearch());
  const [copy, setCopy] = useState<CampaignCopy | null>(null);
  useEffect(() => {
    setCopy(null);
    if (!mkCode) return;
    let live = true;
    readCampaignContentFx({ contentType, mkCode })
      .then((found) => live && setCopy(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [contentType, mkCode]);
  if (!copy) return null;
  return (
    <aside className="campaign-copy" aria-label="Campaign offer" data-testid={`${contentType}-copy`}>
      <p className="campaign-copy__headline">{copy.headline}</p>
      <p>{copy.text}</p>
    </aside>
  );
}
