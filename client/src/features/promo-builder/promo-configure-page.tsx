import { useSearch } from 'wouter';
import { PromoCreateForm } from './components/promo-create-form';
import { PromoRecordView } from './components/promo-record-view';
import './promo-builder.css';

/** /admin-tools/promo-builder/configure[?id=]: a new promotion's form, or a saved one read-only with its actions. */
export default function PromoConfigurePage() {
  const id = new URLSearchParams(useSearch()).get('id');
  return id ? <PromoRecordView id={id} /> : <PromoCreateForm />;
}
