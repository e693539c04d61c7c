/**
 * The session as the app knows it (spec 01 §1, §4 Session; issue 12 guests): one actor of the session machine
 * (`@magpie/machines`, wired in `sessionMachine.ts`) for the whole app, shared through `@xstate/react`'s
 * `createActorContext`. The machine owns the flow: the stored descriptor checked at start, the keepalive ping
 * (every `services.keepalive.interval` s, not inside a frame), the repeated auth check, logout through
 * `services.logout` with its 'logout error' notice, guest browsing of the public archives without a session (guest
 * access checked once with the public descriptor), and where to go when the session is lost or a guest reaches a
 * private address (the login view with `to` = path + query + hash).
 *
 * This provider only connects the machine to the browser: it reports navigation, 401 and 404 answers and other
 * tabs' changes as events, mirrors the machine's descriptor to localStorage, navigates where the machine says, and
 * shows its notice. It also loads the upload targets the descriptor links to (data, not flow state).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, CloseButton } from '@chakra-ui/react';
import { createActorContext } from '@xstate/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { waitFor } from 'xstate';
import type { Collection, FullApiDescriptor, PublicApiDescriptor } from '@magpie/api-types';
import { pageHref } from '@magpie/api-types';
import { api, onNotFound, onUnauthorized } from '../api/client.ts';
import { currentAddress } from '../lib/urls.ts';
import { clearStoredDescriptor, DESCRIPTOR_STORAGE_KEY, readStoredDescriptor, storeDescriptor } from './descriptorStore.ts';
import { appSessionMachine } from './sessionMachine.ts';
import { LOGOUT_ERROR_NOTICE, sessionGuestDescriptor, sessionRedirect, type SessionInput, type SessionNotice } from './sessionMachineSource.ts';

/** Most upload-target pages followed; the chooser is a short list (spec 01 §2 "upload to"). */
const MAX_UPLOAD_TARGET_PAGES = 10;

/** The session actor, for components that need more than {@link useSession} (e.g. `useSelector`). */
export const SessionActorContext = createActorContext(appSessionMachine);

/** What components read from the session. */
export interface SessionValue {
  /** The full API descriptor, or undefined when logged out. */
  readonly descriptor: FullApiDescriptor | undefined;
  /**
   * The public API descriptor while a visitor browses the public archives as a guest (issue 12; spec 02 §6: no
   * pins, cart or alerts), else undefined. Never set together with `descriptor`. Its `archives` is the public
   * archives list (`/fotoweb/archives/`) and its `searchURL` the search across them.
   */
  readonly guest: PublicApiDescriptor | undefined;
  /** The collections the user may upload to (the descriptor's `upload_to` list); empty while loading or when none. */
  readonly uploadTargets: readonly Collection[];
  /** Starts the session after login with the freshly fetched descriptor. */
  establish(descriptor: FullApiDescriptor): void;
  /** Logs out through `services.logout`; resolves once the logout answered (the machine then redirects). */
  logout(): Promise<void>;
  /** Forgets the stored descriptor (the BFF says there is no session). */
  clear(): void;
}

const SessionContext = createContext<SessionValue | undefined>(undefined);

/** The session; throws outside {@link SessionProvider}. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

async function loadUploadTargets(href: string, signal: AbortSignal): Promise<Collection[]> {
  const targets: Collection[] = [];
  let next: string | undefined = href;
  for (let page = 0; next !== undefined && page < MAX_UPLOAD_TARGET_PAGES; page++) {
    const list = await api.getCollectionList(next, { signal });
    targets.push(...list.data);
    next = pageHref(list.paging?.next);
  }
  return targets;
}

/** The machine's input, read once from the browser when the provider mounts. */
function readSessionInput(): SessionInput {
  return {
    storedDescriptor: readStoredDescriptor(localStorage),
    address: currentAddress(window.location),
    insideFrame: window.top !== window.self,
  };
}

