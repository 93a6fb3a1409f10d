import { api } from './api';

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
}
export interface ParticipantField {
  fieldCode: string;
  name: string;
  kind: string;
  operators: string[];
}

const base = '/api/rest';
/** Participant groups (the admin spec's group builder), shared by the survey, campaign and promotion tools. */
export const participantGroupsApi = {
  groups: () => api.get<{ items: ParticipantGroup[] }>(`${base}/groups`, { query: { search: '', page: 1, size: 1000, sort: 'groupName' } }),
  group: (id: number) => api.get<ParticipantGroup>(`${base}/participants/search/${id}`),
  fields: () => api.get<ParticipantField[]>(`${base}/participants/search/fields`),
  createGroup: (name: string, logicalExpression: LogicalExpression) => api.post<ParticipantGroup>(`${base}/participants/search`, { name, logicalExpression }, { quiet: true }),
  updateGroup: (id: number, name: string, logicalExpression: LogicalExpression) => api.put<ParticipantGroup>(`${base}/participants/search/${id}`, { name, logicalExpression }, { quiet: true }),
};
