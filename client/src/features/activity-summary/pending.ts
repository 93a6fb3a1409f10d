export const isPendingStatus = (status: string) => status === 'PENDING' || status === 'PENDING_APPROVAL';
export const isPendingActivity = (activityType: string) => activityType === 'TREATMENT PENDING';

export const PENDING_EXPLANATION =
  'Points are processed after 11:59 pm PST each day. Treatments paid with a third-party patient financing plan need your confirmation by e-mail or text before their points are awarded.';

export const WHY_NO_POINTS =
  'A single date of service reached the 1,000 point maximum, or a reward that restricts earnings was applied. A partner purchase met the daily limit or did not qualify.';
