import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { formatDate } from '../../../lib/format';
import { isApiError, problemMessage } from '../../../lib/problem';
import { programmeToday } from '../../../lib/programme-calendar';
import { dollars, StatementDetail } from '../../../components/statements/statement-detail';
import { practiceStatementsApi, type Statement, type StatementsOverview } from '../api/insights-api';
import { FigureTable } from './figure-table';

/** The month before this one: the latest whose statements are final, so the one to be paid. */
const lastMonth = (today: string) => {
  const [y, m] = today.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};

/**
 * Every practice's statement for a month: what each is owed for the certificates it accepted (voids netted) and
 * whether it was paid; each opens to its lines and their treatments; a month that has ended can be paid, once.
 */
export function PracticeStatements() {
  const [month, setMonth] = useState(lastMonth(programmeToday()));
  const [overview, setOverview] = useState<StatementsOverview | null>(null);
  const [opened, setOpened] = useState<Statement | null>(null);
  const [paying, setPaying] = useState<StatementsOverview['items'][number] | null>(null);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    setOpened(null);
    if (/^\d{4}-\d{2}$/.test(month)) void practiceStatementsApi.overview(month).then(setOverview);
  }, [month]);
  useEffect(load, [load]);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!paying) return;
    setError(null);
    try {
      await practiceStatementsApi.recordPayment(paying.practiceId, month, reference.trim());
      setPaying(null);
      setReference('');
      load();
    } catch (e) {
      setError(isApiError(e) ? problemMessage(e.problem) : 'The payment was not recorded; try again.');
    }
  };

  return (
    <>
      <label htmlFor="insights-statement-month">Statement month</label>{' '}
      <InputText id="insights-statement-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
      {overview === null ? (
        <p>Loading…</p>
      ) : overview.items.length === 0 ? (
        <p>No practice recorded a treatment in this month.</p>
      ) : (
        <>
          <p>
            {overview.ended ? 'Final: the month has ended.' : 'Still open: the month has not ended, so its figures may grow.'} Owed across practices:{' '}
            {dollars(overview.reimbursementTotal)}.
          </p>
          <FigureTable
            caption={`Practice statements for ${month}`}
            fileName={`practice-statements-${month}.csv`}
            testId="practice-statements-table"
            header={['Practice', 'Treatments recorded', 'Treatments voided', 'Owed (USD)', 'Paid']}
            rows={overview.items.map((i) => [
              i.name,
              i.treatmentsRecorded,
              i.treatmentsVoided,
              i.reimbursementTotal,
              i.reimbursed ? `${formatDate(i.reimbursed.paidAt.slice(0, 10))} (${i.reimbursed.reference})` : 'not yet',
            ])}
            format={(v, column) => (column === 3 ? dollars(Number(v)) : String(v))}
            rowAction={{
              header: 'Statement',
              cell: (row) => {
                const item = overview.items.find((i) => i.name === row[0])!;
                return (
                  <>
                    <Button
                      type="button"
                      text
                      label="Open"
                      aria-label={`Open the statement of ${item.name}`}
                      onClick={() => void practiceStatementsApi.statement(item.practiceId, month).then(setOpened)}
                    />
                    {overview.ended && !item.reimbursed && item.reimbursementTotal > 0 && (
                      <Button type="button" text label="RECORD PAYMENT" aria-label={`Record the payment to ${item.name}`} onClick={() => setPaying(item)} />
                    )}
                  </>
                );
              },
            }}
          />
        </>
      )}
      {opened && (
        <section aria-label={`Statement of ${overview?.items.find((i) => i.practiceId === opened.practiceId)?.name ?? 'the practice'}`}>
          <StatementDetail statement={opened} loadTreatment={practiceStatementsApi.treatment} headingLevel={3} />
        </section>
      )}
      <Dialog header="Record a payment" visible={paying !== null} onHide={() => setPaying(null)} style={{ maxWidth: '32rem' }}>
        {paying && (
          <form className="practice-form" onSubmit={pay}>
            <p>
              {paying.name} is paid {dollars(paying.reimbursementTotal)} for {month}: the statement's total, final since the month ended. This is recorded once.
            </p>
            <label htmlFor="payment-reference">Payment reference (cheque or transfer)</label>
            <InputText id="payment-reference" value={reference} maxLength={100} onChange={(e) => setReference(e.target.value)} />
            {error && <Message severity="error" text={error} role="alert" />}
            <Button type="submit" label="RECORD THE PAYMENT" disabled={reference.trim() === ''} />
          </form>
        )}
      </Dialog>
    </>
  );
}
