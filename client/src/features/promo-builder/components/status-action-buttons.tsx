import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import type { AdminPromotion } from '../api/promo-api';
import { $busy, actionRequested, copyClicked } from '../model';
import { actionsFor, statusActionRules } from '../status-actions';

/** The status actions the promotion's current status allows, and Copy (any status: the way to run one again). */
export function StatusActionButtons({ promotion, size }: { promotion: AdminPromotion; size?: 'small' }) {
  const busy = useUnit($busy);
  return (
    <div className="promo-builder__actions">
      {actionsFor(promotion.statusTypeCode).map((action) => (
        <Button
          key={action}
          label={statusActionRules[action].label}
          aria-label={`${statusActionRules[action].label} ${promotion.name}`}
          size={size}
          outlined={action === 'publish'}
          text={action !== 'publish'}
          severity={action === 'publish' ? undefined : 'danger'}
          disabled={busy}
          onClick={() => actionRequested(promotion, action)}
        />
      ))}
      <Button label="Copy" aria-label={`Copy ${promotion.name}`} size={size} text disabled={busy} onClick={() => copyClicked(promotion)} />
    </div>
  );
}
