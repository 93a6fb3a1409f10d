import { Message } from 'primereact/message';
import { useState } from 'react';
import { formatPoints } from '../../lib/format';
import { RequirePracticeStaff } from './components/require-practice-staff';
import { CheckoutForm } from './components/checkout-form';
import { PatientLookup } from './components/patient-lookup';
import { RecentTreatments } from './components/recent-treatments';
import type { Patient, Recorded } from './api';

/** The front desk: find the patient, check them out, see and correct what was recorded. */
export default function PracticeDeskPage() {
  const [patient, setPatient] = useState<Patient | null>(null);
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  return (
    <RequirePracticeStaff>
      <section className="practice-page" aria-labelledby="desk-title">
        <h1 id="desk-title">Front desk</h1>
        {recorded && (
          <Message
            severity="success"
            role="status"
            text={
              // No position: nothing new was written, the ticket's id had been recorded (another tab, an earlier try).
              recorded.position === ''
                ? 'Already recorded: this ticket was recorded before (in another tab or an earlier try). It is one treatment; nothing was added.'
                : `Recorded: the patient sees ${formatPoints(recorded.expectedPoints)} pending points now${recorded.status === 'PENDING_APPROVAL' ? ', once they confirm the financing' : ''}.`
            }
          />
        )}
        <PatientLookup
          onChosen={(p) => {
            setPatient(p);
            setRecorded(null);
          }}
        />
        {patient && (
          <CheckoutForm
            key={`${patient.paxId}-${recorded?.treatmentId ?? ''}`}
            patient={patient}
            onRecorded={(r) => {
              setRecorded(r);
              setPatient(null);
            }}
          />
        )}
        <RecentTreatments waitForPosition={recorded?.position} />
      </section>
    </RequirePracticeStaff>
  );
}
