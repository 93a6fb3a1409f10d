import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { PageLoader } from '../../components/page-loader';
import { useSession } from '../../session/session-provider';
import { $contacts, fetchContactsFx } from '../../stores/contacts';
import { $participant } from '../../stores/participant';
import { EmailList } from './components/email-list';
import { MessagePreferencesForm } from './components/message-preferences-form';
import { PhoneList } from './components/phone-list';

export default function ProfilePage() {
  const { pax } = useSession();
  const [participant, contacts] = useUnit([$participant, $contacts]);
  useEffect(() => {
    if (pax) void fetchContactsFx(pax.paxId).catch(() => undefined);
  }, [pax]);
  const member = participant ?? pax;
  return (
    <section className="profile" aria-labelledby="profile-title">
      <h1 id="profile-title">Personal Info</h1>
      <dl className="details">
        <dt>First name</dt>
        <dd>{member?.firstName}</dd>
        <dt>Last name</dt>
        <dd>{member?.lastName}</dd>
        {typeof participant?.postalCode === 'string' && (
          <>
            <dt>ZIP code</dt>
            <dd>{participant.postalCode}</dd>
          </>
        )}
      </dl>
      {!contacts || !pax ? (
        <PageLoader label="Loading contact details" />
      ) : (
        <>
          <PhoneList paxId={pax.paxId} phones={contacts.phones} />
          <EmailList paxId={pax.paxId} emails={contacts.emails} />
          <MessagePreferencesForm paxId={pax.paxId} />
        </>
      )}
    </section>
  );
}
