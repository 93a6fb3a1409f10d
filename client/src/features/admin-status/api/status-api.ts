import { api } from '../../../lib/api';

export interface ProjectionStatus {
  name: string;
  position: string | null;
  eventsApplied: number;
  lagEvents: number;
  lagCapped: boolean;
  lagSeconds: number;
}

export interface StatusSample {
  at: string;
  totalEvents: number | null;
  appendsPerSecond: number | null;
  lagEvents: Record<string, number>;
}

/** Messages waiting to be delivered; `behind` when the oldest has waited more than five minutes. */
export interface OutboxStatus {
  pending: number;
  oldestAgeSeconds: number;
  parked: number;
  behind: boolean;
}

export interface SystemStatus {
  eventStore: string;
  totalEvents: number | null;
  liveConnections: number;
  projections: ProjectionStatus[];
  history: StatusSample[];
  outbox: OutboxStatus;
}

export const statusApi = {
  load: () => api.get<SystemStatus>('/api/rest/admin/status'),
};
