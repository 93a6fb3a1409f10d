import { editRequest, isEditable, isFinal, statusChoices } from '../../../client/src/features/wallet/certificate-edit';

describe('the impersonated certificate status edit', () => {
  it('edits ACTIVE or EXPIRED certificates only', () => {
    expect(['ACTIVE', 'EXPIRED', 'VOID', 'REFUND', 'CHARGEBACK', 'USED'].map(isEditable)).toEqual([true, true, false, false, false, false]);
  });

  it('offers REFUND and CHARGEBACK only for a purchased certificate, and asks before the final ones', () => {
    expect(statusChoices(null)).toEqual(['ACTIVE', 'EXPIRED', 'VOID']);
    expect(statusChoices('PURCHASABLE')).toEqual(['ACTIVE', 'EXPIRED', 'VOID', 'REFUND', 'CHARGEBACK']);
    expect((['ACTIVE', 'EXPIRED', 'VOID', 'REFUND', 'CHARGEBACK'] as const).map(isFinal)).toEqual([false, false, true, true, true]);
  });

  it('takes the date as MM/DD/YYYY (optional) and sends it as YYYY-MM-DD', () => {
    expect(editRequest('EXPIRED', '')).toEqual({ ok: true, body: { status: 'EXPIRED', expirationDate: null } });
    expect(editRequest('ACTIVE', ' 12/31/2027 ')).toEqual({ ok: true, body: { status: 'ACTIVE', expirationDate: '2027-12-31' } });
    expect(editRequest('ACTIVE', '02/30/2027')).toEqual({ ok: false, error: 'Enter the expiration date as MM/DD/YYYY, or leave it empty to keep it' });
    expect(editRequest('ACTIVE', '2027-12-31').ok).toBe(false);
  });
});
