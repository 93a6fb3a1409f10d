import type { Migration } from '../../projections/migrations/migration';

/** Fictional practices around Orange County, CA (the demo member's ZIP is 92612), and a small ZIP centroid table for that area. */
const practices: [string, string, string, string, number, number, string][] = [
  ['Harbor Aesthetics Demo Practice', '100 Example Way, Irvine, CA', '92612', '9495550100', 33.6846, -117.8265, 'BRAND_A,BRAND_B'],
  ['Cypress Skin Studio', '22 Sample Street, Newport Beach, CA', '92660', '9495550111', 33.6189, -117.8711, 'BRAND_A'],
  ['Sandpiper Dermatology Group', '7 Placeholder Ave, Costa Mesa, CA', '92626', '7145550122', 33.6803, -117.9081, 'BRAND_A,BRAND_B'],
  ['Laguna Light Clinic', '415 Fictional Blvd, Laguna Beach, CA', '92651', '9495550133', 33.5427, -117.7854, 'BRAND_B'],
  ['Orchard Hills Medical Spa', '9 Invented Lane, Tustin, CA', '92780', '7145550144', 33.7458, -117.8262, 'BRAND_A'],
  ['Mission Viejo Wellness Demo', '58 Test Court, Mission Viejo, CA', '92691', '9495550155', 33.6000, -117.6720, 'BRAND_A,BRAND_B'],
  ['Anaheim Hills Aesthetics', '300 Mock Road, Anaheim, CA', '92807', '7145550166', 33.8486, -117.7881, 'BRAND_B'],
  ['Long Beach Harborview Skin', '12 Demo Plaza, Long Beach, CA', '90802', '5625550177', 33.7676, -118.1956, 'BRAND_A'],
];

const zips: [string, string, number, number][] = [
  ['92612', 'Irvine', 33.6605, -117.8264],
  ['92614', 'Irvine', 33.6817, -117.8331],
  ['92618', 'Irvine', 33.6564, -117.7446],
  ['92660', 'Newport Beach', 33.6333, -117.8744],
  ['92626', 'Costa Mesa', 33.6784, -117.9087],
  ['92651', 'Laguna Beach', 33.5427, -117.7854],
  ['92780', 'Tustin', 33.7368, -117.8189],
  ['92691', 'Mission Viejo', 33.6126, -117.6647],
  ['92807', 'Anaheim', 33.8497, -117.7890],
  ['92701', 'Santa Ana', 33.7483, -117.8593],
  ['90802', 'Long Beach', 33.7672, -118.1910],
  ['90012', 'Los Angeles', 34.0614, -118.2385],
  ['92101', 'San Diego', 32.7194, -117.1628],
];

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

export const specialistMigrations: Migration[] = [
  {
    id: '0610-specialist-practices',
    sql: `
      CREATE TABLE specialist_practices (
        id bigserial PRIMARY KEY,
        name text NOT NULL UNIQUE,
        address text NOT NULL,
        postal_code text NOT NULL,
        phone text NOT NULL,
        latitude double precision NOT NULL,
        longitude double precision NOT NULL,
        brands text[] NOT NULL DEFAULT '{}'
      );
      CREATE TABLE zip_locations (
        postal_code text PRIMARY KEY,
        city text NOT NULL,
        latitude double precision NOT NULL,
        longitude double precision NOT NULL
      );
      ${practices
        .map(([name, address, zip, phone, lat, lon, brands]) => `INSERT INTO specialist_practices (name, address, postal_code, phone, latitude, longitude, brands) VALUES (${q(name)}, ${q(address)}, ${q(zip)}, ${q(phone)}, ${lat}, ${lon}, ${q(`{${brands}}`)});`)
        .join('\n')}
      ${zips.map(([zip, city, lat, lon]) => `INSERT INTO zip_locations (postal_code, city, latitude, longitude) VALUES (${q(zip)}, ${q(city)}, ${lat}, ${lon});`).join('\n')}
    `,
  },
];
