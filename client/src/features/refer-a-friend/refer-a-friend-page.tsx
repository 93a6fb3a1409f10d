import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { paths } from '../../config/routes';
import { $participant } from '../../stores/participant';

export const referralLink = (origin: string, refCode: string) => `${origin}${paths.enrollment}?refCode=${encodeURIComponent(refCode)}`;

export default function ReferAFriendPage() {
  const participant = useUnit($participant);
  const [copied, setCopied] = useState(false);
  const refCode = typeof participant?.refCode === 'string' ? participant.refCode : null;
  const link = refCode ? referralLink(window.location.origin, refCode) : null;
  return (
    <section className="refer" aria-labelledby="refer-title">
      <h1 id="refer-title">Refer a Friend</h1>
      <p>Share your personal link. When a friend enrolls through it, you both earn a reward after their first treatment.</p>
      {link ? (
        <div className="refer__link">
          <label htmlFor="refer-link">Your personal link</label>
          <input id="refer-link" className="p-inputtext" readOnly value={link} data-testid="referral-link" onFocus={(e) => e.target.select()} />
          <Button
            label={copied ? 'COPIED' : 'COPY LINK'}
            onClick={() => {
              void navigator.clipboard?.writeText(link).then(() => setCopied(true), () => undefined);
            }}
          />
        </div>
      ) : (
        <p>Loading your link…</p>
      )}
    </section>
  );
}
