import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { SURVEY_MODAL_VIEWED_KEY } from '../../../config/session';
import { hasPendingClaim } from '../../../lib/login-events';
import { useSession } from '../../../session/session-provider';
import { $anyDialogOpen } from '../../../stores/dialogs';
import { $availableSurveys, $highestSurveyPoints, fetchAvailableSurveysFx } from '../model';
import '../surveys.css';

const viewed = () => {
  try {
    return sessionStorage.getItem(SURVEY_MODAL_VIEWED_KEY) === 'yes';
  } catch {
    return true;
  }
};
const markViewed = () => {
  try {
    sessionStorage.setItem(SURVEY_MODAL_VIEWED_KEY, 'yes');
  } catch {
    /* storage unavailable: it may show again, which is harmless */
  }
};

/**
 * The survey invitation, at most once per browser session (the flag is cleared at sign-in). Non-modal and in a
 * corner, so it never blocks the page under it; not shown on the survey pages themselves or while impersonating.
 */
export default function SurveyInvitation() {
  const { status, pax, impersonated, events } = useSession();
  const [available, highest, otherDialogOpen] = useUnit([$availableSurveys, $highestSurveyPoints, $anyDialogOpen]);
  const [location, navigate] = useLocation();
  const [visible, setVisible] = useState(false);
  const eligible = status === 'authenticated' && !impersonated && pax !== null && !/^\/(take-survey|surveys|admin-tools)/.test(location);

  useEffect(() => {
    if (eligible && !viewed() && available.length === 0 && pax) void fetchAvailableSurveysFx(pax.paxId).catch(() => undefined);
  }, [eligible, pax, available.length]);
  // One overlay at a time: the invitation waits while an offer-claim dialog (or any other dialog) is up, and comes after.
  const waiting = hasPendingClaim(events) || otherDialogOpen;
  useEffect(() => {
    if (eligible && !waiting && available.length > 0 && !viewed()) {
      markViewed();
      setVisible(true);
    }
  }, [eligible, waiting, available.length]);

  const close = () => setVisible(false);
  return (
    <Dialog
      visible={visible && eligible}
      modal={false}
      position="bottom-right"
      header="SHARE YOUR THOUGHTS"
      className="survey-invitation"
      style={{ width: '352px', maxWidth: '95vw' }}
      onHide={close}
      footer={
        <div className="survey-invitation__buttons">
          <Button label="NOT NOW" text onClick={close} />
          <Button
            label="TAKE A SURVEY"
            onClick={() => {
              close();
              navigate('/surveys');
            }}
          />
        </div>
      }
    >
      <p>Tell us what you think{highest > 0 ? ` and earn up to ${highest.toLocaleString('en-US')} points` : ''}. It only takes a few minutes.</p>
    </Dialog>
  );
}
