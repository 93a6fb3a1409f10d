import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { NativeSelect } from '../../components/native-select';
import { isApiError, problemMessage } from '../../lib/problem';
import { practiceApi, type StaffMember } from './api';
import { RequirePracticeStaff } from './components/require-practice-staff';
import { PracticeKeys } from './components/practice-keys';

const ROLES = [
  { label: 'Front desk', value: 'FRONT_DESK' },
  { label: 'Practice administrator', value: 'PRACTICE_ADMIN' },
];

/** The practice's staff: invite by e-mail, remove (their sessions end at once). */
export default function PracticeStaffPage() {
  const [staff, setStaff] = useState<StaffMember[] | null>(null);
  const [form, setForm] = useState({ email: '', firstName: '', lastName: '', role: 'FRONT_DESK' });
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const load = useCallback(() => void practiceApi.staff().then(setStaff), []);
  useEffect(load, [load]);

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await practiceApi.invite(form);
      setMessage({ severity: 'success', text: `Invitation sent to ${form.email.trim()}.` });
      setForm({ email: '', firstName: '', lastName: '', role: 'FRONT_DESK' });
      load();
    } catch (e) {
      setMessage({ severity: 'error', text: isApiError(e) ? problemMessage(e.problem) : 'The invitation was not sent.' });
    }
  };
  const remove = async (member: StaffMember) => {
    await practiceApi.remove(member.userId);
    setMessage({ severity: 'success', text: `${member.firstName} ${member.lastName} was removed.` });
    load();
  };

  return (
    <RequirePracticeStaff admin>
      <section className="practice-page" aria-labelledby="staff-title">
        <h1 id="staff-title">Staff</h1>
        {message && <Message severity={message.severity} text={message.text} role={message.severity === 'error' ? 'alert' : 'status'} />}
        <ul className="practice-list" aria-label="Staff">
          {staff?.map((m) => (
            <li key={m.userId}>
              {m.firstName} {m.lastName} ({m.email}), {m.role === 'PRACTICE_ADMIN' ? 'practice administrator' : 'front desk'}, {m.status.toLowerCase()}
              {m.status !== 'REMOVED' && (
                <Button type="button" text label="REMOVE" aria-label={`Remove ${m.firstName} ${m.lastName}`} onClick={() => void remove(m)} />
              )}
            </li>
          ))}
        </ul>
        <h2>Invite someone</h2>
        <form className="practice-form" onSubmit={invite}>
          <label htmlFor="invite-email">E-mail address</label>
          <InputText id="invite-email" type="email" required value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
          <label htmlFor="invite-first">First name</label>
          <InputText id="invite-first" required value={form.firstName} onChange={(e) => setForm({ ...form, firstName: e.target.value })} />
          <label htmlFor="invite-last">Last name</label>
          <InputText id="invite-last" required value={form.lastName} onChange={(e) => setForm({ ...form, lastName: e.target.value })} />
          <label htmlFor="invite-role">Role</label>
          <NativeSelect id="invite-role" value={form.role} options={ROLES} onChange={(role) => setForm({ ...form, role })} />
          <Button type="submit" label="SEND THE INVITATION" />
        </form>
        <PracticeKeys />
      </section>
    </RequirePracticeStaff>
  );
}
