// Participant groups' wire shapes (admin spec: "Participant groups"; /participants/search..., /groups), declared once:
// the group routes build them and every admin tool that chooses a group (surveys, promotions, campaigns, certificate
// variants) reads and sends them.

export type ComparisonOperator = 'EQ' | 'NE' | 'IN' | 'NOT_IN' | 'GT' | 'GTE' | 'LT' | 'LTE' | 'BETWEEN' | 'CONTAINS' | 'STARTS_WITH';
export type FieldKind = 'text' | 'number' | 'date';

/**
 * One test of a rule. The operator is a string on the wire: the builder carries whatever the fields' list offered, and
 * the server's codec (server/groups/group-expression.ts) refuses any but a ComparisonOperator with a 400 on the field.
 */
export interface ComparisonExpression {
  fieldCode: string;
  comparisonOperatorCode: string;
  values: (string | number)[];
}

/** Admin spec section 3 "Participant group data": a logical expression over participant fields. */
export interface LogicalExpression {
  logicalOperatorCode: 'AND' | 'OR';
  comparisonExpressions: ComparisonExpression[];
  logicalExpressions: LogicalExpression[];
}

/** A saved group (POST/PUT /participants/search answers it; GET /participants/search/{id} adds its memberCount). */
export interface ParticipantGroup {
  id: number;
  name: string;
  groupName: string;
  logicalExpression: LogicalExpression;
  memberCount?: number;
}

/** GET /groups: a page of groups by name (page is 1-based). */
export interface GroupPage {
  items: ParticipantGroup[];
  page: number;
  size: number;
  totalElements: number;
}

/** The body of POST/PUT /participants/search and POST /participants/search/count; a name defaults to the timestamp. */
export interface GroupRequest {
  name?: string;
  logicalExpression: LogicalExpression;
}

/** POST /participants/search/count: how many members an expression holds today. */
export interface GroupCount {
  memberCount: number;
}

/** One field of GET /participants/search/fields, with the operators it allows. */
export interface ParticipantField {
  fieldCode: string;
  name: string;
  kind: FieldKind;
  operators: ComparisonOperator[];
}
