import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { NativeSelect } from '../../components/native-select';
import { formatDate } from '../../lib/format';
import { CONTENT_TYPES, contentTypeLabel, entryName, listEntries, type ContentEntry } from './model';
import './content-admin.css';

/** /admin-tools/content: every content entry the portal reads, by type, each opening its editor. */
export default function ContentListPage() {
  const [type, setType] = useState<string | null>(null);
  const [entries, setEntries] = useState<ContentEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setEntries(null);
    listEntries(type ?? undefined).then(setEntries, () => setError('Could not load the content entries'));
  }, [type]);
  const name = (e: ContentEntry) => <Link href={`/content/entry?id=${encodeURIComponent(e.id)}`}>{entryName(e)}</Link>;
  return (
    <section className="content-admin" aria-labelledby="content-admin-title">
      <h1 id="content-admin-title">Content</h1>
      <div className="content-admin__toolbar">
        <label htmlFor="content-type-filter">Content type</label>
        <NativeSelect<string | null>
          id="content-type-filter"
          value={type}
          options={[{ label: 'Every type', value: null }, ...CONTENT_TYPES.map((t) => ({ label: t.label, value: t.id as string | null }))]}
          onChange={setType}
        />
        <Link href={`/content/entry${type ? `?type=${type}` : ''}`} className="p-button">
          New entry
        </Link>
      </div>
      {error && <Message severity="error" text={error} role="alert" />}
      <DataTable
        value={entries ?? []}
        loading={entries === null && !error}
        dataKey="id"
        emptyMessage="No entries of this type yet"
        size="small"
        paginator
        rows={25}
      >
        <Column header="Name" body={name} />
        <Column header="Type" body={(e: ContentEntry) => contentTypeLabel(e.contentType)} />
        <Column header="Entry id" body={(e: ContentEntry) => <code>{e.id}</code>} />
        <Column header="Last changed" body={(e: ContentEntry) => formatDate(e.updatedAt)} />
      </DataTable>
    </section>
  );
}
