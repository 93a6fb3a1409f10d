import { api } from '../../lib/api';

// Participant groups (admin spec: "Participant groups"): who a survey, a promotion or a campaign is for. Shared by
// every admin tool that chooses groups, so it lives here rather than in any one feature.
export interface ComparisonExpression {
  fieldCode: string;
  comparisonOperatorCode: string;
  values: (string | number)[];
}
export interface LogicalExpression {
  logicalOperatorCode: 'AND' | 'OR';
  comparisonExpressions: ComparisonExpression[];
  logicalExpressions: LogicalExpression[];
}
export interface ParticipantGroup {
  id: number;
  name: string;
  groupName: string;
  logicalExpression: LogicalExpression;
  memberCount?: number;
}
export interface ParticipantField {
  fieldCode: string;
  name: string;
  kind: string;
  operators: string[];
}

const base = '/api/rest';
export const groupsApi = {
  groups: () => api.get<{ items: ParticipantGroup[] }>(`${base}/groups`, { query: { search: '', page: 1, size: 1000, sort: 'groupName' } }),
  group: (id: number) => api.get<ParticipantGroup>(`${base}/participants/search/${id}`),
  fields: () => api.get<ParticipantField[]>(`${base}/participants/search/fields`),
  createGroup: (name: string, logicalExpression: LogicalExpression) =>
    api.post<ParticipantGroup>(`${base}/participants/search`, { name, logicalExpression }, { quiet: true }),
  count: (logicalExpression: LogicalExpression) =>
    api.post<{ memberCount: number }>(`${base}/participants/search/count`, { logicalExpression }, { quiet: true }),
  updateGroup: (id: number, name: string, logicalExpression: LogicalExpression) =>
    api.put<ParticipantGroup>(`${base}/participants/search/${id}`, { name, logicalExpression }, { quiet: true }),
};
