import { changes } from '../../../client/src/features/catalogue-tools/components/audit-history';

describe("a category's audit trail", () => {
  it('shows the days it changed as MM/DD/YYYY, as every admin screen writes dates', () => {
    const entry = {
      action: 'update',
      actor: { kind: 'admin', adminId: 1 },
      before: { startDate: null, endDate: '2026-12-31', name: 'Spa' },
      after: { startDate: '2026-03-07', endDate: '2027-01-15', name: 'Spa 2026-03-07' },
      occurredAt: '2026-03-01T10:00:00.000Z',
    };
    expect(changes(entry)).toEqual(['startDate: — → 03/07/2026', 'endDate: 12/31/2026 → 01/15/2027', 'name: Spa → Spa 2026-03-07']);
  });
});
