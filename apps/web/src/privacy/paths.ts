/** The public cookie policy page (spec 02 §1 `{base}/views/cookie-policy`; issue 15); the session machine lets anyone see it. */
export { COOKIE_POLICY_VIEW_PATH as COOKIE_POLICY_PATH } from '@magpie/machines';

/** The alert text when the cookie policy could not be fetched (spec 02 §8 `cookiePolicyError`). */
export const COOKIE_POLICY_ERROR = 'The cookie policy could not be loaded. Try again in a moment.';
