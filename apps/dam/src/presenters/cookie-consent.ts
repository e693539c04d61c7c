import type { CookieConsent } from '@magpie/api-types';

/**
 * Magpie's cookie banner and cookie policy (issue 15; spec 02 §3 Cookie consent reply): what Magpie itself stores in a
 * visitor's browser, and nothing else. A site that adds analytics or embeds (custom CSS, a markdown footer) says so
 * in its own policy; this text describes the product as shipped.
 */
export const COOKIE_CONSENT: CookieConsent = {
  banner: {
    title: 'Cookies on this site',
    body: 'This site uses only the cookies it needs to work: one keeps you signed in, one protects your requests. Your display choices stay in your browser. Nothing tracks you.',
  },
  policy: [
    'This cookie policy says what Magpie, the software this site runs on, stores in your browser and why.',
    'Cookies that are strictly necessary. "magpie_session" keeps you signed in: it holds your session, encrypted so that only the server can read it, and ends when you log out or after a period without use. "magpie_csrf" protects the requests your browser sends for you against other sites forging them. Both are sent only to this site, and Magpie sets no other cookies.',
    'Local storage. Your browser keeps a few things on your device, never sent to anyone by Magpie: your display choices (the interface style: light, dark or automatic; high-quality thumbnails), while you are signed in the list of what this site offers you (so that pages open at once), and, under "policy", the text of this cookie notice once you accepted it, so that the banner does not show again until the text changes.',
    'No tracking. Magpie sends nothing about your visits to third parties and uses no analytics, advertising or social media cookies.',
    'Questions about this site and the data it holds about you go to its administrators.',
  ].join('\n\n'),
};
