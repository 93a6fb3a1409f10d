import { isUsZipInUse, usZipPlace } from '../../../server/postal-codes/us-zip-places';

describe('usZipPlace', () => {
  it('places ZIPs across the country and its territories', async () => {
    expect(await usZipPlace('99501')).toMatchObject({ city: 'Anchorage', state: 'AK' });
    expect(await usZipPlace('00501')).toMatchObject({ state: 'NY' });
    expect(await usZipPlace('00601')).toMatchObject({ state: 'PR' });
    expect(await usZipPlace(' 92612-1234 ')).toMatchObject({ zip: '92612', city: 'Irvine' });
  });

  it('knows no place for a ZIP no address has, nor for anything not shaped as one', async () => {
    for (const typed of ['99999', '00000', '9261', 'K1A', 'abcde', '']) expect(await isUsZipInUse(typed)).toBe(false);
  });
});
