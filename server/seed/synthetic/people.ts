import type { Random } from './random';

const FIRST_NAMES = (
  'Olivia Emma Ava Sophia Isabella Mia Amelia Harper Evelyn Abigail Emily Ella Elizabeth Camila Luna Sofia Avery Mila Aria Scarlett ' +
  'Penelope Layla Chloe Victoria Madison Eleanor Grace Nora Riley Zoey Hannah Hazel Lily Ellie Violet Lillian Zoe Stella Aurora ' +
  'Natalie Emilia Everly Leah Aubrey Willow Addison Lucy Audrey Bella Nova Brooklyn Paisley Savannah Claire Skylar Isla Genesis Naomi ' +
  'Elena Caroline James Michael Daniel David Matthew Anthony Christopher Andrew Joshua Ryan Jordan Morgan Taylor Casey Jamie Maria ' +
  'Jennifer Linda Patricia Barbara Susan Jessica Sarah Karen Nancy Lisa Betty Margaret Sandra Ashley'
).split(' ');

const LAST_NAMES = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor ' +
  'Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott ' +
  'Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz ' +
  'Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed ' +
  'Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo ' +
  'Sanders Patel Myers Long Ross Foster Jimenez Okafor Kowalski Fischer Dubois Ito Jensen'
).split(' ');

/**
 * Three-digit ZIP prefixes of real US areas in every region (the first three digits of a ZIP name a sectional centre),
 * with the area code of their phones: postal codes spread across the country, and phones that agree with them.
 */
const AREAS: readonly (readonly [prefix: string, areaCode: string])[] = (
  '100:212 112:718 021:617 191:215 152:412 200:202 212:410 232:804 282:704 303:404 322:904 331:305 336:813 328:407 372:615 381:901 ' +
  '402:502 452:513 441:216 432:614 462:317 482:313 532:414 554:612 606:312 631:314 641:816 681:402 701:504 731:405 752:214 770:713 ' +
  '782:210 787:512 802:303 841:801 850:602 857:520 871:505 891:702 900:213 902:310 921:619 926:949 941:415 945:510 951:408 958:916 ' +
  '972:503 981:206 992:509 995:907 968:808 837:208 590:406 820:307 570:605 580:701 503:515 660:913 722:501 392:601 352:205 296:864 ' +
  '276:919 253:304 197:302 088:732 061:860 029:401 041:207 030:603'
)
  .split(' ')
  .map((pair) => pair.split(':') as [string, string]);

export interface Person {
  firstName: string;
  lastName: string;
  postalCode: string;
  /** Ten digits, as the enrollment keeps it; undefined for members who gave none. */
  phone: string | undefined;
  dateOfBirth: string;
}

/** A member's name, ZIP, phone and birth date (adults 18 to 80 on `today`, most between 25 and 55). */
export function person(random: Random, today: string): Person {
  const [prefix, areaCode] = random.pick(AREAS);
  const year = Number(today.slice(0, 4));
  const age = random.chance(0.8) ? random.int(25, 55) : random.int(18, 80);
  const month = random.int(1, 12);
  const day = random.int(1, 28);
  const birthYear = year - age - 1;
  return {
    firstName: random.pick(FIRST_NAMES),
    lastName: random.pick(LAST_NAMES),
    postalCode: `${prefix}${String(random.int(1, 99)).padStart(2, '0')}`,
    phone: random.chance(0.7) ? `${areaCode}555${String(random.int(0, 9999)).padStart(4, '0')}` : undefined,
    dateOfBirth: `${birthYear}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  };
}
