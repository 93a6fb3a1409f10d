/** The `openIsi` window event: `window.dispatchEvent(new CustomEvent('openIsi', { detail: { brand: 'BRAND_A' } }))`. */
export const OPEN_ISI_EVENT = 'openIsi';
export const ISI_SECTION_ID = 'important-safety-information';
export const isiBrandSectionId = (brand: string) => `isi-${brand.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

export const openIsi = (brand?: string) => window.dispatchEvent(new CustomEvent(OPEN_ISI_EVENT, { detail: { brand } }));

export const scrollToIsi = (brand?: string) => {
  const target = (brand && document.getElementById(isiBrandSectionId(brand))) || document.getElementById(ISI_SECTION_ID);
  target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  if (target instanceof HTMLElement) target.focus({ preventScroll: true });
};
