/**
 * The site's custom CSS on every page (issue 15; spec 01 §3 `appearance.customCss`): while the session's descriptor
 * names a custom CSS address, one `<link rel="stylesheet">` to it is the last element of `<head>`; its address
 * changes with the CSS (the DAM's `?v=`), so a new descriptor swaps the stylesheet, and a descriptor without one (the
 * CSS cleared, or logged out) removes it. Chakra UI's style props are class rules, so the site's rules on elements need
 * `!important` or a class-strong selector to win over them (docs/decisions.md, issue 15).
 */
import { useEffect } from 'react';
import { useSession } from '../session/SessionProvider.tsx';
import { customCssHref } from './headerLinks.ts';

/** The `id` of the custom CSS's `<link>` (one per page). */
export const CUSTOM_CSS_LINK_ID = 'magpie-custom-css';

/** See the module comment. Renders nothing itself. */
export function CustomCssLink() {
  const { descriptor } = useSession();
  const href = customCssHref(descriptor);
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
