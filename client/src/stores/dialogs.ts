import { createEffect, createEvent, createStore, sample } from 'effector';
import { sessionEnded } from '../session/session-events';

export const DIALOG_CLEAR_DELAY_MS = 300;

export interface NotificationContent {
  severity: 'success' | 'error';
  message: string;
  /** Defaults to SUCCESS or ERROR. */
  title?: string;
  /** Defaults to Ok. */
  buttonLabel?: string;
}

export interface ConfirmationContent {
  title: string;
  message: string;
  yesLabel?: string;
  noLabel?: string;
  onYes: () => void;
  onNo?: () => void;
}

export interface LeavePageContent {
  onLeave: () => void;
}

export interface DialogContents {
  notification: NotificationContent;
  confirmation: ConfirmationContent;
  innerLoader: { message?: string };
  activitySummary: unknown;
  claimFeedback: unknown;
  redeemPoints: unknown;
  survey: unknown;
  leavePage: LeavePageContent;
}

export type DialogName = keyof DialogContents;

export type DialogState = { [K in DialogName]: { open: boolean; content: DialogContents[K] | null } };

const closedState = (): DialogState => ({
  notification: { open: false, content: null },
  confirmation: { open: false, content: null },
  innerLoader: { open: false, content: null },
  activitySummary: { open: false, content: null },
  claimFeedback: { open: false, content: null },
  redeemPoints: { open: false, content: null },
  survey: { open: false, content: null },
  leavePage: { open: false, content: null },
});

type Opened = { [K in DialogName]: { name: K; content: DialogContents[K] } }[DialogName];

export const dialogOpened = createEvent<Opened>();
export const dialogClosed = createEvent<DialogName>();
const contentCleared = createEvent<DialogName[]>();

const waitToClearFx = createEffect((names: DialogName[]) => new Promise<DialogName[]>((resolve) => setTimeout(() => resolve(names), DIALOG_CLEAR_DELAY_MS)));

/** Which dialogs are open, with their content; content stays 300 ms after closing so the closing animation has something to show. */
export const $dialogs = createStore<DialogState>(closedState())
  .on(dialogOpened, (state, { name, content }) => ({ ...state, [name]: { open: true, content } }))
  .on(dialogClosed, (state, name) => (state[name].open ? { ...state, [name]: { ...state[name], open: false } } : state))
  .on(contentCleared, (state, names) => {
    const next = { ...state };
    for (const name of names) if (!next[name].open) next[name] = { open: false, content: null };
    return next;
  });

sample({ clock: dialogClosed, fn: (name) => [name], target: waitToClearFx });
sample({ clock: waitToClearFx.doneData, target: contentCleared });

/** Signing out closes every dialog but the survey's. */
const closeAllButSurvey = (state: DialogState): DialogState => {
  const next = { ...state };
  for (const name of Object.keys(next) as DialogName[]) if (name !== 'survey' && next[name].open) next[name] = { ...next[name], open: false } as never;
  return next;
};
export const $anyDialogOpen = $dialogs.map((state) => Object.values(state).some((d) => d.open || d.content !== null));

$dialogs.on(sessionEnded, closeAllButSurvey);
sample({
  clock: sessionEnded,
  source: $dialogs,
  fn: (state) => (Object.keys(state) as DialogName[]).filter((name) => name !== 'survey'),
  target: waitToClearFx,
});

export const notify = (content: NotificationContent) => dialogOpened({ name: 'notification', content });
export const confirm = (content: ConfirmationContent) => dialogOpened({ name: 'confirmation', content });
