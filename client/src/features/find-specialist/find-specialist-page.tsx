import type { Specialist, SpecialistSearch } from '../../../../event-schemas/contract/programme-info';
import { Button } from 'primereact/button';
import { useRef, useState, type FormEvent } from 'react';
import { ValidatedInput } from '../../components/validated-input';
import { api } from '../../lib/api';
import { formatPhone } from '../../lib/format';
import { fieldRefusals } from '../../lib/in-words';
import { isApiError } from '../../lib/problem';
import { formatUsZip } from '../../../../event-schemas/contract/rules';
import { isPostalCode } from '../../lib/validation';

const radii = [5, 10, 25, 50, 100, 250];

export default function FindSpecialistPage() {
  const [zip, setZip] = useState('');
  const [radius, setRadius] = useState(25);
  const [result, setResult] = useState<Specialist[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The server's refusal of the ZIP (one no US address has), said beside the field as the forms say it. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  /** The ZIP and radius the results answer, for an honest "none within N miles". */
  const [asked, setAsked] = useState<{ zip: string; radius: number } | null>(null);
  // Results always answer the ZIP on screen: a refused ZIP clears them, and a slower earlier search cannot land last.
  const searches = useRef(0);
  const search = async (event: FormEvent) => {
    event.preventDefault();
    const mine = ++searches.current;
    setSubmitted(true);
    setError(null);
    setRefusal(null);
    // A missing or malformed ZIP is said once, on the field (it was said there and again below the form).
    if (!isPostalCode(zip)) {
      setResult(null);
      return;
    }
    try {
      const answer = await api.get<SpecialistSearch>('/api/rest/specialists', { query: { postalCode: zip.trim(), radiusMiles: radius }, quiet: true });
      if (mine !== searches.current) return;
      setResult(answer.items);
      setAsked({ zip: zip.trim().slice(0, 5), radius });
    } catch (e) {
      if (mine !== searches.current) return;
      setResult(null);
      // Every ZIP in use is placed, so a refusal is about the ZIP itself and belongs on its field.
      const onField = isApiError(e, 400) ? fieldRefusals(e.problem, { postalCode: 'ZIP code' }).postalCode : undefined;
      if (onField) setRefusal(onField);
      else setError('The search did not work. Please try again.');
    }
  };
  return (
    <section className="specialists" aria-labelledby="specialist-title">
      <h1 id="specialist-title">Find a Specialist</h1>
      <form className="inline-form" onSubmit={search} noValidate role="search">
        <ValidatedInput
          id="specialist-zip"
          label="ZIP code"
          value={zip}
          onValueChange={(v) => {
            setZip(formatUsZip(v));
            setRefusal(null);
          }}
          refusal={refusal}
          required
          inputMode="numeric"
          maxLength={10}
          check={isPostalCode}
          errorMessage="Enter 5 digits, or 5+4 as 12345-6789"
          submitted={submitted}
        />
        <div className="field">
          <label htmlFor="specialist-radius">Within</label>
          <select id="specialist-radius" className="p-inputtext" value={radius} onChange={(e) => setRadius(Number(e.target.value))}>
            {radii.map((r) => (
              <option key={r} value={r}>
                {r} miles
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" label="SEARCH" />
      </form>
      {error && <p role="alert">{error}</p>}
      {result && (
        <>
          <p role="status">
            {result.length === 0 && asked
              ? `No participating specialists within ${asked.radius} miles of ${asked.zip}. Try a wider distance.`
              : `${result.length} specialist${result.length === 1 ? '' : 's'} found`}
          </p>
          <ol className="specialist-list" data-testid="specialists">
            {result.map((s) => (
              <li key={s.id} className="tile">
                <h2>{s.name}</h2>
                <p>{s.address}</p>
                <p>
                  <a href={`tel:${s.phone}`}>{formatPhone(s.phone)}</a> · <span data-testid="distance">{s.distanceMiles.toFixed(1)} miles</span>
                </p>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
