/**
 * Where the change-password view sits among the app's routes (spec 03 §2.9 Change password, §2.11 "If the profile
 * says a forced password change is set, the browser is redirected to the force-change-password view"): the redirect
 * every logged-in route makes while the descriptor's `isForcePasswordChangeSet` is on, and where the view goes back
 * to afterwards. Pure; loaded with the entry chunk (the route guard needs it), so it stays small.
 */
import type { FullApiDescriptor } from '@magpie/api-types';
import { ARCHIVES_PATH, safeReturnAddress } from '../../lib/urls.ts';

/** The change-password view's route; the DAM's descriptor links it as `views.changePassword`. */
export const CHANGE_PASSWORD_PATH = '/fotoweb/views/change-password';

/**
 * The change-password view's address with `to`, the page to come back to (a safe same-origin address only, as for
 * the login view's `to`, spec 01 §2). `href` is the descriptor's `views.changePassword`, used as it is (opaque URL).
 */
export function changePasswordUrl(href: string, returnAddress: string | undefined): string {
  const to = safeReturnAddress(returnAddress);
  if (to === undefined || to === href) return href;
  return `${href}${href.includes('?') ? '&' : '?'}to=${encodeURIComponent(to)}`;
}

/** The path of an address (no query, no hash). */
function pathOf(address: string): string {
  const end = address.search(/[?#]/);
  return end === -1 ? address : address.slice(0, end);
}

/** True when `address` (path + query + hash) is the change-password view. */
export function isChangePasswordAddress(address: string): boolean {
  return pathOf(address) === CHANGE_PASSWORD_PATH;
}

/**
 * Where a logged-in route must go instead of rendering, for the descriptor's forced password change: the
 * change-password view with `address` as `to` (so the user goes on where they were once it is done), or undefined
 * when nothing is forced or `address` is the view already. The view is {@link CHANGE_PASSWORD_PATH} even when the
 * descriptor does not link it: the DAM refuses everything else until the password is changed.
 */
export function forcedChangeRedirect(descriptor: Pick<FullApiDescriptor, 'isForcePasswordChangeSet'> | undefined, address: string): string | undefined {
  if (descriptor?.isForcePasswordChangeSet !== true || isChangePasswordAddress(address)) return undefined;
  return changePasswordUrl(CHANGE_PASSWORD_PATH, address);
}

/**
 * Where the view goes once the password is changed: `to` when it is a safe same-app address (the rule of the login
 * view's `to`, `safeReturnAddress`) other than the view itself, else the archives list (the default landing page).
 */
export function returnAddressAfterChange(to: string | null | undefined): string {
  const safe = safeReturnAddress(to);
  return safe === undefined || isChangePasswordAddress(safe) ? ARCHIVES_PATH : safe;
}
