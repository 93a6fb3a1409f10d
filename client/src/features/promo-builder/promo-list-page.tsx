import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { NativeSelect } from '../../components/native-select';
import { formatDate } from '../../lib/format';
import type { AdminPromotion, ListQuery } from './api/promo-api';
import { $list, $listError, $loading, $notice, $query, $statusOptions, listOpened, noticeDismissed, pageChosen, searchSubmitted, statusChosen } from './model';
import { StatusActionButtons } from './components/status-action-buttons';
import { statusLabel } from './status-actions';
import './promo-builder.css';

/** /admin-tools/promo-builder: promotions by status and name, paged, with the actions each status allows. */
export default function PromoListPage() {
  const [list, error, loading, notice, query, options] = useUnit([$list, $listError, $loading, $notice, $query, $statusOptions]);
  const [search, setSearch] = useState(query.searchName);
  useEffect(() => listOpened(), []);

  const total = list?.totalElements ?? 0;
  const pages = Math.max(1, Math.ceil(total / query.size));
  const name = (p: AdminPromotion) => <Link href={`/promo-builder/configure?id=${p.id}`}>{p.name}</Link>;

  return (
    <section className="promo-builder" aria-labelledby="promo-builder-title">
      <h1 id="promo-builder-title">Promo Builder</h1>
      <div className="promo-builder__toolbar">
        <label htmlFor="promo-status-filter">Status</label>
        <NativeSelect<ListQuery['status']>
          id="promo-status-filter"
          value={query.status}
          options={options.map((o) => ({ label: o.description, value: o.code }))}
          onChange={statusChosen}
        />
        <form
          role="search"
          className="promo-builder__search"
          onSubmit={(e) => {
            e.preventDefault();
            searchSubmitted(search.trim());
          }}
        >
          <label htmlFor="promo-search">Name</label>
          <InputText id="promo-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          <Button type="submit" label="Search" outlined />
        </form>
        <Link href="/promo-builder/configure" className="p-button">
          New promotion
        </Link>
      </div>
      <div aria-live="polite">
        {notice && (
          <div className="promo-builder__notice">
            <Message severity={notice.severity} text={notice.text} />
            <Button label="Dismiss" text size="small" onClick={() => noticeDismissed()} />
          </div>
        )}
      </div>
      {error && <Message severity="error" text={error} />}
      <DataTable value={list?.items ?? []} loading={loading && list === null} dataKey="id" emptyMessage="No promotions" size="small">
        <Column header="Name" body={name} />
        <Column field="promotionCode" header="Code" />
        <Column header="Status" body={(p: AdminPromotion) => statusLabel(p.statusTypeCode)} />
        <Column header="From" body={(p: AdminPromotion) => formatDate(p.fromDate)} />
        <Column header="Through" body={(p: AdminPromotion) => formatDate(p.thruDate)} />
        <Column header="Actions" body={(p: AdminPromotion) => <StatusActionButtons promotion={p} size="small" />} />
      </DataTable>
      <nav className="promo-builder__pager" aria-label="Promotion pages">
        <Button label="Previous" text disabled={query.page === 0} onClick={() => pageChosen({ page: query.page - 1, size: query.size })} />
        <span>
          Page {query.page + 1} of {pages} ({total} {total === 1 ? 'promotion' : 'promotions'})
        </span>
        <Button label="Next" text disabled={query.page + 1 >= pages} onClick={() => pageChosen({ page: query.page + 1, size: query.size })} />
      </nav>
    </section>
  );
}
