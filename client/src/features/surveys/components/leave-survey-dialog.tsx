import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { surveyTexts } from '../survey-config';

/** The abandon dialog of the survey screen (352 px wide, member spec section 9). */
export function LeaveSurveyDialog({ visible, onContinue, onDiscard }: { visible: boolean; onContinue: () => void; onDiscard: () => void }) {
  return (
    <Dialog
      visible={visible}
      header={surveyTexts.leaveTitle}
      style={{ width: '352px', maxWidth: '95vw' }}
      onHide={onContinue}
      footer={
        <div className="leave-survey-dialog__buttons">
          <Button label={surveyTexts.continueSurvey} onClick={onContinue} autoFocus />
          <Button label={surveyTexts.discard} severity="secondary" outlined onClick={onDiscard} />
        </div>
      }
    >
      <p>{surveyTexts.leaveText}</p>
    </Dialog>
  );
}
