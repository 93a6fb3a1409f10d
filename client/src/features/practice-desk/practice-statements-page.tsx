import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { programmeToday } from '../../lib/programme-calendar';
import { practiceApi, type Statement } from './api';
import { RequirePracticeStaff } from './components/require-practice-staff';
import { StatementDetail } from '../../components/statements/statement-detail';

/** What the programme owes the practice for a month: certificates accepted at face value, voids netted. */
export default function PracticeStatementsPage() {
  const [month, setMonth] = useState(programmeToday().slice(0, 7));
  const [statement, setStatement] = useState<Statement | null>(null);
  useEffect(() => {
    setStatement(null);
    if (/^\d{4}-\d{2}$/.test(month)) void practiceApi.statement(month).then(setStatement);
  }, [month]);
  return (
    <RequirePracticeStaff>
      <section className="practice-page" aria-labelledby="statements-title">
        <h1 id="statements-title">Statements</h1>
        <label htmlFor="statement-month">Month</label>
        <InputText id="statement-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        {statement === null ? <p>Loading…</p> : <StatementDetail statement={statement} loadTreatment={practiceApi.treatment} />}
      </section>
    </RequirePracticeStaff>
  );
}
