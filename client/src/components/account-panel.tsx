import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { paths } from '../config/routes';
import { formatPhone } from '../lib/format';
import { useSession } from '../session/session-provider';
import { $contacts, fetchContactsFx, preferredOf } from '../stores/contacts';
import { $participant } from '../stores/participant';

/** Name, preferred phone and preferred e-mail; with no phone, a prompt to add one. */
export function AccountPanel() {
  const { pax } = useSession();
  const [participant, contacts] = useUnit([$participant, $contacts]);
  const member = participant ?? pax;
  const paxId = pax?.paxId;
  // The store may load after sign-in (it ships with the first page that shows contacts).
  useEffect(() => {
    if (paxId !== undefined && !contacts) void fetchContactsFx(paxId).catch(() => undefined);
  }, [paxId, contacts]);
  const phone = contacts ? preferredOf(contacts.phones) : null;
  const email = contacts ? preferredOf(contacts.emails) : null;
  return (
    <aside className="account-panel" aria-label="Your account" data-testid="account-panel">
      <p className="account-panel__name">{member ? `${member.firstName} ${member.lastName}` : ''}</p>
      {contacts && (
        <>
          {phone ? <p>{formatPhone(phone.phone)}</p> : <Link href={`${paths.profile}#add-phone`}>Add a phone number</Link>}
          {email && <p>{email.emailAddress}</p>}
        </>
      )}
    </aside>
  );
}
