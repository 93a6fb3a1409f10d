import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/problem';
import { groupsApi, type LogicalExpression } from './groups-api';

export type MemberCount = { state: 'counting' } | { state: 'counted'; memberCount: number } | { state: 'incomplete'; message: string };

/**
 * The live member count of an expression being edited: asked 400 ms after the last change, and only the answer to
 * the latest expression is shown (an earlier, slower answer arriving late is dropped).
 */
export function useMemberCount(expression: LogicalExpression, delayMs = 400): MemberCount {
  const [count, setCount] = useState<MemberCount>({ state: 'counting' });
  const key = JSON.stringify(expression);
  useEffect(() => {
    let latest = true;
    setCount({ state: 'counting' });
    const timer = setTimeout(() => {
      groupsApi.count(JSON.parse(key) as LogicalExpression).then(
        (r) => latest && setCount({ state: 'counted', memberCount: r.memberCount }),
        (e: unknown) =>
          latest &&
          setCount({ state: 'incomplete', message: e instanceof ApiError ? 'Finish every rule to see how many members match' : 'Could not count the members' }),
      );
    }, delayMs);
    return () => {
      latest = false;
      clearTimeout(timer);
    };
  }, [key, delayMs]);
  return count;
}
