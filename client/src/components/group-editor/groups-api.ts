import type {
  ComparisonExpression,
  ComparisonOperator,
  GroupCount,
  GroupPage,
  GroupRequest,
  LogicalExpression,
  ParticipantField,
  ParticipantGroup,
} from '../../../../event-schemas/contract/participant-groups';
import { api } from '../../lib/api';

// Participant groups (admin spec: "Participant groups"): who a survey, a promotion or a campaign is for. Shared by
// every admin tool that chooses groups, so it lives here rather than in any one feature.
export type { ComparisonExpression, ComparisonOperator, LogicalExpression, ParticipantField, ParticipantGroup };

const base = '/api/rest';
export const groupsApi = {
  groups: () => api.get<GroupPage>(`${base}/groups`, { query: { search: '', page: 1, size: 1000, sort: 'groupName' } }),
  group: (id: number) => api.get<ParticipantGroup>(`${base}/participants/search/${id}`),
  fields: () => api.get<ParticipantField[]>(`${base}/participants/search/fields`),
  createGroup: (name: string, logicalExpression: LogicalExpression) =>
    api.post<ParticipantGroup>(`${base}/participants/search`, { name, logicalExpression } satisfies GroupRequest, { quiet: true }),
  count: (logicalExpression: LogicalExpression) =>
    api.post<GroupCount>(`${base}/participants/search/count`, { logicalExpression } satisfies GroupRequest, { quiet: true }),
  updateGroup: (id: number, name: string, logicalExpression: LogicalExpression) =>
    api.put<ParticipantGroup>(`${base}/participants/search/${id}`, { name, logicalExpression } satisfies GroupRequest, { quiet: true }),
};
