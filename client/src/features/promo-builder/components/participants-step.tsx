import { Message } from 'primereact/message';
import { GroupEditor } from '../../../components/group-editor/group-editor';
import type { StepProps } from './step-props';

/** Step 2: one participant group, built or chosen with the group builder; none means every member. */
export function ParticipantsStep({ draft, errors, set, readOnly, onError }: StepProps & { onError: (message: string) => void }) {
  return (
    <>
      {readOnly ? (
        <p>{draft.groupId === null ? 'Every member (no participant group).' : `Participant group ${draft.groupId}.`}</p>
      ) : (
        <GroupEditor groupId={draft.groupId} onChange={(groupId) => set({ groupId }, ['participants.groupIds'])} onError={onError} />
      )}
      {errors['participants.groupIds'] && <Message severity="error" text={`Participant group: ${errors['participants.groupIds']}`} />}
    </>
  );
}
