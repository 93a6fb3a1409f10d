import { formatDollars } from '../../../lib/format';
import type { CertificateItem } from '../../../stores/certificates';
import { certificateHistory, historyDates, historyStatus } from '../certificate-history';

/** The wallet's History tab: used, expired and voided certificates, each with its status and dates. */
export function CertificateHistoryList({ certificates }: { certificates: readonly CertificateItem[] }) {
  const past = certificateHistory(certificates);
  if (!past.length) return <p>No used, expired or voided certificates yet.</p>;
  return (
    <ul className="certificate-list" data-testid="certificate-history">
      {past.map((c) => (
        <li key={c.id} className="certificate certificate--past" data-testid="past-certificate">
          <span className="certificate__amount">{formatDollars(c.amount)}</span>
          <span className="certificate__name">{c.name}</span>
          <span>
            Code <strong>{c.code}</strong>
          </span>
          <span data-testid="past-certificate-status">
            <strong>{historyStatus(c)}</strong> · {historyDates(c)}
          </span>
        </li>
      ))}
    </ul>
  );
}
