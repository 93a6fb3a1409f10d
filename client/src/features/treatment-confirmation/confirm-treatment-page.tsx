import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { paths } from '../../config/routes';
import { formatDate, formatPoints } from '../../lib/format';
import { inWords } from '../../lib/in-words';
import { isApiError } from '../../lib/problem';
import { confirmationApi, type ConfirmationView, type TreatmentToConfirm } from './api/confirmation-api';

type Phase =
  { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'shown'; view: ConfirmationView } | { kind: 'confirmed'; treatment: TreatmentToConfirm };

const WHY_NOT: Record<'expired' | 'invalid', { title: string; text: string }> = {
  expired: {
    title: 'This link has expired',
    text: 'Confirmation links work for 30 days. Please ask your practice to send you a new one; your treatment is kept until then.',
  },
  invalid: {
    title: 'This link does not work',
    text: 'It may be incomplete or belong to another treatment. Open the link from your most recent e-mail or text message, or contact your practice.',
  },
};

function TreatmentSummary({ treatment }: { treatment: TreatmentToConfirm }) {
  return (
    <dl className="confirm-treatment__summary" data-testid="treatment-summary">
      <dt>Date of service</dt>
      <dd>{formatDate(treatment.dateOfService)}</dd>
      {treatment.practiceName && (
        <>
          <dt>Practice</dt>
          <dd>{treatment.practiceName}</dd>
        </>
      )}
      <dt>Provider</dt>
      <dd>{treatment.hcpName}</dd>
      <dt>Products</dt>
      <dd>
        <ul>
          {treatment.products.map((p) => (
            <li key={p.name}>
              {p.name} × {p.quantity}
            </li>
          ))}
        </ul>
      </dd>
      <dt>Points you can earn</dt>
      <dd>{formatPoints(treatment.expectedPoints)}</dd>
    </dl>
  );
}

/**
 * The page behind the link in a financed treatment's e-mail or text. No sign-in: the single-use token is the proof.
 * It says what is being confirmed before anything is spent, and what a used or expired link means.
 */
export default function ConfirmTreatmentPage() {
  const { id = '' } = useParams<{ id: string }>();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    // A link without its token (cut short by a mail program) is not worth a call: it is simply incomplete.
    if (!token) {
      setPhase({ kind: 'shown', view: { link: 'invalid' } });
      return;
    }
    confirmationApi.read(id, token).then(
      (view) => current && setPhase({ kind: 'shown', view }),
      (e: unknown) =>
        current &&
        // The server refuses a malformed token or id as bad input: to the member that is a link that does not work.
        setPhase(
          isApiError(e, 400) ? { kind: 'shown', view: { link: 'invalid' } } : { kind: 'failed', message: 'We could not read this link. Please try again.' },
        ),
    );
    return () => {
      current = false;
    };
  }, [id, token]);

  const confirm = async (treatment: TreatmentToConfirm) => {
    setBusy(true);
    try {
      await confirmationApi.confirm(id, token);
      setPhase({ kind: 'confirmed', treatment });
    } catch (e) {
      // Someone else (another tab) may have used the link meanwhile: read it again rather than guess.
      const view = await confirmationApi.read(id, token).catch(() => null);
      setPhase(
        view
          ? { kind: 'shown', view }
          : {
              kind: 'failed',
              message: isApiError(e) ? inWords(e.problem, 'We could not confirm. Please try again.') : 'We could not confirm. Please try again.',
            },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="confirm-treatment" aria-labelledby="confirm-title">
      <h1 id="confirm-title">Confirm your financed treatment</h1>
      {phase.kind === 'loading' && <p aria-busy="true">Reading your link…</p>}
      {phase.kind === 'failed' && <Message severity="error" text={phase.message} />}
      {phase.kind === 'shown' && phase.view.link === 'ready' && phase.view.treatment && (
        <>
          <p>Your practice reported this treatment as financed. Confirm that you received it, and its points will be processed with the next nightly run.</p>
          <TreatmentSummary treatment={phase.view.treatment} />
          <Button label="CONFIRM THIS TREATMENT" loading={busy} disabled={busy} onClick={() => void confirm(phase.view.treatment!)} />
          <p className="confirm-treatment__note">If you did not receive this treatment, do not confirm it; contact your practice instead.</p>
        </>
      )}
      {phase.kind === 'shown' && phase.view.link === 'already-confirmed' && (
        <>
          <Message
            severity="info"
            text="This treatment was already confirmed with this link. Nothing more to do: its points follow with the nightly processing."
            role="status"
          />
          {phase.view.treatment && <TreatmentSummary treatment={phase.view.treatment} />}
        </>
      )}
      {phase.kind === 'shown' && (phase.view.link === 'expired' || phase.view.link === 'invalid') && (
        <div role="alert">
          <h2>{WHY_NOT[phase.view.link].title}</h2>
          <p>{WHY_NOT[phase.view.link].text}</p>
        </div>
      )}
      {phase.kind === 'confirmed' && (
        <>
          <Message
            severity="success"
            text="Thank you: your treatment is confirmed. Its points will appear in your activity after the nightly processing."
            role="status"
          />
          <TreatmentSummary treatment={phase.treatment} />
        </>
      )}
      <p>
        <Link href={paths.login}>Sign in</Link> to see your points and activity.
      </p>
    </section>
  );
}
