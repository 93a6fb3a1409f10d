import { render, screen } from '@testing-library/react';
import type { AdminPromotion } from '../../../client/src/features/promo-builder/api/promo-api';
import { StatusActionButtons } from '../../../client/src/features/promo-builder/components/status-action-buttons';

// Issue 28: End and Stop payments cannot be undone, yet looked like Copy (all plain red-less text buttons in a row).
const promotion: AdminPromotion = {
  id: '9d2f4c6a-1b3e-4a5d-8c7f-0e1a2b3c4d5e',
  promotionCategory: 'PROMOTION',
  name: 'Spring Sparkle',
  description: '',
  promotionCode: 'SPARKLE',
  typeCode: 'FLAT_PAYOUT',
  statusTypeCode: 'ACTIVE',
  fromDate: '2026-04-01',
  thruDate: '2026-04-30',
  groupIds: [],
  certificateCategoryCode: null,
  website: { tileTitle: 'Spring Sparkle', pages: [] },
};

describe('the promotion status actions', () => {
  it('give End and Stop payments a filled red look of their own, unlike Copy', () => {
    render(<StatusActionButtons promotion={promotion} />);
    const copy = screen.getByRole('button', { name: 'Copy Spring Sparkle' });
    expect(copy.className).toContain('p-button-text');
    for (const name of ['End Spring Sparkle', 'Stop payments Spring Sparkle']) {
      const button = screen.getByRole('button', { name });
      expect(button.className).toContain('p-button-danger');
      expect(button.className).not.toContain('p-button-text');
      expect(button.className).not.toContain('p-button-outlined');
      expect(button.querySelector('.pi')).not.toBeNull();
    }
    expect(screen.getByRole('button', { name: 'Revert to draft Spring Sparkle' }).className).toContain('p-button-warning');
  });
});
