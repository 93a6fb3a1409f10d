import { render, screen } from '@testing-library/react';
import type { TreatmentDetail } from '../../../event-schemas/contract/activity';
import { ActivityDetailDialog } from '../../../client/src/features/activity-summary/components/activity-detail-dialog';
import { fakeFetch } from '../support/fake-http';

// The shared contract (issue 29) says what the server's treatment detail holds: a certificate code a practice reported
// that the programme does not know is recorded with no name and no amount (null). The dialog must show such a detail.
const detail: TreatmentDetail = {
  hcpName: 'Dr. Rivera',
  treatmentStatus: 'PROCESSED',
  treatmentLineItems: [],
  redeemedCertificates: [
    { amount: 25, name: 'Reward certificate', code: 'KNOWN-1', certificateCategoryType: null },
    { amount: null, name: null, code: 'UNKNOWN-9', certificateCategoryType: null },
  ],
  promotionAwards: [],
};

describe('the activity detail dialog', () => {
  it('lists a redeemed certificate the programme does not know with a dash for its amount, beside a known one with its dollars', async () => {
    const http = fakeFetch({ 'GET /api/rest/patients/7/activity/t-1': { status: 200, body: detail } });
    globalThis.fetch = http.fetch as unknown as typeof fetch;
    render(
      <ActivityDetailDialog
        header={{
          id: 't-1',
          activityType: 'TREATMENT',
          activityDate: '2024-08-01',
          points: 100,
          description: 'Treatment',
          detailUrl: '/api/rest/patients/7/activity/t-1',
        }}
        onClose={() => undefined}
      />,
    );
    expect(await screen.findByText('Reward certificate (KNOWN-1): $25.00')).toBeTruthy();
    expect(screen.getByText('(UNKNOWN-9): —', { exact: false })).toBeTruthy();
  });
});
