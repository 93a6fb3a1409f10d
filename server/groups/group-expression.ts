import * as t from 'io-ts';
import type { ComparisonOperator as WireOperator, FieldKind } from '../../event-schemas/contract/participant-groups';
import { boundedString } from '../../event-schemas/primitives';
import type { AcceptedBody } from '../../event-schemas/contract/wire-checks';

/** Admin spec section 3 "Participant group data": a logical expression over participant fields. */
export const ComparisonOperator = t.keyof({
  EQ: null,
  NE: null,
  IN: null,
  NOT_IN: null,
  GT: null,
  GTE: null,
  LT: null,
  LTE: null,
  BETWEEN: null,
  CONTAINS: null,
  STARTS_WITH: null,
});
export type ComparisonOperator = WireOperator;
/** Every operator the contract names (event-schemas/contract/participant-groups.ts) is one the codec accepts. */
export type ComparisonOperatorAccepted = AcceptedBody<typeof ComparisonOperator, WireOperator>;
export const LogicalOperator = t.keyof({ AND: null, OR: null });

export const ComparisonExpression = t.type({
  fieldCode: t.string,
  comparisonOperatorCode: ComparisonOperator,
  values: t.array(t.union([t.string, t.number])),
});
export type ComparisonExpression = t.TypeOf<typeof ComparisonExpression>;

export interface LogicalExpression {
  logicalOperatorCode: 'AND' | 'OR';
  comparisonExpressions: ComparisonExpression[];
  logicalExpressions: LogicalExpression[];
}

export const LogicalExpression: t.Type<LogicalExpression> = t.recursion('LogicalExpression', () =>
  t.type({
    logicalOperatorCode: LogicalOperator,
    comparisonExpressions: t.array(ComparisonExpression),
    logicalExpressions: t.array(LogicalExpression),
  }),
);

export const GroupBody = t.intersection([t.type({ logicalExpression: LogicalExpression }), t.partial({ name: boundedString(120) })]);
export type GroupBody = t.TypeOf<typeof GroupBody>;

export type { FieldKind };

/** The participant fields a group can test, as GET /participants/search/fields lists them. */
export const participantFields = [
  { fieldCode: 'paxId', name: 'Participant id', kind: 'number' },
  { fieldCode: 'firstName', name: 'First name', kind: 'text' },
  { fieldCode: 'lastName', name: 'Last name', kind: 'text' },
  { fieldCode: 'emailDomain', name: 'E-mail domain', kind: 'text' },
  { fieldCode: 'postalCode', name: 'Postal code (5 digits)', kind: 'text' },
  { fieldCode: 'ageYears', name: 'Age in years', kind: 'number' },
  { fieldCode: 'enrolledDate', name: 'Enrolled on (YYYY-MM-DD)', kind: 'date' },
] as const satisfies readonly { fieldCode: string; name: string; kind: FieldKind }[];
export type FieldCode = (typeof participantFields)[number]['fieldCode'];

/** The operators each kind allows: the shared rule's (event-schemas/contract/group-rules.ts). */
export { operatorsFor } from '../../event-schemas/contract/group-rules';
