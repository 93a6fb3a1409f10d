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

/**
 * One fictional practice in each ZIP area's main city beyond California, so a demo search from any region finds one
 * (a search from ZIP 10001 found nothing anywhere). Seeded on its own, so a demo database seeded before gets them too.
 */
export const regionalPractices: [string, string, string, string, number, number, string][] = [
  ['Back Bay Aesthetics Demo', '1 Example Row, Boston, MA', '02108', '6175550101', 42.3588, -71.0707, 'BRAND_A,BRAND_B'],
  ['Chelsea Skin Demo Studio', '200 Sample Ave, New York, NY', '10001', '2125550102', 40.7484, -73.9967, 'BRAND_A,BRAND_B'],
  ['Rittenhouse Demo Dermatology', '15 Placeholder St, Philadelphia, PA', '19103', '2155550103', 39.9496, -75.1718, 'BRAND_A'],
  ['Capitol Glow Demo Clinic', '8 Fictional Ct NW, Washington, DC', '20001', '2025550104', 38.9072, -77.0219, 'BRAND_B'],
  ['Peachtree Demo Medical Spa', '44 Invented Way, Atlanta, GA', '30303', '4045550105', 33.7557, -84.3882, 'BRAND_A,BRAND_B'],
  ['Brickell Demo Aesthetics', '9 Mock Blvd, Miami, FL', '33131', '3055550106', 25.7617, -80.1918, 'BRAND_A'],
  ['Short North Demo Skin', '3 Test Lane, Columbus, OH', '43215', '6145550107', 39.9612, -83.0007, 'BRAND_B'],
  ['Loop Demo Dermatology', '70 Demo Plaza, Chicago, IL', '60601', '3125550108', 41.8841, -87.6257, 'BRAND_A,BRAND_B'],
  ['North Loop Demo Clinic', '5 Sample Rd, Minneapolis, MN', '55401', '6125550109', 44.9869, -93.2716, 'BRAND_A'],
  ['Uptown Demo Aesthetics', '12 Example Dr, Dallas, TX', '75201', '2145550110', 32.7905, -96.8013, 'BRAND_A,BRAND_B'],
  ['Midtown Demo Skin Houston', '21 Placeholder Pkwy, Houston, TX', '77002', '7135550111', 29.7589, -95.3677, 'BRAND_B'],
  ['LoDo Demo Medical Spa', '6 Fictional St, Denver, CO', '80202', '3035550112', 39.7539, -104.9963, 'BRAND_A'],
  ['Roosevelt Row Demo Clinic', '18 Invented Ave, Phoenix, AZ', '85004', '6025550113', 33.4532, -112.0654, 'BRAND_A,BRAND_B'],
  ['SoMa Demo Dermatology', '400 Mock St, San Francisco, CA', '94103', '4155550114', 37.7749, -122.4124, 'BRAND_B'],
  ['Pike Place Demo Aesthetics', '2 Test Pl, Seattle, WA', '98101', '2065550115', 47.6097, -122.3331, 'BRAND_A,BRAND_B'],
];

/** Inserts the demo practices of California (a name already there is left as it is). */
export const insertDemoPractices = (db: pg.PoolClient) => insertPractices(db, practices);
/** Inserts one demo practice per ZIP area. */
export const insertRegionalDemoPractices = (db: pg.PoolClient) => insertPractices(db, regionalPractices);

async function insertPractices(db: pg.PoolClient, list: [string, string, string, string, number, number, string][]): Promise<void> {
  for (const [name, address, zip, phone, lat, lon, brands] of list) {
    await db.query(
      'INSERT INTO specialist_practices (name, address, postal_code, phone, latitude, longitude, brands) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (name) WHERE practice_id IS NULL DO NOTHING',
      [name, address, zip, phone, lat, lon, brands.split(',')],
    );
  }
}
