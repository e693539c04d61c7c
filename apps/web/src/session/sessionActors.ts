/**
 * The session machine's side effects for the web app: the auth check, the keepalive ping and logout, over the
 * typed API client (spec 01 §3 `services.keepalive` / `services.logout`, §7 "GET auth-check url: returns
 * apiDescriptor and authenticated", "POST logout service, empty body").
 *
 * The BFF has no single auth-check call, so the check is composed: `GET /fotoweb/views/session` says whether the
 * browser has a session, and only then `GET /fotoweb/me` (the descriptor) renews the stored user data.
 */
import { fromPromise } from 'xstate';
import type { FullApiDescriptor } from '@magpie/api-types';
import type { CheckAuthOutput, KeepaliveInput, LogoutInput } from './sessionMachineSource.ts';
import { isUsableDescriptor } from './descriptorStore.ts';

/** The calls the session needs (a subset of the app's `MagpieClient`). Errors carry the HTTP `status`. */
export interface SessionApi {
  getSession(options?: { signal?: AbortSignal }): Promise<{ authenticated: boolean }>;
  getDescriptor(options?: { signal?: AbortSignal }): Promise<FullApiDescriptor>;
  keepalive(href: string, options?: { signal?: AbortSignal }): Promise<void>;
  logout(href: string, options?: { signal?: AbortSignal }): Promise<void>;
}

/**
 * The `checkAuth`, `keepalive` and `logout` actors for `sessionMachine.provide({actors})`. Each request is aborted
 * when the machine leaves the state that runs it. A descriptor the app cannot use is not passed on (the session
 * keeps the one it has).
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
  };
}
