import { z } from 'zod';

/** The longest address mail is sent to (RFC 5321 §4.5.3.1.3: a path is at most 256 octets, brackets included). */
export const MAX_MAIL_ADDRESS_LENGTH = 254;

/** The same rule as users' addresses (`@magpie/api-types` schemas: `z.email()`), so any user's address can be mailed. */
const MAIL_ADDRESS = z.email().max(MAX_MAIL_ADDRESS_LENGTH);

/**
 * Whether `value` is one e-mail address Magpie may send to: a plain `local@domain` of at most
 * {@link MAX_MAIL_ADDRESS_LENGTH} characters, no name, no list, no line break (so it can never add a header).
 */
export function isMailAddress(value: string): boolean {
  return MAIL_ADDRESS.safeParse(value).success;
}
