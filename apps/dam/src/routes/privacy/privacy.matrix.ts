/**
 * The privacy room's rows of the authorization matrix (policies/authorization.matrix.test.ts; issue 15): the cookie
 * banner and policy are open to anyone, with or without a token.
 */
import type { OpenOperation } from '../../testing/matrix.ts';

/** The room's operations open to anyone, each with its reason. */
export const PRIVACY_OPEN_OPERATIONS: OpenOperation[] = [
  {
    operation: 'getCookieConsent',
    reason: 'the cookie banner and policy are for every visitor, signed in or not (spec 02 §4, §6)',
    request: () => ({ method: 'GET', url: '/fotoweb/api/privacy/cookie-consent' }),
    anonymous: 200,
    signedIn: 200,
  },
];
