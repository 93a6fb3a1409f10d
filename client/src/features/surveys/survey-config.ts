/** Texts of the member spec's survey screen, and the configurable button of its success screen. */
export const surveyTexts = {
  title: 'Share Your Thoughts',
  note: 'Please complete the survey all at once, as answers cannot be saved for later. Thank you for your feedback.',
  placeholder: 'Enter your answer here',
  leaveTitle: 'LEAVING SO SOON?',
  leaveText: "It looks like you haven't completed all the questions. If you leave now, your feedback will not be saved.",
  continueSurvey: 'CONTINUE SURVEY',
  discard: 'DISCARD UNSAVED CHANGES',
  thanks: 'Thank you for completing the survey!',
  received: (points: number) => `You have received ${points.toLocaleString('en-US')} POINTS.`,
  unavailable: 'Sorry, this survey is no longer available. Please check back for future survey opportunities!',
  unknownError: 'An unknown error occurred',
} as const;

export const defaultSuccessButton = { label: 'BACK TO HOME', href: '/home' } as const;
