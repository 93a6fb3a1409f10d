// A member who enrolled in this tab is greeted as new, not "Welcome back". Kept in sessionStorage, so a reload of
// the first page still greets them as new; a later visit (a new tab, a new sign-in) is a return.
const KEY = 'enrolledPaxId';

export const markEnrolled = (paxId: number, storage: Pick<Storage, 'setItem'> = sessionStorage): void => storage.setItem(KEY, String(paxId));

export const enrolledHere = (paxId: number | undefined, storage: Pick<Storage, 'getItem'> = sessionStorage): boolean =>
  paxId !== undefined && storage.getItem(KEY) === String(paxId);

/** Home's heading: "Welcome" for a member who has just joined, "Welcome back" for everyone else. */
export const welcomeFor = (member: { firstName: string; lastName: string } | null | undefined, isNew: boolean): string =>
  `${isNew ? 'Welcome' : 'Welcome back'}${member ? `, ${member.firstName} ${member.lastName}` : ''}`;
