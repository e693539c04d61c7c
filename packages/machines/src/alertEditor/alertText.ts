/**
 * The text helpers of the alert editor's confirmation: the query text escaped and cut to 50 characters
 * (spec 01 §2 Alert editing, §9 "Alert query shown up to 50 characters").
 */

/** Longest query text the confirmation shows, in characters (Unicode code points). */
export const ALERT_QUERY_MAX_CHARS = 50; // spec 01 §9

/** Appended when the query text was cut, so the reader knows there is more. */
export const ALERT_QUERY_ELLIPSIS = '…';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` with `& < > " '` replaced by HTML entities, safe to insert as HTML text or attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

const HTML_UNESCAPES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(HTML_ESCAPES).map(([character, entity]) => [entity, character]));

/**
 * The exact inverse of {@link escapeHtml}: its five entities back to `& < > " '`, in one pass (so `&amp;lt;` reads
 * `&lt;`), anything else untouched. For views that render text nodes themselves (React escapes every text node), so
 * that the escaped confirmation query shows each character once instead of its entity (spec 01 §2, §9).
 */
export function unescapeHtml(html: string): string {
  return html.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => HTML_UNESCAPES[entity] ?? entity);
}

/**
 * The first `max` characters of `text` (code points, so an emoji is never split), followed by
 * {@link ALERT_QUERY_ELLIPSIS} when something was cut. Surrounding white space is trimmed first.
 *
 * @param max characters to keep, default {@link ALERT_QUERY_MAX_CHARS}; a non-negative integer.
 * @throws {RangeError} when `max` is negative or not an integer.
 */
export function cutAlertQuery(text: string, max: number = ALERT_QUERY_MAX_CHARS): string {
  if (!Number.isInteger(max) || max < 0) throw new RangeError(`cutAlertQuery: max must be a non-negative integer, got ${max}`);
  const characters = Array.from(text.trim());
  return characters.length <= max ? characters.join('') : `${characters.slice(0, max).join('')}${ALERT_QUERY_ELLIPSIS}`;
}

/**
 * The query text as the alert confirmation shows it: cut to {@link ALERT_QUERY_MAX_CHARS} characters, then
 * HTML-escaped (cutting first, so an entity such as `&amp;` is never cut in half). spec 01 §2, §9.
 */
export function alertConfirmationQuery(text: string): string {
  return escapeHtml(cutAlertQuery(text));
}
