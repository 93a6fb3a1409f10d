import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { PageLoader } from '../../components/page-loader';
import { useSession } from '../../session/session-provider';
import { $contacts, fetchContactsFx } from '../../stores/contacts';
import { $participant } from '../../stores/participant';
import { DeleteMyAccount } from './components/delete-my-account';
import { DownloadMyData } from './components/download-my-data';
import { EmailList } from './components/email-list';
import { MessagePreferencesForm } from './components/message-preferences-form';
import { PhoneList } from './components/phone-list';
import { PersonalInfoForm } from './components/personal-info-form';

export default function ProfilePage() {
  const { pax, impersonated } = useSession();
  const [participant, contacts] = useUnit([$participant, $contacts]);
  useEffect(() => {
    if (pax) void fetchContactsFx(pax.paxId).catch(() => undefined);
  }, [pax]);
  const member = participant ?? pax;
  return (
    <section className="profile" aria-labelledby="profile-title">
      <h1 id="profile-title">Personal Info</h1>
      {/* The form starts from the full record (ZIP, birth date), so it waits for it. */}
      {pax && participant && 'postalCode' in participant ? (
        <PersonalInfoForm
          key={pax.paxId}
          paxId={pax.paxId}
          staff={impersonated}
          current={{
            firstName: participant.firstName,
            lastName: participant.lastName,
            postalCode: typeof participant.postalCode === 'string' ? participant.postalCode : null,
            dateOfBirth: typeof participant.dateOfBirth === 'string' ? participant.dateOfBirth : null,
          }}
        />
      ) : (
        <p>
          {member?.firstName} {member?.lastName}
        </p>
      )}
      {!contacts || !pax ? (
        <PageLoader label="Loading contact details" />
      ) : (
        <>
          <PhoneList paxId={pax.paxId} phones={contacts.phones} />
          <EmailList paxId={pax.paxId} emails={contacts.emails} />
          <MessagePreferencesForm paxId={pax.paxId} />
          <DownloadMyData paxId={pax.paxId} />
          {/* Staff acting as the member erase from the support view, with a reason: the password here is the member's. */}
          {!impersonated && <DeleteMyAccount paxId={pax.paxId} />}
        </>
      )}
    </section>
  );
}
