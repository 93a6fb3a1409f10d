import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { isApiError, problemMessage } from '../../../lib/problem';
import { exportApi } from '../api/export-api';

/** Hands the browser a file: a link to the blob, clicked once and let go (the page's policy allows no inline script, and needs none). */
const saveFile = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/** The right to know: the member downloads everything held about them as one JSON file. */
export function DownloadMyData({ paxId }: { paxId: number }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = () => {
    setBusy(true);
    setFailure(null);
    void exportApi
      .download(paxId)
      .then(
        (blob) => saveFile(blob, `rewards-data-${paxId}.json`),
        (e: unknown) => setFailure(isApiError(e) ? problemMessage(e.problem) : 'Your data could not be downloaded. Please try again.'),
      )
      .finally(() => setBusy(false));
  };
  return (
    <section aria-labelledby="my-data-title">
      <h2 id="my-data-title">Your data</h2>
      <p>
        Download everything the programme holds about you (your details, contacts, points history, certificates, treatments, surveys and who on our staff looked
        at them) as one file.
      </p>
      <Button type="button" label="Download my data" icon="pi pi-download" loading={busy} onClick={download} />
      {failure && <Message severity="error" text={failure} role="alert" />}
    </section>
  );
}
