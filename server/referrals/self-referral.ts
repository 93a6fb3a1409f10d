/** What enrollment knows about the person joining, and what the programme knows about a referral code's owner. */
export interface PersonFacts {
  emails: readonly string[];
  phones: readonly string[];
  lastName: string;
  dateOfBirth: string | null;
  postalCode: string | null;
}

/**
 * One mailbox, however it is spelled: case, dots in the local part and a `+suffix` are ignored, since most mail
 * providers deliver `Jane.Doe+rewards@x.com` to `janedoe@x.com`. Ignoring dots everywhere (not only at Gmail) may
 * refuse a rare genuine friend; that person can still enroll, just without the referral.
 */
export const mailboxOf = (email: string): string => {
  const at = email.trim().toLowerCase().lastIndexOf('@');
  if (at < 0) return email.trim().toLowerCase();
  const lower = email.trim().toLowerCase();
  const local = lower.slice(0, at).split('+')[0].replace(/\./g, '');
  return `${local}@${lower.slice(at + 1)}`;
};

const digits = (phone: string) => phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');
const zip5 = (postalCode: string | null) => (postalCode ?? '').replace(/\D/g, '').slice(0, 5);

/**
 * A referral is refused as a self-referral when the applicant and the code's owner share a mailbox, a phone number,
 * or the same last name, date of birth and 5-digit ZIP together (one of those alone is common among real friends
 * and family; all three together is almost always one person opening a second account).
 */
export const looksLikeSamePerson = (applicant: PersonFacts, owner: PersonFacts): boolean => {
  const ownerMailboxes = new Set(owner.emails.map(mailboxOf));
  if (applicant.emails.some((e) => ownerMailboxes.has(mailboxOf(e)))) return true;
  const ownerPhones = new Set(owner.phones.map(digits).filter((p) => p.length > 0));
  if (applicant.phones.some((p) => ownerPhones.has(digits(p)))) return true;
  return (
    applicant.dateOfBirth !== null &&
    applicant.dateOfBirth === owner.dateOfBirth &&
    nameKey(applicant.lastName) === nameKey(owner.lastName) &&
    zip5(applicant.postalCode).length === 5 &&
    zip5(applicant.postalCode) === zip5(owner.postalCode)
  );
};
