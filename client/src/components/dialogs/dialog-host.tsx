import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProgressSpinner } from 'primereact/progressspinner';
import { $dialogs, dialogClosed } from '../../stores/dialogs';

/** The shared dialogs: notification, confirmation, inner loader and leave-page warning. Loaded when one first opens. */
export default function DialogHost() {
  const { notification, confirmation, innerLoader, leavePage } = useUnit($dialogs);
  const note = notification.content;
  const ask = confirmation.content;
  const close = (name: 'notification' | 'confirmation' | 'leavePage') => () => dialogClosed(name);
  return (
    <>
      <Dialog
        visible={notification.open}
        onHide={close('notification')}
        header={note?.title ?? (note?.severity === 'error' ? 'ERROR' : 'SUCCESS')}
        className={note?.severity === 'error' ? 'dialog dialog--error' : 'dialog'}
        footer={<Button label={note?.buttonLabel ?? 'Ok'} onClick={close('notification')} autoFocus />}
      >
        <p>{note?.message}</p>
      </Dialog>
      <Dialog
        visible={confirmation.open}
        onHide={() => {
          ask?.onNo?.();
          dialogClosed('confirmation');
        }}
        header={ask?.title}
        className="dialog"
        footer={
          <>
            <Button
              label={ask?.noLabel ?? 'No'}
              outlined
              onClick={() => {
                ask?.onNo?.();
                dialogClosed('confirmation');
              }}
            />
            <Button
              label={ask?.yesLabel ?? 'Yes'}
              autoFocus
              onClick={() => {
                ask?.onYes();
                dialogClosed('confirmation');
              }}
            />
          </>
        }
      >
        <p>{ask?.message}</p>
      </Dialog>
      {/* A plain overlay: PrimeReact's dialog can keep its mask when closed mid-animation, and a loader often is. */}
      {innerLoader.open && (
        <div className="inner-loader" role="status" aria-live="polite">
          <div className="inner-loader__box">
            <ProgressSpinner style={{ width: '3rem', height: '3rem' }} aria-hidden="true" />
            <span>{innerLoader.content?.message ?? 'Please wait…'}</span>
          </div>
        </div>
      )}
      <Dialog
        visible={leavePage.open}
        onHide={close('leavePage')}
        header="LEAVE THIS PAGE?"
        className="dialog"
        footer={
          <>
            <Button label="STAY" outlined onClick={close('leavePage')} autoFocus />
            <Button
              label="LEAVE"
              onClick={() => {
                leavePage.content?.onLeave();
                dialogClosed('leavePage');
              }}
            />
          </>
        }
      >
        <p>You have unsaved changes. If you leave now, they will be lost.</p>
      </Dialog>
    </>
  );
}
