import type pg from 'pg';

/** Fictional practices around Orange County, CA (the demo member's ZIP is 92612): demo data of the embedded default only. */
const practices: [string, string, string, string, number, number, string][] = [
  ['Harbor Aesthetics Demo Practice', '100 Example Way, Irvine, CA', '92612', '9495550100', 33.6846, -117.8265, 'BRAND_A,BRAND_B'],
  ['Cypress Skin Studio', '22 Sample Street, Newport Beach, CA', '92660', '9495550111', 33.6189, -117.8711, 'BRAND_A'],
  ['Sandpiper Dermatology Group', '7 Placeholder Ave, Costa Mesa, CA', '92626', '7145550122', 33.6803, -117.9081, 'BRAND_A,BRAND_B'],
  ['Laguna Light Clinic', '415 Fictional Blvd, Laguna Beach, CA', '92651', '9495550133', 33.5427, -117.7854, 'BRAND_B'],
  ['Orchard Hills Medical Spa', '9 Invented Lane, Tustin, CA', '92780', '7145550144', 33.7458, -117.8262, 'BRAND_A'],
  ['Mission Viejo Wellness Demo', '58 Test Court, Mission Viejo, CA', '92691', '9495550155', 33.6, -117.672, 'BRAND_A,BRAND_B'],
  ['Anaheim Hills Aesthetics', '300 Mock Road, Anaheim, CA', '92807', '7145550166', 33.8486, -117.7881, 'BRAND_B'],
  ['Long Beach Harborview Skin', '12 Demo Plaza, Long Beach, CA', '90802', '5625550177', 33.7676, -118.1956, 'BRAND_A'],
];

/** Inserts the demo practices (a name already there is left as it is). */
export async function insertDemoPractices(db: pg.PoolClient): Promise<void> {
  for (const [name, address, zip, phone, lat, lon, brands] of practices) {
    await db.query(
      'INSERT INTO specialist_practices (name, address, postal_code, phone, latitude, longitude, brands) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (name) DO NOTHING',
      [name, address, zip, phone, lat, lon, brands.split(',')],
    );
  }
}
