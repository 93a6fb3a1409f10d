import type { AuditEntry } from '../../../client/src/features/catalogue-tools/api/catalogue-api';
import { changes, entryHeading } from '../../../client/src/features/catalogue-tools/components/audit-history';
import { CATEGORY_FIELD_LABELS, PRODUCT_FIELD_LABELS } from '../../../client/src/features/catalogue-tools/field-labels';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  action: 'update',
  actor: { kind: 'admin', adminId: 1 },
  actorNames: { admin: null, member: null },
  before: null,
  after: null,
  occurredAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

describe("a category's audit trail", () => {
  it('shows the days it changed as MM/DD/YYYY, as every admin screen writes dates', () => {
    const e = entry({
      before: { startDate: null, endDate: '2026-12-31', name: 'Spa' },
      after: { startDate: '2026-03-07', endDate: '2027-01-15', name: 'Spa 2026-03-07' },
    });
    expect(changes(e)).toEqual(['startDate: — → 03/07/2026', 'endDate: 12/31/2026 → 01/15/2027', 'name: Spa → Spa 2026-03-07']);
  });

  it('names each field by its label on the form, not its code (issue 28, item 5)', () => {
    const e = entry({
      before: { certificateCategoryName: 'Spa', daysToRestrictRedemption: 0, startDate: null },
      after: { certificateCategoryName: 'Spa day', daysToRestrictRedemption: 7, startDate: '2026-03-07' },
    });
    expect(changes(e, CATEGORY_FIELD_LABELS)).toEqual([
      'Name: Spa → Spa day',
      'Days after issue before it may be redeemed: 0 → 7',
      'On sale from: — → 03/07/2026',
    ]);
  });
});

describe("a product's audit trail", () => {
  it('says what was done and who did it by name, and labels the fields', () => {
    const created = entry({
      action: 'create',
      actorNames: { admin: 'Avery Admin', member: null },
      after: { name: 'Glow serum', msrpPerUnit: 95, pointsPerUnit: 8, retired: false },
    });
    expect(entryHeading(created, 'UTC')).toBe('Created by Avery Admin on 03/01/2026, 10:00 AM');
    expect(changes(created, PRODUCT_FIELD_LABELS)).toEqual(['Name: Glow serum', 'MSRP per unit: 95', 'Points per unit: 8', 'Retired: no']);
  });

  it('falls back to the admin id only when the answer names nobody (an erased or unknown person)', () => {
    expect(entryHeading(entry({ action: 'retire', actor: { kind: 'admin', adminId: 7 } }), 'UTC')).toBe('Retired by Admin #7 on 03/01/2026, 10:00 AM');
  });
});
