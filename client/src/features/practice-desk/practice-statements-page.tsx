import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { downloadCsv, toCsv } from '../../lib/csv';
import { formatDate } from '../../lib/format';
import { programmeToday } from '../../lib/programme-calendar';
import { practiceApi, type Statement } from './api';
import { RequirePracticeStaff } from './components/require-practice-staff';

const dollars = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** What the programme owes the practice for a month: certificates accepted at face value, voids netted. */
export default function PracticeStatementsPage() {
  const [month, setMonth] = useState(programmeToday().slice(0, 7));
  const [statement, setStatement] = useState<Statement | null>(null);
  useEffect(() => {
    setStatement(null);
    if (/^\d{4}-\d{2}$/.test(month)) void practiceApi.statement(month).then(setStatement);
  }, [month]);
  const csv = () =>
    statement &&
    downloadCsv(
      `statement-${statement.month}.csv`,
      toCsv(
        ['Date of service', 'Treatment', 'Certificate', 'Category', 'Value', 'Voided'],
        statement.items.map((i) => [i.dateOfService, i.treatmentId, i.certificateCode, i.category, i.value.toFixed(2), i.voided ? 'yes' : 'no']),
      ),
    );
  return (
    <RequirePracticeStaff>
      <section className="practice-page" aria-labelledby="statements-title">
        <h1 id="statements-title">Statements</h1>
        <label htmlFor="statement-month">Month</label>
        <InputText id="statement-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        {statement === null ? (
          <p>Loading…</p>
        ) : (
          <>
            <dl className="practice-figures">
              <dt>Treatments recorded</dt>
              <dd>{statement.treatmentsRecorded}</dd>
              <dt>Treatments voided</dt>
              <dd>{statement.treatmentsVoided}</dd>
              <dt>Owed to the practice</dt>
              <dd>{dollars(statement.reimbursementTotal)}</dd>
            </dl>
            <h2>By category</h2>
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
            <h2>Lines</h2>
            <div className="practice-table-wrap" tabIndex={0} role="region" aria-label="Statement lines">
              <table className="practice-table">
                <thead>
                  <tr>
                    <th scope="col">Date of service</th>
                    <th scope="col">Certificate</th>
                    <th scope="col">Category</th>
                    <th scope="col">Value</th>
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
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Button type="button" outlined label="DOWNLOAD CSV" onClick={csv} />
          </>
        )}
      </section>
    </RequirePracticeStaff>
  );
}
