import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useEffect, useState, type FormEvent } from 'react';
import { NativeSelect } from '../../../components/native-select';
import { formatDate, formatPoints } from '../../../lib/format';
import { isApiError, problemMessage } from '../../../lib/problem';
import { programmeToday } from '../../../lib/programme-calendar';
import { newUuid } from '../../../lib/random-id';
import { practiceApi, type Patient, type PatientCertificate, type Product, type Recorded } from '../api';
import { estimatePoints, type TicketLine } from '../estimate';

interface Line extends TicketLine {
  firstName: string;
  lastName: string;
}
const emptyLine = (): Line => ({ productId: null, quantity: 1, firstName: '', lastName: '' });

/**
 * Today's ticket for the patient found: products and units per injector, the certificates they hold (each one the
 * ticket may use, with its dates), what it should earn, then record. The ticket's id is made once, so a double click
 * or a retry after a timeout records one treatment.
 */
export function CheckoutForm({ patient, onRecorded }: { patient: Patient; onRecorded: (r: Recorded) => void }) {
  const [products, setProducts] = useState<Product[]>([]);
  const [certificates, setCertificates] = useState<PatientCertificate[] | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [lines, setLines] = useState<Line[]>([emptyLine()]);
  const [dateOfService, setDateOfService] = useState(programmeToday());
  const [hcpName, setHcpName] = useState('');
  const [financed, setFinanced] = useState(false);
  const [ticketId] = useState(() => `desk-${newUuid()}`);
  const [reviewing, setReviewing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void practiceApi.products().then(setProducts);
    void practiceApi.certificatesOf(patient.paxId).then((r) => setCertificates(r.items));
  }, [patient.paxId]);

  const today = programmeToday();
  const usable = (c: PatientCertificate) =>
    c.activationDate && c.activationDate > dateOfService ? `usable from ${formatDate(c.activationDate)}` : c.expirationDate < today ? 'expired' : null;
  const setLine = (i: number, change: Partial<Line>) => setLines((all) => all.map((l, j) => (j === i ? { ...l, ...change } : l)));
  const complete = lines.every((l) => l.productId !== null && l.quantity >= 1 && l.firstName.trim() && l.lastName.trim()) && hcpName.trim() !== '';
  const estimate = estimatePoints(lines, products);

  const record = async (event: FormEvent) => {
    event.preventDefault();
    if (!reviewing) return setReviewing(true);
    setBusy(true);
    setError(null);
    try {
      const r = await practiceApi.record({
        externalId: ticketId,
        paxId: patient.paxId,
        dateOfService,
        hcpName: hcpName.trim(),
        financed,
        lineItems: lines.map((l) => ({
          productId: l.productId,
          quantity: l.quantity,
          injector: { firstName: l.firstName.trim(), lastName: l.lastName.trim() },
        })),
        redeemedCertificateCodes: chosen,
      });
      onRecorded(r);
    } catch (e) {
      setReviewing(false);
      setError(isApiError(e) ? problemMessage(e.problem) : 'The treatment was not recorded; try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="practice-card" aria-labelledby="checkout-title">
      <h2 id="checkout-title">
        Checkout for {patient.firstName} {patient.lastInitial}. <span className="practice-muted">({patient.memberCode})</span>
      </h2>
      <form className="practice-form" onSubmit={record}>
        <fieldset>
          <legend>Their certificates</legend>
          {certificates === null && <p>Loading their certificates…</p>}
          {certificates?.length === 0 && <p>No active certificates.</p>}
          {certificates?.map((c) => {
            const why = usable(c);
            return (
              <label key={c.code} className="practice-certificate">
                <input
                  type="checkbox"
                  disabled={why !== null || reviewing}
                  checked={chosen.includes(c.code)}
                  onChange={(e) => setChosen((all) => (e.target.checked ? [...all, c.code] : all.filter((x) => x !== c.code)))}
                />{' '}
                {c.name} (${c.amount}, {c.code}), expires {formatDate(c.expirationDate)}
                {why && <span className="practice-muted"> — not today: {why}</span>}
              </label>
            );
          })}
        </fieldset>
        <fieldset disabled={reviewing}>
          <legend>Products</legend>
          {lines.map((l, i) => (
            <div key={i} className="practice-line">
              <label htmlFor={`line-product-${i}`}>Product</label>
              <NativeSelect
                id={`line-product-${i}`}
                value={l.productId}
                placeholder="Choose a product"
                options={products.map((p) => ({ label: `${p.name} (${p.pointsPerUnit} points a unit)`, value: p.id as number | null }))}
                onChange={(v) => setLine(i, { productId: v })}
              />
              <label htmlFor={`line-units-${i}`}>Units</label>
              <InputText
                id={`line-units-${i}`}
                type="number"
                min={1}
                max={1000}
                value={String(l.quantity)}
                onChange={(e) => setLine(i, { quantity: Number(e.target.value) })}
              />
              <label htmlFor={`line-first-${i}`}>Injector first name</label>
              <InputText id={`line-first-${i}`} value={l.firstName} maxLength={100} onChange={(e) => setLine(i, { firstName: e.target.value })} />
              <label htmlFor={`line-last-${i}`}>Injector last name</label>
              <InputText id={`line-last-${i}`} value={l.lastName} maxLength={100} onChange={(e) => setLine(i, { lastName: e.target.value })} />
              {lines.length > 1 && <Button type="button" text label="Remove this product" onClick={() => setLines((all) => all.filter((_, j) => j !== i))} />}
            </div>
          ))}
          <Button type="button" outlined label="ADD A PRODUCT" onClick={() => setLines((all) => [...all, emptyLine()])} />
          <label htmlFor="checkout-date">Date of service</label>
          <InputText id="checkout-date" type="date" max={today} value={dateOfService} onChange={(e) => setDateOfService(e.target.value)} />
          <label htmlFor="checkout-hcp">Practitioner</label>
          <InputText id="checkout-hcp" value={hcpName} maxLength={200} onChange={(e) => setHcpName(e.target.value)} />
          <label>
            <input type="checkbox" checked={financed} onChange={(e) => setFinanced(e.target.checked)} /> Financed (the patient confirms by e-mail or text before
            points are processed)
          </label>
        </fieldset>
        <p role="status" className="practice-estimate">
          Earns about {formatPoints(estimate)} points (processed tonight{financed ? ', once the patient confirms' : ''})
          {chosen.length > 0 && `, using ${chosen.length} certificate${chosen.length > 1 ? 's' : ''}: ${chosen.join(', ')}`}.
        </p>
        {error && <Message severity="error" text={error} role="alert" />}
        {reviewing && <Button type="button" text label="Change the ticket" onClick={() => setReviewing(false)} />}
        <Button type="submit" label={reviewing ? 'RECORD THE TREATMENT' : 'REVIEW'} disabled={!complete || busy} loading={busy} />
      </form>
    </section>
  );
}
