import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../../lib/format';
import type { MemberSummary } from '../api/member-care-api';
import { PAGE_SIZE, useMemberSearch } from './use-member-search';

export const fullName = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`;

/**
 * Search box and results shared by Member Search (route employee-search), Impersonate and Give Points: each page says what a row links
 * to and which action buttons it carries.
 */
export function MemberSearch({
  idPrefix,
  memberHref,
  actions,
}: {
  idPrefix: string;
  memberHref?: (m: MemberSummary) => string;
  actions?: (m: MemberSummary) => ReactNode;
}) {
  const { search, page, state, searchFor, goToPage } = useMemberSearch();
  const [draft, setDraft] = useState(search);
  // Back and Forward change the search in the address; the box follows.
  useEffect(() => setDraft(search), [search]);

  const result = state.status === 'done' ? state.result : null;
  const pages = result ? Math.max(1, Math.ceil(result.totalElements / PAGE_SIZE)) : 1;
  const name = (m: MemberSummary) => (memberHref ? <Link href={memberHref(m)}>{fullName(m)}</Link> : fullName(m));

  return (
    <div className="member-search">
      <form
        className="inline-form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          searchFor(draft);
        }}
      >
        <div className="field member-search__field">
          <label htmlFor={`${idPrefix}-search`}>Name, e-mail or member number</label>
          <InputText
            id={`${idPrefix}-search`}
            value={draft}
            maxLength={100}
            onChange={(e) => setDraft(e.target.value)}
            aria-describedby={`${idPrefix}-search-hint`}
          />
          <small id={`${idPrefix}-search-hint`}>Names and e-mails match from their start, in any case; a number matches a member number exactly.</small>
        </div>
        <Button type="submit" label="Search" icon="pi pi-search" />
      </form>
      {state.status === 'failed' && <Message severity="error" text={state.message} role="alert" />}
      <p className="member-search__count" aria-live="polite">
        {state.status === 'loading' && 'Searching…'}
        {result && `${result.totalElements.toLocaleString('en-US')} ${result.totalElements === 1 ? 'member' : 'members'} found for “${search}”`}
      </p>
      {(result || state.status === 'loading') && (
        <>
          <DataTable
            value={result?.items ?? []}
            loading={state.status === 'loading'}
            dataKey="paxId"
            emptyMessage="No member matches"
            size="small"
            aria-label="Members found"
          >
            <Column field="paxId" header="Member #" />
            <Column header="Name" body={name} />
            <Column field="email" header="E-mail" />
            <Column field="postalCode" header="ZIP" />
            <Column header="Enrolled" body={(m: MemberSummary) => formatDate(m.enrolledAt)} />
            <Column header="Role" body={(m: MemberSummary) => (m.isAdmin ? 'Admin' : 'Member')} />
            {actions && <Column header="Actions" body={actions} />}
          </DataTable>
          {pages > 1 && (
            <nav className="pager" aria-label="Search result pages">
              <Button label="PREVIOUS" outlined size="small" disabled={page === 0} onClick={() => goToPage(page - 1)} />
              <span>
                Page {page + 1} of {pages}
              </span>
              <Button label="NEXT" outlined size="small" disabled={page + 1 >= pages} onClick={() => goToPage(page + 1)} />
            </nav>
          )}
        </>
      )}
    </div>
  );
}
