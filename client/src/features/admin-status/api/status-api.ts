import type { OutboxStatus, ProjectionStatus, StatusSample, SystemStatus } from '../../../../../event-schemas/contract/system-status';
import { api } from '../../../lib/api';

export type { OutboxStatus, ProjectionStatus, StatusSample, SystemStatus };

export const statusApi = {
  load: () => api.get<SystemStatus>('/api/rest/admin/status'),
};
