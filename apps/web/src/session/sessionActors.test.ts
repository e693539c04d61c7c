import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, toPromise } from 'xstate';
import type { FullApiDescriptor, PublicApiDescriptor } from '@magpie/api-types';
import { loginUrl } from '../lib/urls.ts';
import { createSessionActors, type SessionApi } from './sessionActors.ts';
import { loginUrlFor, sessionMachine } from './sessionMachineSource.ts';

const descriptor = {
  href: '/fotoweb/me',
  services: { logout: '/fotoweb/services/logout', keepalive: { href: '/fotoweb/services/keepalive', interval: 20 } },
  views: { loggedOut: '/fotoweb/views/login' },
  user: { fullName: 'Ada' },
} as unknown as FullApiDescriptor;

const publicDescriptor: PublicApiDescriptor = {
  server: 'Magpie 0.1.0',
  href: '/fotoweb/',
  utc_offset: 0,
  archives: '/fotoweb/archives/',
  albums: null,
  taxonomies: '/fotoweb/taxonomies/',
  services: { login: '/fotoweb/views/login', search: '/fotoweb/archives/{?q}', rendition_request: null },
  background_tasks: null,
  searchURL: '/fotoweb/archives/{?q}',
  isGuest: true,
};

function fakeApi(overrides: Partial<SessionApi> = {}): SessionApi {
  return {
    getSession: vi.fn(async () => ({ authenticated: true })),
    getDescriptor: vi.fn(async () => descriptor),
    keepalive: vi.fn(async () => {}),
    logout: vi.fn(async () => {}),
    getPublicDescriptor: vi.fn(async () => publicDescriptor),
    ...overrides,
  };
}

async function run<T>(logic: Parameters<typeof createActor>[0], input?: unknown): Promise<T> {
  return (await toPromise(createActor(logic, { input }).start())) as T;
}

describe('session actors (spec 01 §7)', () => {
  it('checks the session, then fetches the descriptor only when authenticated', async () => {
    const api = fakeApi();
    await expect(run(createSessionActors(api).checkAuth)).resolves.toEqual({ authenticated: true, apiDescriptor: descriptor });
    const none = fakeApi({ getSession: vi.fn(async () => ({ authenticated: false })) });
    await expect(run(createSessionActors(none).checkAuth)).resolves.toEqual({ authenticated: false });
    expect(none.getDescriptor).not.toHaveBeenCalled();
  });

  it('does not pass on a descriptor the app cannot use', async () => {
    const api = fakeApi({ getDescriptor: vi.fn(async () => ({ href: '/x' }) as unknown as FullApiDescriptor) });
    await expect(run(createSessionActors(api).checkAuth)).resolves.toEqual({ authenticated: true });
  });

  it('pings and logs out at the hrefs the machine gives, passing the abort signal', async () => {
    const api = fakeApi();
    const actors = createSessionActors(api);
    await run(actors.keepalive, { href: '/fotoweb/services/keepalive' });
    await run(actors.logout, { href: '/fotoweb/services/logout' });
    expect(api.keepalive).toHaveBeenCalledWith('/fotoweb/services/keepalive', { signal: expect.any(AbortSignal) });
    expect(api.logout).toHaveBeenCalledWith('/fotoweb/services/logout', { signal: expect.any(AbortSignal) });
  });

  it('lets the machine end the session on a 401 keepalive (the error keeps its status)', async () => {
    const api = fakeApi({ keepalive: vi.fn(async () => Promise.reject(Object.assign(new Error('HTTP 401'), { status: 401 }))) });
    const machine = sessionMachine.provide({ actors: createSessionActors(api) });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { input: { storedDescriptor: descriptor, address: '/fotoweb/archives/5000/' }, clock });
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('authenticated')).toBe(true));
    clock.increment(20_000);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('unauthenticated')).toBe(true));
    expect(api.keepalive).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.loginUrl).toBe('/fotoweb/views/login?to=%2Ffotoweb%2Farchives%2F5000%2F');
    actor.stop();
  });
});

describe('guest access check (issue 12, fotoweb-api-notes §1 public entry point)', () => {
  it('resolves with the public descriptor without a session, passing the abort signal', async () => {
    const api = fakeApi({ getSession: vi.fn(async () => ({ authenticated: false })) });
    await expect(run(createSessionActors(api).checkGuestAccess)).resolves.toEqual({ guest: publicDescriptor });
    expect(api.getSession).toHaveBeenCalledWith({ signal: expect.any(AbortSignal) });
    expect(api.getPublicDescriptor).toHaveBeenCalledWith({ signal: expect.any(AbortSignal) });
    expect(api.getDescriptor).not.toHaveBeenCalled();
  });

  it("resolves with the session's descriptor when the browser has a session without stored user data", async () => {
    const api = fakeApi();
    await expect(run(createSessionActors(api).checkGuestAccess)).resolves.toEqual({ session: descriptor });
    expect(api.getPublicDescriptor).not.toHaveBeenCalled();
  });

  it('rejects in guest-disabled mode (401) and for a descriptor without an archives list', async () => {
    const refused = fakeApi({
      getSession: vi.fn(async () => ({ authenticated: false })),
      getPublicDescriptor: vi.fn(async () => Promise.reject(Object.assign(new Error('HTTP 401'), { status: 401 }))),
    });
    await expect(run(createSessionActors(refused).checkGuestAccess)).rejects.toMatchObject({ status: 401 });
    const odd = fakeApi({
      getSession: vi.fn(async () => ({ authenticated: false })),
      getPublicDescriptor: vi.fn(async () => ({ href: '/fotoweb/' }) as unknown as PublicApiDescriptor),
    });
    await expect(run(createSessionActors(odd).checkGuestAccess)).rejects.toThrow(/archives/);
  });

  it('lets a visitor browse as a guest, and sends a guest on a private page to login with `to`', async () => {
    const visitor = fakeApi({ getSession: vi.fn(async () => ({ authenticated: false })) });
    const actor = createActor(sessionMachine.provide({ actors: createSessionActors(visitor) }), { input: { address: '/fotoweb/archives/' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('guest'));
    actor.send({ type: 'LOCATION_CHANGED', address: '/fotoweb/archives/5000-Photos/' });
    actor.send({ type: 'NOT_FOUND', href: '/fotoweb/archives/5000-Photos/' });
    expect(actor.getSnapshot().context.loginUrl).toBe(loginUrlFor('/fotoweb/archives/5000-Photos/'));
    actor.stop();
  });
});

describe('login address', () => {
  it('is the same as the route guard computes (lib/urls loginUrl)', () => {
    for (const address of [
      '/fotoweb/archives/5000/?q=a%20b&x=1#grid',
      '/',
      '/fotoweb/',
      '/fotoweb/archives/',
      '/fotoweb/views/login?to=%2Fx',
      '//evil.test/',
      '/a\u0001b',
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(loginUrlFor(address)).toBe(loginUrl(address));
    }
  });
});
