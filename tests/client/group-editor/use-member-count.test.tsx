import { act, renderHook } from '@testing-library/react';
import { blankExpression } from '../../../client/src/components/group-editor/expression-model';
import { groupsApi, type LogicalExpression } from '../../../client/src/components/group-editor/groups-api';
import { useMemberCount } from '../../../client/src/components/group-editor/use-member-count';
import { ApiError } from '../../../client/src/lib/problem';

const withZip = (zip: string): LogicalExpression => ({
  ...blankExpression(),
  comparisonExpressions: [{ fieldCode: 'postalCode', comparisonOperatorCode: 'EQ', values: [zip] }],
});

describe('useMemberCount', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('asks once after the edits settle, and shows only the latest answer when an older one lands last', async () => {
    const answers: Record<string, (n: { memberCount: number }) => void> = {};
    const count = jest
      .spyOn(groupsApi, 'count')
      .mockImplementation((e) => new Promise((resolve) => (answers[String(e.comparisonExpressions[0].values[0])] = resolve)));
    const { result, rerender } = renderHook(({ e }) => useMemberCount(e, 400), { initialProps: { e: withZip('9') } });
    rerender({ e: withZip('92') });
    await act(async () => jest.advanceTimersByTime(100));
    rerender({ e: withZip('926') });
    await act(async () => jest.advanceTimersByTime(400));
    expect(count).toHaveBeenCalledTimes(1); // typing 9, 92, 926 quickly asks for 926 only
    rerender({ e: withZip('9261') });
    await act(async () => jest.advanceTimersByTime(400));
    expect(count).toHaveBeenCalledTimes(2);
    await act(async () => answers['9261']({ memberCount: 7 }));
    expect(result.current).toEqual({ state: 'counted', memberCount: 7 });
    await act(async () => answers['926']({ memberCount: 500 })); // the slower, older answer arrives last
    expect(result.current).toEqual({ state: 'counted', memberCount: 7 });
  });

  it('says to finish the rules when the server refuses the draft', async () => {
    jest.spyOn(groupsApi, 'count').mockRejectedValue(new ApiError(400, null, '/count'));
    const { result } = renderHook(() => useMemberCount(withZip(''), 400));
    expect(result.current).toEqual({ state: 'counting' });
    await act(async () => jest.advanceTimersByTime(400));
    expect(result.current).toEqual({ state: 'incomplete', message: 'Finish every rule to see how many members match' });
  });

  // Issue 54, item 8: the builder asked for a count at every edit while a rule was still incomplete.
  describe('with the fields list', () => {
    const fields = [
      { fieldCode: 'postalCode', name: 'Postal code', kind: 'text' as const, operators: ['EQ' as const, 'IN' as const] },
      { fieldCode: 'ageYears', name: 'Age', kind: 'number' as const, operators: ['BETWEEN' as const] },
    ];
    const rule = (fieldCode: string, comparisonOperatorCode: string, values: (string | number)[]): LogicalExpression => ({
      ...blankExpression(),
      comparisonExpressions: [{ fieldCode, comparisonOperatorCode, values }],
    });

    it('asks nothing while a rule is incomplete, then once, debounced, when it is complete', async () => {
      const count = jest.spyOn(groupsApi, 'count').mockResolvedValue({ memberCount: 3 });
      const { result, rerender } = renderHook(({ e }) => useMemberCount(e, 400, fields), { initialProps: { e: rule('', 'EQ', []) } });
      const edits = [rule('postalCode', 'EQ', []), rule('postalCode', 'EQ', ['']), rule('ageYears', 'BETWEEN', [20]), rule('ageYears', 'BETWEEN', [20, 'x'])];
      for (const e of edits) {
        rerender({ e });
        await act(async () => jest.advanceTimersByTime(1000));
      }
      expect(count).not.toHaveBeenCalled();
      expect(result.current).toEqual({ state: 'incomplete', message: 'Finish every rule to see how many members match' });
      for (const values of [[2], [20], [20, 3], [20, 30]]) {
        rerender({ e: rule('ageYears', 'BETWEEN', values) });
        await act(async () => jest.advanceTimersByTime(100));
      }
      await act(async () => jest.advanceTimersByTime(400));
      expect(count).toHaveBeenCalledTimes(1);
      expect(result.current).toEqual({ state: 'counted', memberCount: 3 });
    });

    it('waits for the fields list before asking', async () => {
      const count = jest.spyOn(groupsApi, 'count').mockResolvedValue({ memberCount: 3 });
      const { rerender } = renderHook(({ f }) => useMemberCount(rule('postalCode', 'EQ', ['92612']), 400, f), {
        initialProps: { f: null as typeof fields | null },
      });
      await act(async () => jest.advanceTimersByTime(1000));
      expect(count).not.toHaveBeenCalled();
      rerender({ f: fields });
      await act(async () => jest.advanceTimersByTime(400));
      expect(count).toHaveBeenCalledTimes(1);
    });
  });
});