/** Provides {@link useSession} and {@link SessionActorContext}. Must be inside the router (it navigates). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [input] = useState(readSessionInput);
  return (
    <SessionActorContext.Provider options={{ input }}>
      <SessionBridge>{children}</SessionBridge>
    </SessionActorContext.Provider>
  );
}

function SessionBridge({ children }: { children: ReactNode }) {
  const actorRef = SessionActorContext.useActorRef();
  // Every descriptor the machine holds comes from `readStoredDescriptor` or the API (both full descriptors).
  const descriptor = SessionActorContext.useSelector((s) => s.context.descriptor) as FullApiDescriptor | undefined;
  // Every public descriptor the machine holds comes from the guest access check (`sessionActors.ts`).
  const guest = SessionActorContext.useSelector(sessionGuestDescriptor) as PublicApiDescriptor | undefined;
  const redirect = SessionActorContext.useSelector(sessionRedirect);
  const navigate = useNavigate();
  const location = useLocation();
  const [uploadTargets, setUploadTargets] = useState<readonly Collection[]>([]);

  // The machine keeps the current address for `to`.
  const address = currentAddress(location);
  useEffect(() => {
    actorRef.send({ type: 'LOCATION_CHANGED', address });
  }, [actorRef, address]);

  // Go where the machine says: the login view with `to`, or the logged-out view after logout.
  useEffect(() => {
    if (redirect !== undefined) navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  // The descriptor is kept as locally stored user data (spec 01 §1).
  useEffect(() => {
    if (descriptor) storeDescriptor(localStorage, descriptor);
    else clearStoredDescriptor(localStorage);
  }, [descriptor]);

  // A 401 anywhere: the session is gone (spec 01 §4 Session), or guests are refused.
  useEffect(() => onUnauthorized(() => actorRef.send({ type: 'SESSION_LOST' })), [actorRef]);

  // A read answered 404: for a guest on that page, a private address (the machine compares it with the address).
  useEffect(() => onNotFound((href) => actorRef.send({ type: 'NOT_FOUND', href })), [actorRef]);

  // Another tab logged out or in: follow it (a tab without a session, e.g. a guest's, has nothing to lose).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== localStorage || (event.key !== null && event.key !== DESCRIPTOR_STORAGE_KEY)) return;
      const stored = readStoredDescriptor(localStorage);
      if (stored) actorRef.send({ type: 'LOGGED_IN', descriptor: stored });
      else if (actorRef.getSnapshot().context.descriptor !== undefined) actorRef.send({ type: 'SESSION_LOST' });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [actorRef]);

  // While a password change is forced the DAM refuses the list (403 PasswordChangeRequired); it loads once changed.
  const uploadToHref = descriptor?.isForcePasswordChangeSet ? undefined : (descriptor?.upload_to ?? undefined);
  useEffect(() => {
    setUploadTargets([]);
    if (!uploadToHref) return;
    const controller = new AbortController();
    loadUploadTargets(uploadToHref, controller.signal)
      .then((targets) => setUploadTargets(targets.filter((t) => t.canUploadTo !== false)))
      .catch(() => {
        // No targets: the upload menu item stays hidden (spec 01 §6); a 401 is handled by the client.
      });
    return () => controller.abort();
  }, [uploadToHref]);

  const establish = useCallback((next: FullApiDescriptor) => actorRef.send({ type: 'LOGGED_IN', descriptor: next }), [actorRef]);
  const clear = useCallback(() => actorRef.send({ type: 'SESSION_LOST' }), [actorRef]);
  const logout = useCallback(async () => {
    actorRef.send({ type: 'LOGOUT' });
    // Resolves when the logout answered; rejects only if the provider unmounts meanwhile (nothing to do then).
    await waitFor(actorRef, (snapshot) => !snapshot.matches('loggingOut')).catch(() => undefined);
  }, [actorRef]);

  const value = useMemo<SessionValue>(
    () => ({ descriptor, guest, uploadTargets: descriptor ? uploadTargets : [], establish, logout, clear }),
    [descriptor, guest, uploadTargets, establish, logout, clear],
  );
  return (
    <SessionContext.Provider value={value}>
      {children}
      <SessionNoticeView />
    </SessionContext.Provider>
  );
}

/** Human wording of the machine's notices (the machine speaks the spec's catalogue keys, spec 01 §8). */
function noticeText(notice: SessionNotice): { title: string; description: string } {
  if (notice.message === LOGOUT_ERROR_NOTICE) {
    return { title: 'Logout error', description: 'You are still logged in. Try again in a moment.' };
  }
  return { title: notice.message, description: '' };
}

/** The session's notice ('logout error'), closing by itself after 15 s (the machine's timer) or on dismiss. */
function SessionNoticeView() {
  const actorRef = SessionActorContext.useActorRef();
  const notice = SessionActorContext.useSelector((s) => s.context.notice);
  if (!notice) return null;
  const { title, description } = noticeText(notice);
  return (
    <Box position="fixed" bottom="4" insetEnd="4" zIndex="toast" maxW="sm" w="calc(100% - 2rem)">
      <Alert.Root status="error" variant="surface" data-testid="session-notice" role="alert" boxShadow="lg">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          {description && <Alert.Description>{description}</Alert.Description>}
        </Alert.Content>
        <CloseButton size="sm" aria-label="Dismiss" onClick={() => actorRef.send({ type: 'DISMISS_NOTICE' })} />
      </Alert.Root>
    </Box>
  );
}
