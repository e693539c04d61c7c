/**
 * The static pages the footer opens in its modal (issue 15; spec 02 §2 "Static-page modal"): pages of the site that
 * read well over the page one is on. A footer link (the administrator's Markdown or the footer's own cookie-policy
 * link) to one of these addresses opens the modal instead of leaving the page; its address stays a real link, so
 * opening it in a new tab still works.
 */
import { COOKIE_POLICY_PATH } from '../privacy/paths.ts';

/** A static page the modal can show. */
export type StaticPageId = 'cookiePolicy';

/** The page at each static address. */
const STATIC_PAGES: Readonly<Record<string, StaticPageId>> = { [COOKIE_POLICY_PATH]: 'cookiePolicy' };

/** The static page at `href` (a site-relative address, query and fragment ignored), or undefined for any other. */
export function staticPageAt(href: string): StaticPageId | undefined {
  if (!href.startsWith('/') || href.startsWith('//')) return undefined;
  const path = href.split(/[?#]/, 1)[0]!;
  return STATIC_PAGES[path] ?? STATIC_PAGES[path.replace(/\/$/, '')];
}

/**
 * Whether `href` may be a link in Markdown an administrator wrote: http(s) and mailto addresses, and addresses on
 * this site (`/…`, not `//host`); `javascript:`, `data:` and every other scheme are dropped (the text stays, unlinked).
 */
export function isSafeFooterHref(href: string): boolean {
  const trimmed = href.trim();
  if (trimmed.startsWith('/')) return !trimmed.startsWith('//') && !trimmed.startsWith('/\\');
  return /^(https?:\/\/|mailto:)/i.test(trimmed);
}
