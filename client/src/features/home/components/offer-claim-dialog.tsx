import { useMachine } from '@xstate/react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useEffect } from 'react';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../session/session-provider';
import { messageOf, offerClaimMachine, outcomeOf } from '../offer-claim.machine';

/** After a login from a marketing link: the first offer-claim event of the session shows once, and is then removed. */
export default function OfferClaimDialog() {
  const { events, removeEvent } = useSession();
  const [state, send] = useMachine(offerClaimMachine);
  useEffect(() => {
    if (!state.matches('idle')) return;
    const claim = events.find((e) => outcomeOf(e.code) !== null);
    if (claim) send({ type: 'LOGIN_EVENT', event: claim });
  }, [events, send, state]);
  const { outcome, event } = state.context;
  const message = outcome && event ? messageOf(outcome, event, formatDate) : null;
  const close = () => {
    if (event) removeEvent(event.code);
    send({ type: 'CLOSE' });
  };
  return (
    <Dialog
      visible={state.matches('showing')}
      onHide={close}
      header={message?.title}
      className={message?.error ? 'dialog dialog--error' : 'dialog'}
      footer={<Button label="CLOSE" onClick={close} autoFocus />}
    >
      {message?.text.map((t) => (
        <p key={t}>{t}</p>
      ))}
    </Dialog>
  );
}
