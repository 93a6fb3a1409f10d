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
});
