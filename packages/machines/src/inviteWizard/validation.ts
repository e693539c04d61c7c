/**
 * Email and domain rules of the invitation wizard (spec 01 §5 Validation rules), as pure functions.
 *
 * The machine (`inviteWizard.machine.ts`) calls these; they have their own unit tests so the patterns can be
 * reviewed apart from the flow.
 */

/** Message when an address typed into the wizard is not a valid email. */
export const EMAIL_NOT_VALID = 'email not valid'; // spec 01 §5

/** Message when an address is already in the wizard's list (compared case-insensitively). */
export const EMAIL_IN_LIST = 'email in list'; // spec 01 §5

/** Message when Next is pressed for a users invitation with no email in the list. */
export const EMAIL_LIST_EMPTY = 'email list empty'; // spec 01 §5

/** Tooltip of an organization domain that is not `host.tld` (with optional subdomains); submit is disabled. */
export const DOMAIN_NOT_VALID = 'domain not valid'; // spec 01 §5

/** The messages the email field can show. */
export type EmailError = typeof EMAIL_NOT_VALID | typeof EMAIL_IN_LIST | typeof EMAIL_LIST_EMPTY;

/** Longest address accepted, in characters (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** One DNS label: letters, digits and inner hyphens, 1 to 63 characters. */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** A top-level domain: letters only, at least two. */
const TLD = '[a-z]{2,63}';
/** `host.tld`, `sub.host.tld`, … */
const DOMAIN = `(?:${LABEL}\\.)+${TLD}`;

const DOMAIN_PATTERN = new RegExp(`^${DOMAIN}$`, 'i');
/** The usual address pattern: the HTML living standard's local part, then a domain that has a TLD. */
const EMAIL_PATTERN = new RegExp(`^[a-z0-9.!#$%&'*+/=?^_\`{|}~-]+@${DOMAIN}$`, 'i');
/** Preset addresses: a stricter local part (letters, digits, `._%+-`, no leading, trailing or doubled dot). */
const PRESET_EMAIL_PATTERN = new RegExp(`^[a-z0-9_%+-]+(?:\\.[a-z0-9_%+-]+)*@${DOMAIN}$`, 'i');

/**
 * `true` when `domain` looks like `host.tld` with optional subdomains (`example.com`, `photo.example.co.uk`);
 * no scheme, port, path, wildcard or trailing dot. Surrounding whitespace is ignored. spec 01 §5.
 */
export function isValidDomain(domain: string): boolean {
  return DOMAIN_PATTERN.test(domain.trim());
}

/**
 * `true` when `email` matches the standard address pattern (spec 01 §5): a local part of letters, digits and
 * `.!#$%&'*+/=?^_\`{|}~-`, `@`, and a domain accepted by {@link isValidDomain}; at most {@link EMAIL_MAX_LENGTH}
 * characters. Surrounding whitespace is ignored.
 */
export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed);
}

/**
 * The stricter rule for a preset email (an address handed to the wizard rather than typed): the local part is
 * letters, digits and `._%+-` without a leading, trailing or doubled dot. spec 01 §5 "A preset email uses a stricter
 * local-part pattern".
 */
export function isValidPresetEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && PRESET_EMAIL_PATTERN.test(trimmed);
}

/** `true` when `list` already holds `email`, comparing trimmed and case-insensitively. */
export function isEmailInList(list: readonly string[], email: string): boolean {
  const key = email.trim().toLowerCase();
  return list.some((listed) => listed.toLowerCase() === key);
}

/**
 * Splits pasted text into candidate addresses: separators are whitespace, commas and semicolons; angle brackets and
 * quotes around a token are dropped, so `Ann Smith <ann@example.com>; "bob@example.org"` gives `Ann`, `Smith`,
 * `ann@example.com`, `bob@example.org` (the names are then rejected as invalid). Empty tokens are skipped.
 */
export function splitPastedEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((token) => token.replace(/^[<"']+|[>"']+$/g, ''))
    .filter((token) => token.length > 0);
}

/** What pasting adds to the list and what it leaves out. */
export interface PastedEmails {
  /** Valid addresses not yet in the list (nor earlier in the paste), in pasted order. */
  readonly added: readonly string[];
  /** Tokens left out: invalid, already listed, or repeated within the paste. */
  readonly skipped: readonly string[];
}

/**
 * Pasted text → the addresses to add (spec 01 §5 "Pasted text is split into emails and only valid, new ones are
 * added"). Uses {@link splitPastedEmails}, {@link isValidEmail} and {@link isEmailInList}.
 */
export function pasteEmails(list: readonly string[], text: string): PastedEmails {
  const added: string[] = [];
  const skipped: string[] = [];
  for (const token of splitPastedEmails(text)) {
    if (isValidEmail(token) && !isEmailInList(list, token) && !isEmailInList(added, token)) added.push(token);
    else skipped.push(token);
  }
  return { added, skipped };
}

/**
 * The message for adding `email` to `list`, or `undefined` when it can be added: {@link EMAIL_NOT_VALID} for an
 * invalid address, {@link EMAIL_IN_LIST} for one already listed. spec 01 §5.
 */
export function emailAddError(list: readonly string[], email: string): EmailError | undefined {
  if (!isValidEmail(email)) return EMAIL_NOT_VALID;
  if (isEmailInList(list, email)) return EMAIL_IN_LIST;
  return undefined;
}
