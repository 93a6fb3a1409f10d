import { useEffect, useMemo, useState } from 'react';
import { expressionProblems, ruleFields } from '../../../../event-schemas/contract/group-rules';
import { ApiError } from '../../lib/problem';
import { groupsApi, type LogicalExpression, type ParticipantField } from './groups-api';

export type MemberCount = { state: 'counting' } | { state: 'counted'; memberCount: number } | { state: 'incomplete'; message: string };

const FINISH = 'Finish every rule to see how many members match';

/**
 * The live member count of an expression being edited: asked 400 ms after the last change, and only the answer to
 * the latest expression is shown (an earlier, slower answer arriving late is dropped). With the fields' list, nothing
 * is asked while a rule is incomplete by the server's own rule (event-schemas/contract/group-rules.ts), nor before
 * the list has arrived (issue 54, item 8: the builder asked while a rule was still being written).
 */
export function useMemberCount(expression: LogicalExpression, delayMs = 400, fields?: readonly ParticipantField[] | null): MemberCount {
  const [count, setCount] = useState<MemberCount>({ state: 'counting' });
  const key = JSON.stringify(expression);
  const checkedBy = useMemo(() => (fields ? ruleFields(fields) : fields), [fields]);
  const complete = checkedBy === undefined || (checkedBy !== null && expressionProblems(JSON.parse(key) as LogicalExpression, '', checkedBy).length === 0);
  const waitingForFields = checkedBy === null;
  useEffect(() => {
    if (waitingForFields) return setCount({ state: 'counting' });
    if (!complete) return setCount({ state: 'incomplete', message: FINISH });
    let latest = true;
    setCount({ state: 'counting' });
    const timer = setTimeout(() => {
      groupsApi.count(JSON.parse(key) as LogicalExpression).then(
        (r) => latest && setCount({ state: 'counted', memberCount: r.memberCount }),
        (e: unknown) => latest && setCount({ state: 'incomplete', message: e instanceof ApiError ? FINISH : 'Could not count the members' }),
      );
    }, delayMs);
    return () => {
      latest = false;
      clearTimeout(timer);
    };
  }, [key, delayMs, complete, waitingForFields]);
  return count;
}
