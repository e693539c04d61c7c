/**
 * The site's custom CSS on every page (issue 15; spec 01 §3 `appearance.customCss`): while the page knows a custom CSS
 * address, one `<link rel="stylesheet">` to it is the last element of `<head>`; its address changes with the CSS (the
 * DAM's `?v=`), so a new descriptor swaps the stylesheet, and a descriptor without one (the CSS cleared) removes it.
 * Chakra UI's style props are class rules, so the site's rules on elements need `!important` or a class-strong
 * selector to win over them (docs/decisions.md, issue 15).
 *
 * Where the address comes from: the session's descriptor when signed in; the guest's public descriptor while browsing
 * as a guest; otherwise (the login view, the password-reset and sign-up pages, the static pages) the public descriptor
 * asked once each time the page is without a session, or the unversioned address in guest-disabled mode
 * (`visitorCustomCss.ts`). Nothing is asked while the session is still checking guest access (that answer brings the
 * public descriptor).
 */
import { useEffect, useState } from 'react';
import { api } from '../api/client.ts';
import { SessionActorContext, useSession } from '../session/SessionProvider.tsx';
import { customCssHref } from './headerLinks.ts';
import { visitorCustomCssHref } from './visitorCustomCss.ts';

/** The `id` of the custom CSS's `<link>` (one per page). */
export const CUSTOM_CSS_LINK_ID = 'magpie-custom-css';

/** The CSS address for a visitor without a session or guest descriptor (asked while `ask` holds); see the module comment. */
function useVisitorCustomCss(ask: boolean): string | undefined {
  const [href, setHref] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!ask) return;
    const controller = new AbortController();
    visitorCustomCssHref(api, controller.signal)
      .then(setHref)
      .catch(() => {
        // Aborted: the page got a session or a guest descriptor meanwhile, which names the CSS itself.
      });
    return () => controller.abort();
  }, [ask]);
  return href;
}

/** See the module comment. Renders nothing itself. */
export function CustomCssLink() {
  const { descriptor, guest } = useSession();
  const checkingGuest = SessionActorContext.useSelector((s) => s.matches({ unauthenticated: 'checkingGuest' }));
  const visitorHref = useVisitorCustomCss(descriptor === undefined && guest === undefined && !checkingGuest);
  const href = descriptor ? customCssHref(descriptor) : guest ? customCssHref(guest) : checkingGuest ? undefined : visitorHref;
  useEffect(() => {
    if (href === undefined) return;
    const link = document.createElement('link');
    link.id = CUSTOM_CSS_LINK_ID;
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.testid = 'custom-css';
    document.head.appendChild(link);
    return () => link.remove();
  }, [href]);
  return null;
}
