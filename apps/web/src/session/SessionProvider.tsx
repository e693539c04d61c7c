/**
 * The session as the app knows it: the stored API descriptor (spec 01 §1, §4 Session), the upload targets it
 * links to, the keepalive ping (spec 02 §3 `services.keepalive`, §6 "keepalive ping (not when inside a frame)"),
 * logout, and the redirect to the login view when the session is lost.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Collection, FullApiDescriptor } from '@magpie/api-types';
import { pageHref } from '@magpie/api-types';
import { api, onUnauthorized } from '../api/client.ts';
import { currentAddress, LOGIN_PATH, loginUrl } from '../lib/urls.ts';
import { clearStoredDescriptor, readStoredDescriptor, storeDescriptor } from './descriptorStore.ts';

/** Most upload-target pages followed; the chooser is a short list (spec 01 §2 "upload to"). */
const MAX_UPLOAD_TARGET_PAGES = 10;

/** What components read from the session. */
export interface SessionValue {
  /** The full API descriptor, or undefined when logged out. */
  readonly descriptor: FullApiDescriptor | undefined;
  /** The collections the user may upload to (the descriptor's `upload_to` list); empty while loading or when none. */
  readonly uploadTargets: readonly Collection[];
  /** Starts the session after login with the freshly fetched descriptor. */
  establish(descriptor: FullApiDescriptor): void;
  /** Logs out through `services.logout` and goes to the logged-out view. */
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

/** Provides {@link useSession}. Must be inside the router (it navigates). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [descriptor, setDescriptor] = useState<FullApiDescriptor | undefined>(() => readStoredDescriptor(localStorage));
  const [uploadTargets, setUploadTargets] = useState<readonly Collection[]>([]);
  const descriptorRef = useRef(descriptor);
  descriptorRef.current = descriptor;

  const establish = useCallback((next: FullApiDescriptor) => {
    storeDescriptor(localStorage, next);
    setDescriptor(next);
  }, []);

  const forget = useCallback(() => {
    clearStoredDescriptor(localStorage);
    setDescriptor(undefined);
    setUploadTargets([]);
  }, []);

  // A 401 anywhere: the session is gone. Go to login, keeping the current address (spec 01 §4 Session).
  useEffect(
    () =>
      onUnauthorized(() => {
        if (descriptorRef.current === undefined && window.location.pathname === LOGIN_PATH) return;
        forget();
        if (window.location.pathname !== LOGIN_PATH) navigate(loginUrl(currentAddress(window.location)), { replace: true });
      }),
    [forget, navigate],
  );

  // Another tab logged out or in: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== localStorage) return;
      setDescriptor(readStoredDescriptor(localStorage));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const uploadToHref = descriptor?.upload_to ?? undefined;
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

  // Keepalive (spec 02 §3, §6): not inside a frame; a 401 answer ends the session through the client.
  const keepalive = descriptor?.services.keepalive;
  useEffect(() => {
    if (!keepalive || window.top !== window.self) return;
    const intervalMs = Math.max(1, keepalive.interval) * 1000;
    const timer = window.setInterval(() => {
      api.keepalive(keepalive.href).catch(() => {
        // Network blips are retried at the next tick; 401 is handled by the client.
      });
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [keepalive?.href, keepalive?.interval]); // eslint-disable-line react-hooks/exhaustive-deps

  const logout = useCallback(async () => {
    const current = descriptorRef.current;
    const target = current?.views.loggedOut ?? LOGIN_PATH;
    try {
      if (current) await api.logout(current.services.logout);
    } catch {
      // spec 01 §8 'logout error': the local session is dropped anyway so the user is not stuck logged in here.
    }
    forget();
    navigate(target, { replace: true });
  }, [forget, navigate]);

  const value = useMemo<SessionValue>(
    () => ({ descriptor, uploadTargets, establish, logout, clear: forget }),
    [descriptor, uploadTargets, establish, logout, forget],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
