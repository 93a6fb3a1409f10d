import type { Migration } from '../../projections/migrations/migration';

/**
 * The specialist finder's tables, and a small reference table of ZIP centroids (the area of the demo). The SQL is fixed
 * text: a shipped migration never changes (the runner checks its checksum). The fictional demo practices are seeded
 * only in the embedded default (server/specialists/demo-practices.ts), not written into a configured database.
 */
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
      INSERT INTO zip_locations (postal_code, city, latitude, longitude) VALUES ('92612', 'Irvine', 33.6605, -117.8264);
      INSERT INTO zip_locations (postal_code, city, latitude, longitude) VALUES ('92614', 'Irvine', 33.6817, -117.8331);
      INSERT INTO zip_locations (postal_code, city, latitude, longitude) VALUES ('92618', 'Irvine', 33.6564, -117.7446);
      INSERT INTO zip_locations (postal_code, city, latitude, longitude) VALUES ('92660', 'Newport Beach', 33.6333, -117.8744);
      INSERT INTO zip_locations (postal_code, city, latitude, longitude) VALUES ('92626', 'Costa Mesa', 33.6784, -117.9087);
      INSERT INTO zip_locations (postal_code, city, latitude, longitude) VALUES ('92651', 'Laguna Beach', 33.5427, -117.7854);
      INSERT INTO zip_locations (postal_code, city, latitude, longitude) VALUES ('92780', 'Tustin', 33.7368, -117.8189);
      INSERT INTO zip_locations (postal_code, city, latitude, longitude) VALUES ('92691', 'Mission Viejo', 33.6126, -117.6647);
      INSERT INTO zip_locations (postal_code, city, latitude, longitude) VALUES ('92807', 'Anaheim', 33.8497, -117.789);
      INSERT INTO zip_locations (postal_code, city, latitude, longitude) VALUES ('92701', 'Santa Ana', 33.7483, -117.8593);
      INSERT INTO zip_locations (postal_code, city, latitude, longitude) VALUES ('90802', 'Long Beach', 33.7672, -118.191);
      INSERT INTO zip_locations (postal_code, city, latitude, longitude) VALUES ('90012', 'Los Angeles', 34.0614, -118.2385);
      INSERT INTO zip_locations (postal_code, city, latitude, longitude) VALUES ('92101', 'San Diego', 32.7194, -117.1628);
    `,
  },
  {
    // One well-known ZIP per national ZIP area (its first digit), so a search from anywhere in the country can be
    // answered (10001 was "outside the area we can search"). Centroids rounded to about a mile.
    id: '0611-zip-locations-every-area',
    sql: `
      INSERT INTO zip_locations (postal_code, city, latitude, longitude) VALUES
        ('02108', 'Boston', 42.3576, -71.0637),
        ('10001', 'New York', 40.7506, -73.9972),
        ('19103', 'Philadelphia', 39.9522, -75.1742),
        ('20001', 'Washington', 38.9109, -77.0177),
        ('30303', 'Atlanta', 33.7529, -84.3925),
        ('33131', 'Miami', 25.7664, -80.1919),
        ('43215', 'Columbus', 39.9653, -83.0124),
        ('48226', 'Detroit', 42.3317, -83.0479),
        ('55401', 'Minneapolis', 44.9848, -93.2693),
        ('60601', 'Chicago', 41.8858, -87.6229),
        ('63101', 'St. Louis', 38.6315, -90.1923),
        ('75201', 'Dallas', 32.7876, -96.7994),
        ('77002', 'Houston', 29.7573, -95.3647),
        ('80202', 'Denver', 39.7527, -104.9992),
        ('85004', 'Phoenix', 33.4511, -112.0686),
        ('94103', 'San Francisco', 37.7726, -122.4099),
        ('98101', 'Seattle', 47.6114, -122.3305)
      ON CONFLICT (postal_code) DO NOTHING;
    `,
  },
];
