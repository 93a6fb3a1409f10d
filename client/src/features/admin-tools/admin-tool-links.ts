/** The admin tools of the admin spec, section 2; their configure pages are reached from each tool. */
export const adminToolLinks = [
  { label: 'Campaign Tool', href: '/admin-tools/campaign-tool' },
  { label: 'Certificate Definition Tool', href: '/admin-tools/cert-definition-tool' },
  { label: 'Content', href: '/admin-tools/content' },
  { label: 'Give Points', href: '/admin-tools/give-points' },
  { label: 'Impersonate', href: '/admin-tools/impersonate' },
  // It finds members (the spec's route name says employee): named for what it does, at the spec's route.
  { label: 'Member Search', href: '/admin-tools/employee-search' },
  { label: 'Product Configuration', href: '/admin-tools/product-configuration' },
  { label: 'Programme Insight', href: '/admin-tools/insights' },
  { label: 'Promo Builder', href: '/admin-tools/promo-builder' },
  { label: 'Survey Builder', href: '/admin-tools/survey-builder' },
  { label: 'System Status', href: '/admin-tools/status' },
] as const;
