/**
 * The device-token reset's generated paths (packages/machines deviceTokenReset.model.ts) run against the real user
 * form's "End all sessions" (`apps/web/src/users/DeviceTokenReset.tsx`) in Chromium. Each path edits a user made for
 * it on the stack; the `DELETE` of the user's device tokens is held until the path says how it ends, and the page's
 * clock is Playwright's, so the spinner's 700 ms pass only when the path says so.
 *
 * RESET is the button; the delay is the clock running 700 ms. Every state is checked on screen: the button pending
 * (also during the 700 ms), "Sessions ended", and the failure's message.
 */
import { randomBytes } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { DEVICE_TOKENS_SPINNER_MS, type DeviceTokenResetContext } from '@magpie/machines/deviceTokenReset/deviceTokenReset.machine.ts';
import { deviceTokenResetModel } from '@magpie/machines/deviceTokenReset/deviceTokenReset.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { csrfHeader } from '../metadataAssets.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession } from './signIn.ts';
import { ACT, openUsersAndGroups } from './usersAndGroupsScreen.ts';

interface ResetScreen {
  readonly held: Route[];
  readonly deletes: string[];
}

const box = (page: Page) => page.getByTestId('user-reset-tokens-box');
const contextOf = (state: AnyMachineSnapshot) => state.context as DeviceTokenResetContext;

async function take(held: Route[]): Promise<Route> {
  await expect.poll(() => held.length, { message: 'the app sends the DELETE' }).toBe(1);
  return held.shift()!;
}

const adapter: ScreenAdapter<ResetScreen> = {
  async setup(page, { credentials }) {
    const modal = await openUsersAndGroups(page, credentials, 'Users');
    const username = `tokens-${randomBytes(4).toString('hex')}`;
    const created = await page.request.post('/fotoweb/users/', {
      headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/vnd.fotoware.user+json', Accept: 'application/vnd.fotoware.user+json' },
      data: { username, address: { firstName: 'Tess', lastName: 'Tokens', email: `${username}@example.com` }, account: { password: `pw-${randomBytes(8).toString('hex')}` } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { deviceTokensHref } = (await created.json()) as { deviceTokensHref: string };
    const screen: ResetScreen = { held: [], deletes: [] };
    await page.route(
      (url) => url.pathname === deviceTokensHref,
      (route) => {
        screen.deletes.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`);
        screen.held.push(route);
      },
    );
    await modal.getByTestId('users-search').fill(username);
    await modal.getByTestId('user-row').filter({ hasText: username }).getByTestId('user-edit').click(ACT);
    await expect(box(page)).toHaveAttribute('data-state', 'idle');
    await expectAccessible(page, '[data-testid="users-and-groups-modal"]', 'edit user form');
    // From here the page's timers are Playwright's: the 700 ms pass when the path says so.
    await page.clock.install();
    return screen;
  },

  async perform(event: EventObject, page, screen) {
    const payload = event as EventObject & { error?: { status: number; responseJSON: unknown } };
    if (event.type === 'RESET') return box(page).getByTestId('user-reset-tokens').click(ACT);
    if (event.type === 'xstate.done.actor.resetTokens') return (await take(screen.held)).fulfill({ status: 204, body: '' });
    if (event.type === 'xstate.error.actor.resetTokens') return (await take(screen.held)).fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
    if (event.type.startsWith('xstate.after.')) return page.clock.runFor(DEVICE_TOKENS_SPINNER_MS);
    throw new Error(`unexpected event ${event.type}`);
  },

  async assertState(state, page, screen) {
    const value = String(state.value);
    await expect(box(page)).toHaveAttribute('data-state', value);
    await expect.poll(() => screen.held.length).toBe(value === 'resetting' ? 1 : 0);
    for (const request of screen.deletes) expect(request).toMatch(/^DELETE \/fotoweb\/api\/users\/\d+\/device-tokens$/);
    const button = box(page).getByTestId('user-reset-tokens');
    if (value === 'resetting' || value === 'settling') await expect(button).toHaveAttribute('data-loading', /.*/);
    else await expect(button).not.toHaveAttribute('data-loading', /.*/);
    if (value === 'done') await expect(button).toHaveText('Sessions ended');
    const error = box(page).getByTestId('user-reset-tokens-error');
    if (value === 'failed') await expect(error).toHaveText(contextOf(state).error!);
    else await expect(error).toHaveCount(0);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: deviceTokenResetModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, timeoutMs: 120_000 });
