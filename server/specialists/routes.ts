import type { SpecialistSearch } from '../../event-schemas/contract/programme-info';
import { US_ZIP_CODE, US_ZIP_CODE_RULE, US_ZIP_IN_USE_RULE } from '../../event-schemas/contract/rules';
import * as t from 'io-ts';
import { IntFromString } from '../core/http-codecs';
import { validationProblem } from '../core/problem';
import { usZipPlace } from '../postal-codes/us-zip-places';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { refined } from '../../event-schemas/primitives';
import { milesBetween } from './distance';

// The shape only: whether an address has the ZIP is the national table's answer, in its own words (below).
const PostalCode = refined(t.string, 'PostalCode', US_ZIP_CODE_RULE, (s) => US_ZIP_CODE.test(s.trim()), { pattern: US_ZIP_CODE.source });
const Radius = IntFromString('RadiusMiles', 'must be a radius from 1 to 500 miles', (n) => n >= 1 && n <= 500);

const Specialist = t.type({
  id: t.number,
  name: t.string,
  address: t.string,
  postalCode: t.string,
  phone: t.string,
  brands: t.array(t.string),
  distanceMiles: t.number,
});

export const specialistRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/specialists',
    tag: 'Specialists',
    summary: 'Participating practices within a radius of a ZIP code, nearest first',
    access: 'public',
    query: t.intersection([t.type({ postalCode: PostalCode }), t.partial({ radiusMiles: Radius })]),
    responses: {
      200: { description: 'Practices with their distance', schema: t.type({ postalCode: t.string, radiusMiles: t.number, items: t.array(Specialist) }) },
      400: { description: 'A postal code no US address has (query.postalCode), or a radius outside 1 to 500 miles' },
    },
    handler: async ({ query }) => {
      const zip = query.postalCode.slice(0, 5);
      const radiusMiles = query.radiusMiles ?? 25;
      // Every ZIP in use is placed from the national table (zip_locations held a few cities, and the rest were 404).
      const origin = await usZipPlace(zip);
      if (!origin) throw validationProblem([{ path: 'query.postalCode', message: US_ZIP_IN_USE_RULE }]);
      const rows = await deps.pool.query<{
        id: string;
        name: string;
        address: string;
        postal_code: string;
        phone: string;
        latitude: number;
        longitude: number;
        brands: string[];
      }>('SELECT id, name, address, postal_code, phone, latitude, longitude, brands FROM specialist_practices');
      const items = rows.rows
        .map((r) => ({
          id: Number(r.id),
          name: r.name,
          address: r.address,
          postalCode: r.postal_code,
          phone: r.phone,
          brands: r.brands,
          distanceMiles: Math.round(milesBetween(origin, r) * 10) / 10,
        }))
        .filter((r) => r.distanceMiles <= radiusMiles)
        .sort((a, b) => a.distanceMiles - b.distanceMiles || a.name.localeCompare(b.name));
      return { status: 200, body: { postalCode: zip, radiusMiles, items } satisfies SpecialistSearch };
    },
  }),
];
