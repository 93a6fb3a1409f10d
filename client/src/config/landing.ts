export const LANDING_PATH = '/landing';
export const LANDING_SCROLL_DELAY_MS = 2500;

export const landingSections = {
  membershipPerks: 'membership-perks',
  findSpecialist: 'find-a-specialist',
  ourBrands: 'our-brands',
} as const;

export type LandingSectionId = (typeof landingSections)[keyof typeof landingSections];
