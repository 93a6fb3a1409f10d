import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import type { PracticeTreatment, Statement } from '../../../../event-schemas/contract/practices';
import { downloadCsv, toCsv } from '../../lib/csv';
import { formatDate, formatPoints } from '../../lib/format';

export const dollars = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/**
 * One practice's statement for a month, as the practice and the programme's admins both read it: its figures, the
 * certificates by category, each line with the treatment it came from (opened in place), and its CSV.
 */
export function StatementDetail({
  statement,
  loadTreatment,
  headingLevel = 2,
}: {
  statement: Statement;
  loadTreatment: (treatmentId: string) => Promise<PracticeTreatment>;
  /** Its sub-headings' level: 2 on a page of its own, 3 inside a section. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [opened, setOpened] = useState<PracticeTreatment | null>(null);
  const csv = () =>
    downloadCsv(
      `statement-${statement.practiceId}-${statement.month}.csv`,
      toCsv(
        ['Date of service', 'Treatment', 'Certificate', 'Category', 'Value', 'Voided'],
        statement.items.map((i) => [i.dateOfService, i.treatmentId, i.certificateCode, i.category, i.value.toFixed(2), i.voided ? 'yes' : 'no']),
      ),
    );
  return (
    <>
      <dl className="practice-figures">
        <dt>Treatments recorded</dt>
        <dd>{statement.treatmentsRecorded}</dd>
        <dt>Treatments voided</dt>
        <dd>{statement.treatmentsVoided}</dd>
        <dt>Owed to the practice</dt>
        <dd>{dollars(statement.reimbursementTotal)}</dd>
        <dt>Paid</dt>
        <dd>
          {statement.reimbursed
            ? `${dollars(statement.reimbursed.amount)} on ${formatDate(statement.reimbursed.paidAt.slice(0, 10))} (${statement.reimbursed.reference})`
            : 'Not yet'}
        </dd>
      </dl>
      <Heading>By category</Heading>
      {statement.certificates.length === 0 ? (
        <p>No certificates accepted this month.</p>
      ) : (
        <ul>
          {statement.certificates.map((c) => (
            <li key={c.category}>
              {c.category}: {c.count} certificate{c.count === 1 ? '' : 's'}, {dollars(c.value)}
            </li>
          ))}
        </ul>
      )}
      <Heading>Lines</Heading>
      <div className="practice-table-wrap" tabIndex={0} role="region" aria-label="Statement lines">
        <table className="practice-table">
          <thead>
            <tr>
              <th scope="col">Date of service</th>
              <th scope="col">Certificate</th>
              <th scope="col">Category</th>
              <th scope="col">Value</th>
              <th scope="col">Treatment</th>
            </tr>
          </thead>
          <tbody>
            {statement.items.map((i) => (
              <tr key={`${i.treatmentId}-${i.certificateCode}-${i.voided}`}>
                <td>{formatDate(i.dateOfService)}</td>
                <td>
                  {i.certificateCode}
                  {i.voided ? ' (voided)' : ''}
                </td>
                <td>{i.category}</td>
                <td>{dollars(i.value)}</td>
                <td>
                  <Button
                    type="button"
                    text
                    label="Open"
                    aria-label={`Open the treatment of ${formatDate(i.dateOfService)} that used ${i.certificateCode}`}
                    onClick={() => void loadTreatment(i.treatmentId).then(setOpened)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Button type="button" outlined label="DOWNLOAD CSV" onClick={csv} />
      <Dialog header="Treatment" visible={opened !== null} onHide={() => setOpened(null)} style={{ maxWidth: '32rem' }}>
        {opened && (
          <dl className="practice-figures" data-testid="statement-treatment">
            <dt>Ticket</dt>
            <dd>{opened.externalId}</dd>
            <dt>Date of service</dt>
            <dd>{formatDate(opened.dateOfService)}</dd>
            <dt>Status</dt>
            <dd>{opened.status === 'VOIDED' ? 'Voided' : opened.status === 'PROCESSED' ? 'Processed' : 'Pending'}</dd>
            <dt>Points</dt>
            <dd>
              {opened.status === 'VOIDED'
                ? `${formatPoints(opened.pointsReversed ?? 0)} taken back`
                : `${formatPoints(opened.pointsAwarded ?? opened.expectedPoints)}${opened.pointsAwarded === null ? ' expected' : ''}`}
            </dd>
            <dt>Certificates</dt>
            <dd>{opened.redeemedCertificateCodes.join(', ') || 'None'}</dd>
          </dl>
        )}
      </Dialog>
    </>
  );
}
