import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { PageLoader } from '../../components/page-loader';
import { formatPhone } from '../../lib/format';
import { useSession } from '../../session/session-provider';
import { $contacts, fetchContactsFx } from '../../stores/contacts';
import { $participant } from '../../stores/participant';

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
      {!contacts ? (
        <PageLoader label="Loading contact details" />
      ) : (
        <>
          <h2>Phone numbers</h2>
          {contacts.phones.length ? (
            <ul data-testid="phones">
              {contacts.phones.map((p) => (
                <li key={p.phone}>
                  {formatPhone(p.phone)} {p.preferred === 'Y' && <span className="badge">Preferred</span>}
                </li>
              ))}
            </ul>
          ) : (
            <p>No phone number yet.</p>
          )}
          <h2>E-mail addresses</h2>
          <ul data-testid="emails">
            {contacts.emails.map((e) => (
              <li key={e.emailAddress}>
                {e.emailAddress} {e.preferred === 'Y' && <span className="badge">Preferred</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
