import { useUnit } from 'effector-react';
import { QRCodeSVG } from 'qrcode.react';
import { $participant } from '../../../stores/participant';

/** The member's code for the front desk, as text to read out and as a QR code to scan. */
export function MemberCodeCard() {
  const participant = useUnit($participant);
  const code = typeof participant?.memberCode === 'string' ? participant.memberCode : null;
  if (!code) return null;
  return (
    <div className="member-code-card" data-testid="member-code">
      <h2>Your member code</h2>
      <p>Show this at your practice's front desk, so they can find you and apply your certificates.</p>
      <QRCodeSVG value={code} size={112} title={`QR code of member code ${code}`} />
      <p className="member-code-card__code" aria-label={`Member code ${code.split('').join(' ')}`}>
        {code.slice(0, 4)} {code.slice(4)}
      </p>
    </div>
  );
}
