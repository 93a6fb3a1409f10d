import { $dialogs, dialogClosed, dialogOpened, DIALOG_CLEAR_DELAY_MS, notify } from '../../client/src/stores/dialogs';
import { sessionEnded } from '../../client/src/session/session-events';

describe('the dialogs store', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('clears content 300 ms after closing, not before', async () => {
    notify({ severity: 'success', message: 'Saved' });
    expect($dialogs.getState().notification).toEqual({ open: true, content: { severity: 'success', message: 'Saved' } });
    dialogClosed('notification');
    expect($dialogs.getState().notification.open).toBe(false);
    expect($dialogs.getState().notification.content).not.toBeNull();
    await jest.advanceTimersByTimeAsync(DIALOG_CLEAR_DELAY_MS - 1);
    expect($dialogs.getState().notification.content).not.toBeNull();
    await jest.advanceTimersByTimeAsync(1);
    expect($dialogs.getState().notification.content).toBeNull();
  });

  it('keeps content of a dialog reopened before the delay ran out', async () => {
    notify({ severity: 'error', message: 'First' });
    dialogClosed('notification');
    notify({ severity: 'error', message: 'Second' });
    await jest.advanceTimersByTimeAsync(DIALOG_CLEAR_DELAY_MS);
    expect($dialogs.getState().notification).toEqual({ open: true, content: { severity: 'error', message: 'Second' } });
    dialogClosed('notification');
    await jest.advanceTimersByTimeAsync(DIALOG_CLEAR_DELAY_MS);
  });

  it('closes every dialog but the survey on sign-out', async () => {
    dialogOpened({ name: 'confirmation', content: { title: 'Sure?', message: 'Really?', onYes: () => undefined } });
    dialogOpened({ name: 'innerLoader', content: {} });
    dialogOpened({ name: 'survey', content: { id: 1 } });
    sessionEnded();
    const state = $dialogs.getState();
    expect(state.confirmation.open).toBe(false);
    expect(state.innerLoader.open).toBe(false);
    expect(state.survey.open).toBe(true);
    await jest.advanceTimersByTimeAsync(DIALOG_CLEAR_DELAY_MS);
    expect($dialogs.getState().confirmation.content).toBeNull();
    expect($dialogs.getState().survey.content).toEqual({ id: 1 });
  });
});
