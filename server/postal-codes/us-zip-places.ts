/**
 * Where a US ZIP code is, from the `zipcodes` package's table (every ZIP the Postal Service assigns, with its centroid;
 * about 42,000). It is 5 MB of JavaScript, so it is loaded on the first question, not when the server starts: most
 * test servers never ask one.
 */
export type ZipPlace = { zip: string; city: string; state: string; latitude: number; longitude: number };

let table: Promise<typeof import('zipcodes')> | null = null;
const zipcodes = () => (table ??= import('zipcodes').then((m) => ('lookup' in m ? m : (m as { default: typeof import('zipcodes') }).default)));

/** The place of a typed ZIP (5 digits, or ZIP+4: the +4 names a delivery route inside it), or undefined when none has it. */
export async function usZipPlace(typed: string): Promise<ZipPlace | undefined> {
  const zip = typed.trim().slice(0, 5);
  if (!/^\d{5}$/.test(zip)) return undefined;
  const found = (await zipcodes()).lookup(zip);
  // The package also holds Canadian postal areas (keyed by letters, never 5 digits); only a US one counts here.
  if (!found || found.country !== 'US') return undefined;
  return { zip: found.zip, city: found.city, state: found.state, latitude: found.latitude, longitude: found.longitude };
}

/** Whether some US address has this ZIP (99999 and 00000 do not). */
export const isUsZipInUse = async (typed: string): Promise<boolean> => (await usZipPlace(typed)) !== undefined;
