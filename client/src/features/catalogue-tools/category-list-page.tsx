import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { formatDate, formatDollars, formatPoints } from '../../lib/format';
import { categoryApi, type CertificateCategory } from './api/catalogue-api';
import { groupsApi } from '../../components/group-editor/groups-api';
import { errorText } from './components/field-errors';
import './catalogue-tools.css';

const variantsText = (c: CertificateCategory) =>
  c.variants.length ? c.variants.map((v) => `${formatDollars(v.amount)} for ${formatPoints(v.purchaseAmount)} pts`).join(', ') : '—';

/** When a category is on sale, in words and MM/DD/YYYY. */
const saleText = (c: CertificateCategory) =>
  c.startDate && c.endDate
    ? `${formatDate(c.startDate)} to ${formatDate(c.endDate)}`
    : c.startDate
      ? `From ${formatDate(c.startDate)}`
      : c.endDate
        ? `Until ${formatDate(c.endDate)}`
        : 'Always';

/** /admin-tools/cert-definition-tool: every certificate category, each opening its configuration. */
export default function CategoryListPage() {
  const [categories, setCategories] = useState<CertificateCategory[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [groupNames, setGroupNames] = useState<Map<number, string>>(new Map());
  useEffect(() => {
    categoryApi.list().then(setCategories, (e: unknown) => setError(errorText(e, 'Could not load the certificate categories')));
    // Without the groups a category still shows its group's number.
    groupsApi.groups().then(
      (p) => setGroupNames(new Map(p.items.map((g) => [g.id, g.name]))),
      () => undefined,
    );
  }, []);
  const offeredTo = (c: CertificateCategory) => (c.groupId === null ? 'Every member' : (groupNames.get(c.groupId) ?? `Group ${c.groupId}`));
  const code = (c: CertificateCategory) => (
    <Link href={`/cert-definition-tool/configure?code=${encodeURIComponent(c.certificateCategoryCode)}`}>{c.certificateCategoryCode}</Link>
  );
  return (
    <section className="catalogue-tools" aria-labelledby="category-list-title">
      <h1 id="category-list-title">Certificate Definition Tool</h1>
      <div className="catalogue-tools__toolbar">
        <Link href="/cert-definition-tool/configure" className="p-button">
          New category
        </Link>
      </div>
      {error && <Message severity="error" text={error} />}
      <DataTable
        value={categories ?? []}
        loading={categories === null && !error}
        dataKey="certificateCategoryCode"
        emptyMessage="No certificate categories"
        size="small"
        data-testid="categories"
      >
        <Column header="Code" body={code} />
        <Column field="certificateCategoryName" header="Name" />
        <Column header="Type" body={(c: CertificateCategory) => (c.certificateCategoryType === 'PURCHASABLE' ? 'Purchasable' : 'Not purchasable')} />
        <Column header="Status" body={(c: CertificateCategory) => (c.displayStatusTypeCode === 'ACTIVE' ? 'Active' : 'Inactive')} />
        <Column header="Variants" body={variantsText} />
        <Column header="On sale" body={saleText} />
        <Column header="Offered to" body={offeredTo} />
        <Column header="Cancels treatment points" body={(c: CertificateCategory) => (c.nullifyAwards ? 'Yes' : 'No')} />
      </DataTable>
    </section>
  );
}
