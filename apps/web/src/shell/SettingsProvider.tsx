/**
 * The settings (cog) menu's state for the logged-in shell (spec 03 §2.1): the entries `settings/settingsEntries.ts`
 * keeps for the descriptor, the permissions overview and the pending counts of sign-ups and orders (the badges), and
 * whether the "Manage users and groups" modal is open. The counts are read when the shell mounts and again through
 * `refreshCounts` (after a sign-up or an order was decided, or an order placed: spec 03 §2.1 "refreshed when the
 * pending-orders count changes").
 *
 * The modal's open state is app state held here, not a URL: spec 03 §2 "No URL routes are shown for the dialogs",
 * and a search parameter would also change the collection view's address (and its search) under the modal. The
 * registry's `openUserManagement` action sets it; `AppShell` mounts the lazily loaded modal while it is set.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { needsPermissionsOverview, settingsMenu, type PermissionsOverviewLike, type PermissionsOverviewState, type SettingsMenu } from '../settings/settingsEntries.ts';

interface SettingsValue {
  /** The cog menu: its entries (empty = hidden) and its badge. */
  readonly menu: SettingsMenu;
  /** True while the "Manage users and groups" modal is open. */
  readonly userManagementOpen: boolean;
  /** Reads the pending counts again (after a sign-up or an order was approved or rejected, or an order placed; issues 14, 15). */
  refreshCounts(): void;
  openUserManagement(): void;
  closeUserManagement(): void;
}

const SettingsContext = createContext<SettingsValue | undefined>(undefined);

/** The settings menu's state; throws outside {@link SettingsProvider}. */
export function useSettings(): SettingsValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings must be used inside <SettingsProvider>');
  return value;
}

/** The permissions overview path (spec 03 §3.4, FotoWare `GET /fotoweb/api/config/options`); not a descriptor link. */
const PERMISSIONS_OVERVIEW_KEY = 'config/options';

/**
 * Reads the permissions overview (`getConfigOptions`). The contract's `ConfigOptions` is a
 * {@link PermissionsOverviewLike}; the rules read only its license types and config sections.
 */
function loadPermissionsOverview(signal: AbortSignal): Promise<PermissionsOverviewLike> {
  return api.getConfigOptions({ signal });
}

/**
 * Reads the pending sign-ups' count (`countSignups`, the descriptor's `signups_count`; spec 03 §2.1 badge, §7
 * "pending-users count link" `signupCount`).
 */
function loadSignupCount(href: string, signal: AbortSignal): Promise<number> {
  return api.countSignups(href, { signal }).then((answer) => answer.signupCount);
}

/**
 * Reads the pending orders' count (`countOrders` on the descriptor's `order.admin.pending`, without cache; spec 03 §2.1
 * "Pending orders: a link with a count badge", §7 "GET pending-orders count").
 */
function loadPendingOrderCount(href: string, signal: AbortSignal): Promise<number> {
  return api.countOrders(href, { signal }).then((answer) => answer.count);
}

/** Provides {@link useSettings}; must be inside the session. */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const { descriptor } = useSession();
  // Only users offered an entry that depends on it ask for the overview (an ordinary user never calls it).
  const wanted = descriptor !== undefined && needsPermissionsOverview(descriptor);
  const overviewKey = wanted ? `${descriptor.href} ${PERMISSIONS_OVERVIEW_KEY}` : undefined;
  const overview = useResource(overviewKey, loadPermissionsOverview);
  const overviewState = useMemo<PermissionsOverviewState>(() => {
    if (overview.status === 'ready' && overview.data !== undefined) return { status: 'loaded', overview: overview.data };
    // spec 03 §8 "Permissions overview failure: falls back to an empty object", which drops both entries.
    if (overview.status === 'error') return { status: 'failed' };
    return { status: 'loading' };
  }, [overview.status, overview.data]);

  // spec 03 §8 "Pending counts ignore errors": a failed count is not known, so it shows no badge.
  const signupCountHref = descriptor?.isForcePasswordChangeSet ? undefined : (descriptor?.signups_count ?? undefined);
  const signupCount = useResource(signupCountHref, (signal) => loadSignupCount(signupCountHref!, signal));
  const signups = signupCount.status === 'ready' ? signupCount.data : undefined;
  const reloadSignupCount = signupCount.reload;
  const pendingOrdersHref = descriptor?.isForcePasswordChangeSet ? undefined : (descriptor?.order?.admin?.pending ?? undefined);
  const orderCount = useResource(pendingOrdersHref, (signal) => loadPendingOrderCount(pendingOrdersHref!, signal));
  const orders = orderCount.status === 'ready' ? orderCount.data : undefined;
  const reloadOrderCount = orderCount.reload;
  const refreshCounts = useCallback(() => {
    reloadSignupCount();
    reloadOrderCount();
  }, [reloadSignupCount, reloadOrderCount]);

  const menu = useMemo(
    () =>
      descriptor
        ? settingsMenu({ descriptor, overview: overviewState, counts: { ...(signups === undefined ? {} : { signups }), ...(orders === undefined ? {} : { orders }) } })
        : { entries: [], badge: 0 },
    [descriptor, overviewState, signups, orders],
  );

  const [open, setOpen] = useState(false);
  const openUserManagement = useCallback(() => setOpen(true), []);
  const closeUserManagement = useCallback(() => setOpen(false), []);
  const value = useMemo<SettingsValue>(
    () => ({ menu, userManagementOpen: open, openUserManagement, closeUserManagement, refreshCounts }),
    [menu, open, openUserManagement, closeUserManagement, refreshCounts],
  );
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}
