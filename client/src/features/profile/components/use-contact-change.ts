import { useState } from 'react';
import { inWords } from '../../../lib/in-words';
import { isApiError } from '../../../lib/problem';
import { fetchContactsFx } from '../../../stores/contacts';

/** Runs one change of the member's contacts, then reads them again; a refusal is shown in words. */
export function useContactChange(paxId: number) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (change: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await change();
      await fetchContactsFx(paxId).catch(() => undefined);
      return true;
    } catch (e) {
      const field = isApiError(e) ? e.problem?.errors?.[0] : undefined;
      setError(
        field
          ? `That ${field.path.endsWith('phone') ? 'phone number' : 'e-mail address'} ${field.message}.`
          : isApiError(e)
            ? inWords(e.problem, 'The change could not be saved. Please try again.')
            : 'The change could not be saved. Please try again.',
      );
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
