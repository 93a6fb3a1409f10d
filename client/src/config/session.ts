/** Session constants from the member spec, section 9. */
export const USER_STORAGE_KEY = 'user';
export const TOKEN_STORAGE_KEY = 'token';
export const IMPERSONATED_STORAGE_KEY = 'impersonated';
/** Not in the spec: where an impersonating admin started, kept with the session so a reload still knows it. */
export const IMPERSONATED_FROM_STORAGE_KEY = 'impersonatedFrom';
export const CART_STORAGE_KEY = 'cart';
export const SURVEY_MODAL_VIEWED_KEY = 'surveyModalViewed';
export const SESSION_CHANNEL_NAME = 'sessionChannel';
export const AUTH_TOKEN_HEADER = 'auth-token';
export const SIGN_OUT_REDIRECT = '/login';
export const SIGNED_IN_HOME = '/home';
export const JUST_SIGNED_WINDOW_MS = 60_000;
