/**
 * The admin tools of the admin spec, section 2; their configure pages are reached from each tool. `purpose` is the
 * line the /admin-tools landing shows under each (issue 54, item 8: a bare list said nothing of what each is for).
 */
export const adminToolLinks = [
  { label: 'Campaign Tool', href: '/admin-tools/campaign-tool', purpose: 'Direct-response campaigns: their offer certificate, dates, e-mails and reminders.' },
  {
    label: 'Certificate Definition Tool',
    href: '/admin-tools/cert-definition-tool',
    purpose: 'Certificate categories and their variants: amounts, prices in points, who may buy them and for how long.',
  },
  { label: 'Content', href: '/admin-tools/content', purpose: 'The copy members read: banners, pages, safety and prescribing information.' },
  { label: 'Give Points', href: '/admin-tools/give-points', purpose: 'Award points to one member, with a description they see in their activity.' },
  { label: 'Impersonate', href: '/admin-tools/impersonate', purpose: 'See and act as a member to help them; everything done is recorded under both names.' },
  // It finds members (the spec's route name says employee): named for what it does, at the spec's route.
  {
    label: 'Member Search',
    href: '/admin-tools/employee-search',
    purpose: 'Find a member by name, e-mail or number: their contacts, balance, history replayed and who looked at their data.',
  },
  { label: 'Product Configuration', href: '/admin-tools/product-configuration', purpose: 'Treatment and partner products and the points each unit earns.' },
  {
    label: 'Programme Insight',
    href: '/admin-tools/insights',
    purpose: 'Liability, points earned against burned, the expiry ladder, breakage and what each promotion paid.',
  },
  {
    label: 'Promo Builder',
    href: '/admin-tools/promo-builder',
    purpose: 'Promotions: who is offered them, payout rules and tiers, their pages, and a forecast.',
  },
  { label: 'Survey Builder', href: '/admin-tools/survey-builder', purpose: 'Surveys and tests: questions, points, who is offered them, and their results.' },
  { label: 'System Status', href: '/admin-tools/status', purpose: 'Projection lag, the event store and the outbox: whether the programme is keeping up.' },
] as const;
