import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useState } from 'react';
import { formatDollars } from '../../lib/format';
import { confirm } from '../../stores/dialogs';
import { productApi, type Option, type Product, type ProductFields } from './api/catalogue-api';
import { AuditHistory } from './components/audit-history';
import { PRODUCT_FIELD_LABELS } from './field-labels';
import { errorText, fieldErrorsOf } from './components/field-errors';
import { ProductForm } from './components/product-form';
import './catalogue-tools.css';

type Editing = { product: Product | null } | null;

/** /admin-tools/product-configuration: the products practices report treatments with; add, edit, retire, history. */
export default function ProductConfigurationPage() {
  const [products, setProducts] = useState<Product[] | null>(null);
  const [options, setOptions] = useState<{ brands: Option[]; categories: Option[] }>({ brands: [], categories: [] });
  const [showRetired, setShowRetired] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [historyOf, setHistoryOf] = useState<Product | null>(null);
  const [historyVersion, setHistoryVersion] = useState(0);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(
    () => productApi.list().then(setProducts, (e: unknown) => setMessage({ severity: 'error', text: errorText(e, 'Could not load the products') })),
    [],
  );
  useEffect(() => {
    void load();
    productApi.options().then(setOptions, (e: unknown) => setMessage({ severity: 'error', text: errorText(e, 'Could not load the product options') }));
  }, [load]);

  const open = (product: Product | null) => {
    setErrors({});
    setMessage(null);
    setEditing({ product });
  };
  const save = async (fields: ProductFields) => {
    setSaving(true);
    setErrors({});
    try {
      const saved = editing?.product ? await productApi.update(editing.product.id, fields) : await productApi.create(fields);
      setEditing(null);
      setMessage({ severity: 'success', text: `Saved ${saved.name}.` });
      setHistoryVersion((v) => v + 1);
      await load();
    } catch (e) {
      const byField = fieldErrorsOf(e);
      setErrors(byField);
      setMessage({
        severity: 'error',
        text: Object.keys(byField).length ? 'Please correct the highlighted fields.' : errorText(e, 'Could not save the product'),
      });
    } finally {
      setSaving(false);
    }
  };
  const retire = async (p: Product) => {
    try {
      await productApi.retire(p.id);
      setMessage({ severity: 'success', text: `Retired ${p.name}: it no longer earns points or pays promotions on new treatments.` });
      setHistoryVersion((v) => v + 1);
      await load();
    } catch (e) {
      setMessage({ severity: 'error', text: errorText(e, 'Could not retire the product') });
    }
  };

  const restore = async (p: Product) => {
    try {
      await productApi.restore(p.id);
      setMessage({ severity: 'success', text: `Restored ${p.name}: it is offered on new treatments again.` });
      setHistoryVersion((v) => v + 1);
      await load();
    } catch (e) {
      setMessage({ severity: 'error', text: errorText(e, 'Could not restore the product') });
    }
  };

  const brandName = (code: string) => options.brands.find((b) => b.code === code)?.name ?? code;
  const categoryName = (code: string) => options.categories.find((c) => c.code === code)?.name ?? code;
  // The confirmation is the shared dialog, not state drawn in the row: the table redraws a row when its value changes,
  // not when a closure does, so a row-drawn "Retire?" never appeared and Retire seemed dead.
  const askToRetire = (p: Product) =>
    confirm({
      title: `Retire ${p.name}?`,
      message: 'It will no longer be offered on new treatments, earn points or pay promotions. Treatments already recorded keep what they earned.',
      yesLabel: 'Retire product',
      noLabel: 'Keep it',
      onYes: () => void retire(p),
    });
  const actions = (p: Product) => (
    <div className="catalogue-tools__row-actions">
      {!p.retired && <Button label="Edit" size="small" text aria-label={`Edit ${p.name}`} onClick={() => open(p)} />}
      {!p.retired && (
        <Button label="Retire" size="small" outlined severity="danger" icon="pi pi-ban" aria-label={`Retire ${p.name}`} onClick={() => askToRetire(p)} />
      )}
      {p.retired && <Button label="Restore" size="small" outlined icon="pi pi-replay" aria-label={`Restore ${p.name}`} onClick={() => void restore(p)} />}
      <Button label="History" size="small" text aria-label={`History of ${p.name}`} onClick={() => setHistoryOf(p)} />
    </div>
  );
  const shown = (products ?? []).filter((p) => showRetired || !p.retired);
  const loadHistory = useCallback(() => productApi.history(historyOf?.id ?? 0), [historyOf]);

  return (
    <section className="catalogue-tools" aria-labelledby="product-configuration-title">
      <h1 id="product-configuration-title">Product Configuration</h1>
      <div className="catalogue-tools__toolbar">
        <Button label="New product" onClick={() => open(null)} />
        <span>
          <Checkbox
            inputId="product-show-retired"
            checked={showRetired}
            onChange={(e) => {
              // The banner spoke of the list as it was; a different list makes it stale.
              setMessage(null);
              setShowRetired(!!e.checked);
            }}
          />{' '}
          <label htmlFor="product-show-retired">Show retired products</label>
        </span>
      </div>
      {editing && (
        <ProductForm
          key={editing.product?.id ?? 'new'}
          product={editing.product}
          options={options}
          errors={errors}
          saving={saving}
          onSave={(f) => void save(f)}
          onCancel={() => setEditing(null)}
        />
      )}
      {message && <Message severity={message.severity} text={message.text} role={message.severity === 'error' ? 'alert' : 'status'} />}
      <DataTable value={shown} loading={products === null} dataKey="id" emptyMessage="No products" size="small" data-testid="products">
        <Column field="name" header="Name" />
        <Column header="Category" body={(p: Product) => categoryName(p.category)} />
        <Column header="Brand" body={(p: Product) => brandName(p.brand)} />
        <Column header="MSRP per unit" body={(p: Product) => formatDollars(p.msrpPerUnit)} />
        <Column field="pointsPerUnit" header="Points per unit" />
        <Column header="Status" body={(p: Product) => (p.retired ? 'Retired' : 'Active')} />
        <Column header="Actions" body={actions} />
      </DataTable>
      {/* Remounted after each change, so the history shown includes it. */}
      {historyOf && (
        <AuditHistory key={`${historyOf.id}-${historyVersion}`} title={`History of ${historyOf.name}`} load={loadHistory} fieldLabels={PRODUCT_FIELD_LABELS} />
      )}
    </section>
  );
}
