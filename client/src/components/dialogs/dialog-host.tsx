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
      <Dialog visible={innerLoader.open} onHide={() => undefined} closable={false} showHeader={false} className="dialog dialog--loader" ariaCloseIconLabel="Close">
        <div role="status" className="dialog__loader">
          <ProgressSpinner style={{ width: '3rem', height: '3rem' }} aria-hidden="true" />
          <span>{innerLoader.content?.message ?? 'Please wait…'}</span>
        </div>
      </Dialog>
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
