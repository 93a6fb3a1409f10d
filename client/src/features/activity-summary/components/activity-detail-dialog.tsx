import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useEffect, useState } from 'react';
import { formatDate, formatDollars, formatPoints } from '../../../lib/format';
import { fetchActivityDetail, type ActivityHeader, type TreatmentDetail } from '../api/activity-api';
import { isPendingStatus, PENDING_EXPLANATION } from '../pending';

export function ActivityDetailDialog({ header, onClose }: { header: ActivityHeader | null; onClose: () => void }) {
  const [detail, setDetail] = useState<TreatmentDetail | null | 'failed'>(null);
  useEffect(() => {
    setDetail(null);
    if (!header?.detailUrl) return;
    let live = true;
    fetchActivityDetail(header.detailUrl)
      .then((d) => live && setDetail(d))
      .catch(() => live && setDetail('failed'));
    return () => {
      live = false;
    };
  }, [header]);
  const d =
    detail && detail !== 'failed'
      ? {
          ...detail,
          treatmentLineItems: detail.treatmentLineItems ?? [],
          redeemedCertificates: detail.redeemedCertificates ?? [],
          promotionAwards: detail.promotionAwards ?? [],
        }
      : null;
  return (
    <Dialog
      visible={header !== null}
      onHide={onClose}
      header={header ? `${header.activityType} · ${formatDate(header.activityDate)}` : ''}
      className="dialog activity-dialog"
      footer={<Button label="CLOSE" onClick={onClose} autoFocus />}
    >
      {header && !header.detailUrl && <p>{header.description}</p>}
      {detail === 'failed' && <p role="alert">The details could not be loaded.</p>}
      {header?.detailUrl && detail === null && <p>Loading…</p>}
      {d && (
        <div data-testid="activity-detail">
          {d.hcpName && (
            <p>
              Provider: <strong>{d.hcpName}</strong>
            </p>
          )}
          {header?.activityType.startsWith('TREATMENT') && isPendingStatus(d.treatmentStatus ?? '') && <p>{PENDING_EXPLANATION}</p>}
          {d.treatmentLineItems.length === 0 && <p>{header?.description}</p>}
          {d.treatmentLineItems.length > 0 && (
            <div className="table-scroll">
              <table className="simple-table">
                <caption className="visually-hidden">Line items</caption>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Quantity</th>
                    <th scope="col">Injector</th>
                    <th scope="col">Points</th>
                  </tr>
                </thead>
                <tbody>
                  {d.treatmentLineItems.map((line, i) => (
                    <tr key={i}>
                      <td>{line.product.name}</td>
                      <td>{line.quantity}</td>
                      <td>{line.injector ? `${line.injector.firstName} ${line.injector.lastName}` : ''}</td>
                      <td>
                        {isPendingStatus(d.treatmentStatus ?? '') ? 'Points Pending' : 'Points Earned'}
                        {line.award ? `: ${formatPoints(line.award.amount)}` : ''}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {d.redeemedCertificates.length > 0 && (
            <>
              <h3>Redeemed certificates</h3>
              <ul>
                {d.redeemedCertificates.map((c) => (
                  <li key={c.code}>
                    {/* A code the practice reported and the programme does not know carries no amount (the server's detail says null). */}
                    {c.name} ({c.code}): {c.amount === null ? '—' : formatDollars(c.amount)}
                  </li>
                ))}
              </ul>
            </>
          )}
          {d.promotionAwards.length > 0 && (
            <>
              <h3>Promotion awards</h3>
              <ul>
                {d.promotionAwards.map((p, i) => (
                  <li key={i} data-testid="promotion-award">
                    {p.promotion.name}: {p.awardType === 'POINT' ? `${formatPoints(p.award.amount)} points` : `a ${formatDollars(p.award.amount)} certificate`}
                    {p.units !== undefined && p.ruleName ? ` for ${p.units} ${p.units === 1 ? 'unit' : 'units'} (${p.ruleName})` : ''}
                    {p.award.expirationDate ? `, expires ${formatDate(p.award.expirationDate)}` : ''}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </Dialog>
  );
}
