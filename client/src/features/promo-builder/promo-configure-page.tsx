import { useSearch } from 'wouter';
import { PromoWizard } from './components/promo-wizard';
import './promo-builder.css';

/** /admin-tools/promo-builder/configure[?id=]: the wizard for a new promotion, or for a saved one (read-only once published). */
export default function PromoConfigurePage() {
  const id = new URLSearchParams(useSearch()).get('id');
  return <PromoWizard id={id} />;
}
