import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, toPromise } from 'xstate';
import type { FullApiDescriptor } from '@magpie/api-types';
import { loginUrl } from '../lib/urls.ts';
import { createSessionActors, type SessionApi } from './sessionActors.ts';
import { loginUrlFor, sessionMachine } from './sessionMachineSource.ts';

const descriptor = {
  href: '/fotoweb/me',
  services: { logout: '/fotoweb/services/logout', keepalive: { href: '/fotoweb/services/keepalive', interval: 20 } },
  views: { loggedOut: '/fotoweb/views/login' },
  user: { fullName: 'Ada' },
} as unknown as FullApiDescriptor;

function fakeApi(overrides: Partial<SessionApi> = {}): SessionApi {
  return {
    getSession: vi.fn(async () => ({ authenticated: true })),
    getDescriptor: vi.fn(async () => descriptor),
    keepalive: vi.fn(async () => {}),
    logout: vi.fn(async () => {}),
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
