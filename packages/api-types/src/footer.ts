/**
 * The site footer's rules (issue 15; spec 02 §2 "a custom markdown footer"), without zod, so the web app and the
 * machines check them too; `schemas.ts` builds the body schema from them.
 */

/** The longest footer an administrator may store (characters; dam.yaml `SiteFooterUpdate`). */
export const SITE_FOOTER_MAX_LENGTH = 10_000;
