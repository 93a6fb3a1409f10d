/** Landing query parameters the spec reads after every route change, and carries across internal links. */
export const trackedParams = ['utm_id', 'refCode', 'token', 'tvid', 'requestFrom', 'completeEnrollment', 'groupName', 'surveyName'] as const;
export type TrackedParam = (typeof trackedParams)[number];

/** Also carried, so an embedded page keeps its chrome hidden and its campaign terms. */
export const carriedParams: readonly string[] = [...trackedParams, 'utm_campaign', 'hide'];

export const REDIRECT_FROM = '/points-certificates/available-treatment-certs';
