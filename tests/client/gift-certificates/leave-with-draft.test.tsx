import { act, render } from '@testing-library/react';
import { $dialogs, dialogClosed } from '../../../client/src/stores/dialogs';
import { navigateOrAsk, useLeavePageWarning } from '../../../client/src/components/dialogs/use-leave-page-warning';
import { draftWorkedOn } from '../../../client/src/features/gift-certificates/model/gift-draft';
import { emptyDraft } from '../../../client/src/features/gift-certificates/model/cart-store';

/** Issue 54, item 11: a gift being written was left without a word, by a top-bar link or the account menu. */
function Page({ dirty, discard, dirtyNow }: { dirty: boolean; discard: () => void; dirtyNow?: () => boolean }) {
  useLeavePageWarning(dirty, { discard, dirtyNow });
  return null;
}

describe('leaving a page with unsaved data by a navigating command (the account menu)', () => {
  afterEach(() => act(() => dialogClosed('leavePage')));

  it('goes at once when no page holds unsaved data', () => {
    const navigate = jest.fn();
    render(<Page dirty={false} discard={jest.fn()} />);
    navigateOrAsk('/profile', navigate);
    expect(navigate).toHaveBeenCalledWith('/profile');
    expect($dialogs.getState().leavePage.open).toBe(false);
  });

  it('asks first while one does, and leaving anyway drops the draft before going', () => {
    const navigate = jest.fn();
    const discard = jest.fn();
    const page = render(<Page dirty discard={discard} />);
    act(() => navigateOrAsk('/profile', navigate));
    expect(navigate).not.toHaveBeenCalled();
    expect($dialogs.getState().leavePage.open).toBe(true);
    act(() => $dialogs.getState().leavePage.content?.onLeave());
    expect(discard).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/profile');
    page.unmount();
    navigateOrAsk('/faq', navigate);
    expect(navigate).toHaveBeenLastCalledWith('/faq');
  });

  it('goes at once when the data was saved since the page last rendered (its store says so)', () => {
    const navigate = jest.fn();
    render(<Page dirty discard={jest.fn()} dirtyNow={() => false} />);
    navigateOrAsk('/earn-points', navigate);
    expect(navigate).toHaveBeenCalledWith('/earn-points');
    expect($dialogs.getState().leavePage.open).toBe(false);
  });
});

describe('draftWorkedOn', () => {
  const opened = { ...emptyDraft(), certificateCategoryCode: 'ASPIRE', certificateCategoryId: 'ASPIRE', amount: 50 };

  it('is false for the draft the page opened with, a category chosen on the landing included', () => {
    expect(draftWorkedOn(opened, { ...opened })).toBe(false);
  });

  it('is true once the member changes anything, and false again once the draft went into the cart (a new draft)', () => {
    expect(draftWorkedOn(opened, { ...opened, recipientName: 'Robin' })).toBe(true);
    expect(draftWorkedOn(opened, { ...opened, amount: 100 })).toBe(true);
    expect(draftWorkedOn(opened, emptyDraft())).toBe(false);
  });
});
