import type { RedeemBody } from '../../../../../event-schemas/contract/participants';
import { useMachine } from '@xstate/react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useEffect, useMemo } from 'react';
import { api } from '../../../lib/api';
import { formatDate, formatDollars, formatPoints } from '../../../lib/format';
import { createRedeemMachine, isOptionEnabled, REDEEM_OPTIONS, type RedeemAnswer } from '../redeem.machine';

const redeemPoints = ({ paxId, amount }: { paxId: number; amount: number }) =>
  api.post<RedeemAnswer>(`/api/rest/participants/${paxId}/points/redeem`, { amount, type: 'CONSUMER' } satisfies RedeemBody, { quiet: true });

/** The redeem-points dialog: choose, confirm, success. Its content (paxId, points, divisor) comes from the wallet. */
export function RedeemDialog({
  open,
  paxId,
  points,
  divisor,
  onClose,
}: {
  open: boolean;
  paxId: number;
  points: number;
  divisor: number;
  onClose: () => void;
}) {
  const machine = useMemo(() => createRedeemMachine(redeemPoints), []);
  const [state, send] = useMachine(machine);
  useEffect(() => {
    if (open && state.matches('closed')) send({ type: 'OPEN', paxId, balance: points });
    if (!open && !state.matches('closed')) send({ type: 'CLOSE' });
  }, [open, paxId, points, send, state]);
  useEffect(() => send({ type: 'BALANCE_CHANGED', balance: points }), [points, send]);
  const { amount, error, result } = state.context;
  const close = () => {
    send({ type: 'CLOSE' });
    onClose();
  };
  const value = (p: number) => formatDollars(p / divisor);

  let body: React.ReactNode;
  let footer: React.ReactNode;
  if (state.matches('success') && result) {
    body = (
      <div role="status">
        <p>You redeemed {formatPoints(amount ?? 0)} points.</p>
        <p>
          Your reward <strong>{result.certificate.name}</strong> ({formatDollars(result.certificate.amount)}) is in your wallet, code{' '}
          <strong>{result.certificate.code}</strong>, expiring {formatDate(result.certificate.expirationDate)}.
        </p>
      </div>
    );
    footer = <Button label="DONE" onClick={close} autoFocus />;
  } else if (state.matches('confirming') || state.matches('redeeming')) {
    body = (
      <p>
        Redeem {formatPoints(amount ?? 0)} points for a {value(amount ?? 0)} reward?
      </p>
    );
    footer = (
      <>
        <Button label="BACK" outlined onClick={() => send({ type: 'BACK' })} disabled={state.matches('redeeming')} />
        <Button label="CONFIRM" onClick={() => send({ type: 'CONFIRM' })} loading={state.matches('redeeming')} autoFocus />
      </>
    );
  } else {
    body = (
      <fieldset className="redeem-options">
        <legend>Choose how many points to redeem. You have {formatPoints(points)}.</legend>
        {REDEEM_OPTIONS.map((option) => {
          const enabled = isOptionEnabled(option, points);
          return (
            <label key={option} className={enabled ? 'redeem-option' : 'redeem-option redeem-option--disabled'}>
              <input
                type="radio"
                name="redeem-amount"
                value={option}
                checked={amount === option}
                disabled={!enabled}
                onChange={() => send({ type: 'CHOOSE', amount: option })}
              />
              <span>
                {formatPoints(option)} points = {value(option)}
                {!enabled && <span className="redeem-option__why"> (needs {formatPoints(option - points)} more points)</span>}
              </span>
            </label>
          );
        })}
        {error && <Message severity="error" text={error} role="alert" />}
      </fieldset>
    );
    footer = <Button label="REDEEM" onClick={() => send({ type: 'REDEEM' })} disabled={!state.can({ type: 'REDEEM' })} />;
  }

  return (
    <Dialog visible={open} onHide={close} header="REDEEM POINTS" className="dialog redeem-dialog" footer={footer}>
      {body}
    </Dialog>
  );
}
