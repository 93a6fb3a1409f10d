import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { NativeSelect } from '../../../components/native-select';
import { api } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { isApiError } from '../../../lib/problem';
import { liveCertificateReceived, type CertificateItem } from '../../../stores/certificates';
import { confirm } from '../../../stores/dialogs';
import { editRequest, isFinal, STATUS_WORDS, statusChoices, type EditableStatus } from '../certificate-edit';

/**
 * Shown only while an admin impersonates the member: change a certificate's status and, optionally, its expiration
 * date (PUT /certificates/{id}; the change is recorded naming the admin and the member). Final statuses are confirmed.
 */
export function CertificateStatusEditor({ certificate }: { certificate: CertificateItem }) {
  const [status, setStatus] = useState<EditableStatus>(certificate.status as EditableStatus);
  const [date, setDate] = useState('');
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const id = `certificate-edit-${certificate.id}`;

  const send = async (body: { status: EditableStatus; expirationDate: string | null }) => {
    setSaving(true);
    try {
      const changed = await api.put<CertificateItem>(`/api/rest/certificates/${encodeURIComponent(certificate.id)}`, body, { quiet: true });
      liveCertificateReceived(changed);
      setMessage({
        error: false,
        text: `Saved: ${STATUS_WORDS[changed.status as EditableStatus] ?? changed.status}, expires ${formatDate(changed.expirationDate)}.`,
      });
      setDate('');
    } catch (e) {
      setMessage({ error: true, text: isApiError(e) ? e.message : 'The certificate could not be changed' });
    } finally {
      setSaving(false);
    }
  };
  const save = () => {
    const request = editRequest(status, date);
    if (!request.ok) return setMessage({ error: true, text: request.error });
    if (!isFinal(status)) return void send(request.body);
    confirm({
      title: `Mark this certificate ${STATUS_WORDS[status].toLowerCase()}?`,
      message: `${certificate.name} (${certificate.code}) can no longer be used by the member. This cannot be undone here.`,
      yesLabel: `Mark ${STATUS_WORDS[status].toLowerCase()}`,
      noLabel: 'Cancel',
      onYes: () => void send(request.body),
    });
  };
  return (
    <fieldset className="certificate-edit" aria-label={`Change ${certificate.name} ${certificate.code}`}>
      <legend>Change status (admin)</legend>
      <label htmlFor={`${id}-status`}>Status</label>
      <NativeSelect<EditableStatus>
        id={`${id}-status`}
        value={status}
        options={statusChoices(certificate.certificateCategoryType).map((s) => ({ label: STATUS_WORDS[s], value: s }))}
        onChange={setStatus}
      />
      <label htmlFor={`${id}-date`}>New expiration date (MM/DD/YYYY, optional)</label>
      <InputText id={`${id}-date`} value={date} placeholder={formatDate(certificate.expirationDate)} maxLength={14} onChange={(e) => setDate(e.target.value)} />
      <Button type="button" label="Save" size="small" loading={saving} onClick={save} />
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'certificate-edit__error' : undefined}>
          {message.text}
        </p>
      )}
    </fieldset>
  );
}
