/** The public sign-up page (an invitation's link carries `?invitation=<token>`; issue 14); the session leaves it public. */
export { SIGNUP_VIEW_PATH } from '@magpie/machines';

/** The Pending sign-ups view (the descriptor's `views.signUpAdmin`; issue 14, spec 03 §2.1, §2.10). */
export const PENDING_SIGNUPS_PATH = '/fotoweb/views/admin/signups';

/** The sign-up settings view (the descriptor's `views.signupSettings`; issue 14, Magpie's). */
export const SIGNUP_SETTINGS_PATH = '/fotoweb/views/admin/signup-settings';
