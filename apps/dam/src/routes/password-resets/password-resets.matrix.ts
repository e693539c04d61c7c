/**
 * The password reset room's rows of the authorization matrix (policies/authorization.matrix.test.ts; issue 14
 * "Password reset"): all three operations are open to anyone, with or without a token, whatever the guest setting.
 * Asking for a link answers 202 for any address; a token that names no link answers 404 `PasswordResetNotFound`.
 */
import { jsonRequest, type OpenOperation } from '../../testing/matrix.ts';

/** A well-formed token (43 base64url characters) that names no link. */
const NO_LINK = '/fotoweb/password-resets/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** The room's operations, open to anyone (the matrix's `OPEN_OPERATIONS` takes them in), each with its reason. */
export const PASSWORD_RESETS_OPEN_OPERATIONS: OpenOperation[] = [
  {
    operation: 'requestPasswordReset',
    reason: '"Forgot password?" is for people who cannot sign in; the answer is the same for every address, and a link goes only to the address',
    request: () => jsonRequest('POST', '/fotoweb/password-resets/', { email: 'matrix-reset@example.com' }),
    anonymous: 202,
    signedIn: 202,
  },
  {
    operation: 'getPasswordReset',
    reason: 'a reset link is its own credential: the DAM checks it (known, open, unexpired, its user able to reset) on every call',
    request: () => ({ method: 'GET', url: NO_LINK }),
    anonymous: [404, 'PasswordResetNotFound'],
    signedIn: [404, 'PasswordResetNotFound'],
  },
  {
    operation: 'completePasswordReset',
    reason: 'a reset link is its own credential: it sets the password of its own user only, once',
    request: () => jsonRequest('POST', NO_LINK, { password: 'a-new-password-1' }),
    anonymous: [404, 'PasswordResetNotFound'],
    signedIn: [404, 'PasswordResetNotFound'],
  },
];
