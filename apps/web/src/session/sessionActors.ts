/**
 * The session machine's side effects for the web app: the auth check, the keepalive ping, logout and the guest
 * access check, over the typed API client (spec 01 §3 `services.keepalive` / `services.logout`, §7 "GET auth-check
 * url: returns apiDescriptor and authenticated", "POST logout service, empty body"; fotoweb-api-notes §1 public entry
 * point, issue 12 guests).
 *
 * The BFF has no single auth-check call, so the check is composed: `GET /fotoweb/views/session` says whether the
 * browser has a session, and only then `GET /fotoweb/me` (the descriptor) renews the stored user data.
 */
import { fromPromise } from 'xstate';
import type { FullApiDescriptor, PublicApiDescriptor } from '@magpie/api-types';
import type { CheckAuthOutput, GuestAccessAnswer, KeepaliveInput, LogoutInput } from './sessionMachineSource.ts';
import { isUsableDescriptor } from './descriptorStore.ts';

/** The calls the session needs (a subset of the app's `MagpieClient`). Errors carry the HTTP `status`. */
export interface SessionApi {
  getSession(options?: { signal?: AbortSignal }): Promise<{ authenticated: boolean }>;
  getDescriptor(options?: { signal?: AbortSignal }): Promise<FullApiDescriptor>;
  keepalive(href: string, options?: { signal?: AbortSignal }): Promise<void>;
  logout(href: string, options?: { signal?: AbortSignal }): Promise<void>;
  getPublicDescriptor(options?: { signal?: AbortSignal }): Promise<PublicApiDescriptor>;
}

/** True for a public descriptor the guest shell can use: it links the public archives list. */
export function isUsablePublicDescriptor(value: unknown): value is PublicApiDescriptor {
  if (typeof value !== 'object' || value === null) return false;
  const archives = (value as Partial<PublicApiDescriptor>).archives;
  return typeof archives === 'string' && archives !== '';
}

/**
 * The `checkAuth`, `keepalive`, `logout` and `checkGuestAccess` actors for `sessionMachine.provide({actors})`. Each
 * request is aborted when the machine leaves the state that runs it. A descriptor the app cannot use is not passed
 * on (the session keeps the one it has). `checkGuestAccess` runs without stored user data: when the browser has a
 * session after all (`GET /fotoweb/views/session`, which also sets the CSRF cookie), it answers that session's
 * descriptor; else the public descriptor (`GET /fotoweb/`). It rejects with the 401 of guest-disabled mode, any other
 * failure, or an answer without an archives list, and the machine then sends the visitor to the login view.
 */
export function createSessionActors(client: SessionApi) {
  return {
    checkAuth: fromPromise<CheckAuthOutput>(async ({ signal }) => {
      const session = await client.getSession({ signal });
      if (!session.authenticated) return { authenticated: false };
      const descriptor = await client.getDescriptor({ signal });
      return isUsableDescriptor(descriptor) ? { authenticated: true, apiDescriptor: descriptor } : { authenticated: true };
    }),
    keepalive: fromPromise<void, KeepaliveInput>(({ input, signal }) => client.keepalive(input.href, { signal })),
    logout: fromPromise<void, LogoutInput>(({ input, signal }) => client.logout(input.href, { signal })),
    checkGuestAccess: fromPromise<GuestAccessAnswer>(async ({ signal }) => {
      const session = await client.getSession({ signal });
      if (session.authenticated) {
        const descriptor = await client.getDescriptor({ signal });
        if (isUsableDescriptor(descriptor)) return { session: descriptor };
      }
      const descriptor = await client.getPublicDescriptor({ signal });
      if (!isUsablePublicDescriptor(descriptor)) throw new Error('The public API descriptor names no archives list.');
      return { guest: descriptor };
    }),
  };
}
