/**
 * The site appearance's limits and rules (issue 15; spec 01 §2, §3, §7; spec 02 §3), shared by the DAM's checks and
 * the web app's editor: the custom CSS's size limit, the custom title-bar buttons' icons and limits, and which
 * addresses a button may link to. No zod here, so the web client reads them without the schemas.
 */

/** The most bytes of UTF-8 the site's custom CSS may have (256 KiB); a longer one is refused with 413. */
export const CUSTOM_CSS_MAX_BYTES = 262_144;

/** The icons a custom title-bar button may show (the web app draws each); null shows a plain link icon. */
export const TITLE_BAR_ICONS = ['link', 'help', 'info', 'mail', 'book', 'home', 'star', 'calendar', 'chat', 'globe'] as const;

/** A title-bar button's icon name. */
export type TitleBarIcon = (typeof TITLE_BAR_ICONS)[number];

/** Limits of the custom title-bar buttons: how many, the tooltip's and the address's lengths, the largest index. */
export const TITLE_BAR_LIMITS = { maxButtons: 10, maxTooltip: 100, maxHref: 2048, maxIndex: 999 } as const;

/** The targets a title-bar button may open its link in. */
export const TITLE_BAR_TARGETS = ['_self', '_blank'] as const;

/**
 * Whether `href` may be a title-bar button's link: an absolute `http:` or `https:` URL with a host, or a site-relative
 * path (`/…`, but not the protocol-relative `//…` nor `/\…`). Everything else (`javascript:`, `data:`, relative paths,
 * whitespace or control characters) is refused.
 */
export function isTitleBarHref(href: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (href === '' || href.length > TITLE_BAR_LIMITS.maxHref || /[\s\u0000-\u001f\u007f]/.test(href)) return false;
  if (href.startsWith('/')) return !href.startsWith('//') && !href.startsWith('/\\');
  try {
    const url = new URL(href);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The size of `text` in bytes of UTF-8 (what {@link CUSTOM_CSS_MAX_BYTES} limits). */
export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}
