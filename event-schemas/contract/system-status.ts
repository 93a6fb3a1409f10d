// The admin status page's answer (GET /admin/status), declared once: the status route builds it and the status page
// reads it.

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
