import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { CampaignOfferCounts } from '../../../../event-schemas/contract/campaigns';
import { api } from '../../lib/api';
import { formatDate, formatDollars } from '../../lib/format';
import { STATUS_WORDS } from './components/campaign-fields';
import { $campaigns, fetchCampaignsFx, type Campaign } from './model';
import { confirm } from '../../stores/dialogs';
import './campaign-tool.css';

const dateCell = (value: string | null) => (value ? formatDate(value) : '—');

type Row = Campaign & { counts: CampaignOfferCounts | undefined };

/** /admin-tools/campaign-tool: every direct-response campaign, newest first, each opening its configuration. */
export default function CampaignListPage() {
  const campaigns = useUnit($campaigns);
  const [error, setError] = useState<string | null>(null);
  const [counts, setCounts] = useState<Map<number, CampaignOfferCounts>>(new Map());
  const [ended, setEnded] = useState<string | null>(null);
  useEffect(() => {
    fetchCampaignsFx().catch((e: unknown) => setError(e instanceof Error ? e.message : 'Could not load the campaigns'));
    api.get<CampaignOfferCounts[]>('/api/rest/dr-campaigns/offer-counts').then(
      (list) => setCounts(new Map(list.map((c) => [c.campaignId, c]))),
      () => setError('Could not load how many offers each campaign issued'),
    );
  }, []);
  // The counts ride on the rows: the table re-renders a row when its value changes, not when a cell's closure does.
  const rows = useMemo(() => (campaigns ?? []).map((c) => ({ ...c, counts: counts.get(c.id) })), [campaigns, counts]);
  const offers = (c: Row) => {
    const n = c.counts;
    if (!n) return '—';
    return (
      <span className="campaign-tool__counts">
        {n.issued} issued ({n.claimed} claimed through the link, {n.patientEvents} after a treatment), {n.reminded} reminded
      </span>
    );
  };
  /** Ends an ACTIVE campaign after a confirmation (POST /dr-campaigns/{id}/end), then reads the list again. */
  const askToEnd = (c: Campaign) =>
    confirm({
      title: `End ${c.campaignName}?`,
      message: 'Members can no longer claim its offer, through its link or after a treatment. Offers already issued stay in their wallets.',
      yesLabel: 'End campaign',
      noLabel: 'Keep it running',
      onYes: () => {
        setError(null);
        setEnded(null);
        api.post<Campaign>(`/api/rest/dr-campaigns/${c.id}/end`, {}).then(
          () => {
            setEnded(`Ended ${c.campaignName}.`);
            return fetchCampaignsFx();
          },
          (e: unknown) => setError(e instanceof Error ? e.message : `Could not end ${c.campaignName}`),
        );
      },
    });
  const actions = (c: Campaign) =>
    c.statusTypeCode === 'ACTIVE' ? (
      <Button label="End" icon="pi pi-stop-circle" severity="danger" size="small" aria-label={`End ${c.campaignName}`} onClick={() => askToEnd(c)} />
    ) : null;
  const name = (c: Campaign) => <Link href={`/campaign-tool/campaign-configuration?id=${c.id}`}>{c.campaignName}</Link>;
  const link = (c: Campaign) =>
    c.statusTypeCode === 'DRAFT' ? '—' : <code>{`/login?utm_id=${c.id}${c.mkCode ? `&utm_campaign=${c.mkCode.toLowerCase()}` : ''}`}</code>;
  return (
    <section className="campaign-tool" aria-labelledby="campaign-tool-title">
      <h1 id="campaign-tool-title">Campaign Tool</h1>
      <div className="campaign-tool__toolbar">
        <Link href="/campaign-tool/campaign-configuration" className="p-button">
          New campaign
        </Link>
      </div>
      {error && <Message severity="error" text={error} />}
      {ended && <Message severity="success" role="status" text={ended} />}
      <DataTable value={rows} loading={campaigns === null && !error} dataKey="id" emptyMessage="No campaigns yet" size="small">
        <Column header="Name" body={name} />
        <Column header="Status" body={(c: Row) => STATUS_WORDS[c.statusTypeCode]} />
        <Column field="mkCode" header="Marketing code" />
        <Column header="From" body={(c: Campaign) => dateCell(c.fromDate)} />
        <Column header="Through" body={(c: Campaign) => dateCell(c.thruDate)} />
        <Column
          header="Offer"
          body={(c: Campaign) => (c.certificateAmount ? `${formatDollars(c.certificateAmount)} ${c.certificateCategoryCode ?? ''}` : '—')}
        />
        <Column header="Offers" body={offers} />
        <Column header="Marketing link" body={link} />
        <Column header="Actions" body={actions} />
      </DataTable>
    </section>
  );
}
