/** Business constants of SPEC.md §9 and the fixed header values of SPEC.md §7. */
export const API_BASE = '/api/v1';
export const API_VERSION = '20230327';
export const CLIENT_DRIVE = 'web';
/** The fixed client label sent as `token` in the login body (SPEC.md §7). */
export const LOGIN_CLIENT_LABEL = 'web';
/** `currentTab` of the login body: SMS code or password (SPEC.md §7). */
export const LOGIN_TABS = { sms: 0, password: 1 } as const;

export const REQUEST_TIMEOUT_MS = 60_000;
export const ERROR_TOAST_MS = 3_000;
export const SMS_COUNTDOWN_SECONDS = 60;
export const SESSION_LIFETIME_SECONDS = 604_800;
export const FAVOURITES_PAGE_SIZE = 10;
export const MAX_FILES_AT_ONCE = 20;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 32;
export const FEEDBACK_DIALOG_WIDTH = 540;
export const LOGIN_EXPIRED_REDIRECT_DEBOUNCE_MS = 500;
/** Cancelling less than this many hours before the start refunds nothing (SPEC.md §9, DESIGN.md §7). */
export const CANCEL_FREE_HOURS = 24;
/** Playback validity after the class ends (SPEC.md §9). */
export const PLAYBACK_VALID_DAYS = 30;
export const PLAYBACK_READY_WITHIN_HOURS = 24;
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** Browser storage key of the chosen language (SPEC.md §3). */
export const LANGUAGE_STORAGE_KEY = 'LANGUAGE';
