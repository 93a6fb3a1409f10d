import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useEffect, useState, type FormEvent } from 'react';
import { NativeSelect } from '../../../components/native-select';
import { formatPoints } from '../../../lib/format';
import { isApiError, problemMessage } from '../../../lib/problem';
import { programmeToday } from '../../../lib/programme-calendar';
import { practiceApi, type Patient, type Product, type Recorded, type TicketCheck } from '../api';
import { closeTicket, openTicketId } from '../ticket-id';
import { TicketCertificates } from './ticket-certificates';

interface Line {
  productId: number | null;
  quantity: number;
  firstName: string;
  lastName: string;
}
const emptyLine = (): Line => ({ productId: null, quantity: 1, firstName: '', lastName: '' });
/** The ticket is checked again this long after the desk stops typing. */
const CHECK_AFTER_MS = 250;

/**
 * Today's ticket for the patient found: products and units per injector, the certificates they hold (each with
 * whether it applies to this ticket and why not, and what the ticket earns, as the server decides them), then record.
 * The ticket's id is the patient's open ticket in this browser (ticket-id.ts), so a double click, a retry after a
 * timeout or a second tab record one treatment.
 */
export function CheckoutForm({ patient, onRecorded }: { patient: Patient; onRecorded: (r: Recorded) => void }) {
  const [products, setProducts] = useState<Product[]>([]);
  const [check, setCheck] = useState<TicketCheck | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [lines, setLines] = useState<Line[]>([emptyLine()]);
  const [dateOfService, setDateOfService] = useState(programmeToday());
  const [hcpName, setHcpName] = useState('');
  const [financed, setFinanced] = useState(false);
  const [ticketId] = useState(() => openTicketId(patient.paxId));
  const [reviewing, setReviewing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void practiceApi.products().then(setProducts);
  }, []);

  // The ticket as it stands, checked by the server after a pause in typing; a later check replaces an earlier one.
  const ticketLines = lines.flatMap((l) =>
    l.productId !== null && Number.isInteger(l.quantity) && l.quantity >= 1 && l.quantity <= 1000 ? [{ productId: l.productId, quantity: l.quantity }] : [],
  );
  const ticketKey = JSON.stringify([patient.paxId, dateOfService, ticketLines, chosen]);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      practiceApi
        .checkTicket(patient.paxId, { dateOfService, lineItems: ticketLines, redeemedCertificateCodes: chosen })
        .then((r) => {
          if (!current) return;
          setCheck(r);
          setCheckError(null);
        })
        .catch((e: unknown) => {
          if (current) setCheckError(isApiError(e) ? problemMessage(e.problem) : 'The ticket could not be checked; try again.');
        });
    }, CHECK_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // ticketKey holds every input of the check: it changes exactly when the check's answer may.
  }, [ticketKey]);

  const today = programmeToday();
  const setLine = (i: number, change: Partial<Line>) => setLines((all) => all.map((l, j) => (j === i ? { ...l, ...change } : l)));
  const checked =
    check !== null &&
    JSON.stringify(
      check.certificates
        .filter((c) => c.chosen)
        .map((c) => c.code)
        .sort(),
    ) === JSON.stringify([...chosen].sort());
  const refusedChoice = check?.certificates.find((c) => c.chosen && !c.applies);
  const complete =
    lines.every((l) => l.productId !== null && l.quantity >= 1 && l.firstName.trim() && l.lastName.trim()) &&
    hcpName.trim() !== '' &&
    checked &&
    !refusedChoice;

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
      closeTicket(patient.paxId, ticketId);
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
        <TicketCertificates
          certificates={check?.certificates ?? null}
          chosen={chosen}
          disabled={reviewing}
          onToggle={(code, on) => setChosen((all) => (on ? [...all, code] : all.filter((x) => x !== code)))}
        />
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
          {check === null
            ? 'Checking the ticket…'
            : `Earns ${formatPoints(check.expectedPoints)} points (processed tonight${financed ? ', once the patient confirms' : ''}; other treatments on the same date may lower it)`}
          {chosen.length > 0 && `, using ${chosen.length} certificate${chosen.length > 1 ? 's' : ''}: ${chosen.join(', ')}`}.
        </p>
        {checkError && <Message severity="warn" text={checkError} />}
        {refusedChoice && (
          <Message severity="warn" text={`${refusedChoice.code} does not apply to this ticket: ${refusedChoice.reasons.join('; ')}. Unselect it to record.`} />
        )}
        {error && <Message severity="error" text={error} role="alert" />}
        {reviewing && <Button type="button" text label="Change the ticket" onClick={() => setReviewing(false)} />}
        <Button type="submit" label={reviewing ? 'RECORD THE TREATMENT' : 'REVIEW'} disabled={!complete || busy} loading={busy} />
      </form>
    </section>
  );
}
