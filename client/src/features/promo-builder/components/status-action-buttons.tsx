import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import type { AdminPromotion } from '../api/promo-api';
import { $busy, actionRequested, copyClicked } from '../model';
import { actionsFor, statusActionRules, type StatusAction } from '../status-actions';

/**
 * How each action looks: End and Stop payments cannot be undone, so they are filled red with their own icons and never
 * look like Copy (a plain text button); Revert to draft hides the promotion from members, so it is outlined amber.
 */
const LOOKS = {
  publish: { outlined: true, icon: 'pi pi-send' },
  'revert-to-draft': { outlined: true, severity: 'warning', icon: 'pi pi-undo' },
  end: { severity: 'danger', icon: 'pi pi-stop-circle' },
  'stop-payments': { severity: 'danger', icon: 'pi pi-ban' },
  delete: { severity: 'danger', outlined: true, icon: 'pi pi-trash' },
} as const satisfies Record<StatusAction, { outlined?: boolean; severity?: 'warning' | 'danger'; icon: string }>;

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
          {...LOOKS[action]}
          disabled={busy}
          onClick={() => actionRequested(promotion, action)}
        />
      ))}
      <Button label="Copy" icon="pi pi-copy" aria-label={`Copy ${promotion.name}`} size={size} text disabled={busy} onClick={() => copyClicked(promotion)} />
    </div>
  );
}
