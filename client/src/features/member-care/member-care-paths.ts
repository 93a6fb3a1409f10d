/** The member-care tools' paths inside the /admin-tools nest (wouter paths there are relative to it). */
export const memberCarePaths = {
  employeeSearch: '/employee-search',
  member: (paxId: number) => `/employee-search/member?paxId=${paxId}`,
  givePoints: (paxId?: number) => (paxId === undefined ? '/give-points' : `/give-points?paxId=${paxId}`),
  impersonate: '/impersonate',
};

/** A paxId from the query string, or null when it is missing or not a participant id. */
export const paxIdParam = (value: string | null): number | null => (value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null);
