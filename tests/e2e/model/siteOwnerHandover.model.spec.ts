/**
 * The site-owner hand-over's generated paths (packages/machines siteOwnerHandover.model.ts) run against the real
 * "Set as site owner" dialog (`apps/web/src/users/SiteOwnerDialog.tsx`, reached from the Users tab's row action) in
 * Chromium. The admin opens "Manage users and groups"; the users list, the site owner and the owner's user are
 * answered with the model's two users through `page.route` (the stack's real owner must stay the owner for the other
 * tests), and the hand-over `PUT` and the logout `POST` are held until the path says how they end.
 *
 * CONFIRM and CANCEL are the prompt's buttons, ACKNOWLEDGE the notice's OK, RETRY and CLOSE the logout error's
 * buttons. Every state is checked on screen: the prompt naming the current owner, the §8 message of a failed change,
 * the pending buttons, the notice, the logout error; `closed` is the login view after a logout, and otherwise the
 * list again, with the badge on whoever owns the site now.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { SITE_OWNER_MODEL_INPUT, siteOwnerHandoverModel } from '@magpie/machines/siteOwnerHandover/siteOwnerHandover.model.ts';
import {
  LOGOUT_ERROR,
  SITE_OWNER_FORBIDDEN,
  SITE_OWNER_INVALID_CONFIGURATION,
  type SiteOwnerHandoverContext,
} from '@magpie/machines/siteOwnerHandover/siteOwnerHandover.machine.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession } from './signIn.ts';
import { ACT, openUsersAndGroups } from './usersAndGroupsScreen.ts';

const { siteOwnerHref, currentOwner, newOwner } = SITE_OWNER_MODEL_INPUT;
const USER_LIST = '/fotoweb/users/';
const LOGOUT = '/fotoweb/services/logout';

/** The dialog's words for the machine's messages (apps/web/src/users/errors.ts `siteOwnerErrorText`). */
function messageText(message: string): RegExp | string {
  if (message === SITE_OWNER_INVALID_CONFIGURATION) return /cannot become the site owner/;
  if (message === SITE_OWNER_FORBIDDEN) return /Only the site owner may hand the role over/;
  if (message === LOGOUT_ERROR) return /logging out failed/;
  return message;
}

type WireUser = Record<string, unknown> & { href: string };

/** Answers the model's users and holds the hand-over and the logout. */
class OwnerNetwork {
  private readonly held: { put: Route[]; logout: Route[] } = { put: [], logout: [] };
  /** Who the answers say owns the site: the model's current owner until a hand-over is answered 204. */
  owner = currentOwner.href;
  readonly puts: unknown[] = [];
  private template: Record<string, unknown> | undefined;

  private wire(user: { href: string; fullName: string }, username: string): WireUser {
    const isOwner = user.href === this.owner;
    const [firstName, lastName] = user.fullName.split(' ');
    const actions = (this.template?.['actions'] ?? {}) as Record<string, boolean>;
    return {
      ...this.template,
      id: Number(user.href.split('/').pop()),
      href: user.href,
      memberOfHref: `${user.href}/member-of`,
      deviceTokensHref: `${user.href}/device-tokens`,
      username,
      fullName: user.fullName,
      isSiteOwner: isOwner,
      address: { ...(this.template?.['address'] as object), firstName, lastName, email: `${username}@example.com` },
      actions: { ...actions, delete: !isOwner, updateAccountStatus: !isOwner, setNewSiteOwner: !isOwner && user.href === newOwner.href },
    };
  }

  private users(): WireUser[] {
    return [this.wire(currentOwner, 'ada'), this.wire(newOwner, 'bo')];
  }

  async install(page: Page): Promise<void> {
    await page.route(
      (url) => url.pathname === USER_LIST,
      async (route) => {
        // The stack's own list gives the shape of a real user (every field of the contract); the rows are the model's.
        if (!this.template) this.template = ((await (await route.fetch()).json()) as { data: Record<string, unknown>[] }).data[0];
        const data = this.users();
        return route.fulfill({ json: { data, count: data.length, paging: { first: '', prev: null, next: null, last: null } } });
      },
    );
    await page.route(
      (url) => url.pathname === siteOwnerHref,
      (route) => {
        if (route.request().method() === 'PUT') {
          this.puts.push(route.request().postDataJSON());
          this.held.put.push(route);
          return;
        }
        return route.fulfill({ json: { user: this.owner }, headers: { 'content-type': 'application/vnd.fotoware.user-reference+json' } });
      },
    );
    await page.route(
      (url) => url.pathname === currentOwner.href,
      (route) => route.fulfill({ json: this.users()[0], headers: { 'content-type': 'application/vnd.fotoware.user+json' } }),
    );
    await page.route(
      (url) => url.pathname === LOGOUT,
      (route) => {
        this.held.logout.push(route);
      },
    );
  }

  async take(kind: 'put' | 'logout'): Promise<Route> {
    await expect.poll(() => this.held[kind].length, { message: `the app sends the ${kind === 'put' ? 'hand-over PUT' : 'logout POST'}` }).toBe(1);
    return this.held[kind].shift()!;
  }

  pending(kind: 'put' | 'logout'): number {
    return this.held[kind].length;
  }
}

interface OwnerScreen {
  readonly network: OwnerNetwork;
}

const contextOf = (state: AnyMachineSnapshot) => state.context as SiteOwnerHandoverContext;
const dialog = (page: Page) => page.getByTestId('site-owner-dialog');
const refusal = (status: number) => (status === 400 ? 'InvalidRequest' : status === 403 ? 'Forbidden' : 'InternalError');

const adapter: ScreenAdapter<OwnerScreen> = {
  async setup(page, { credentials }) {
    const network = new OwnerNetwork();
    await network.install(page);
    const modal = await openUsersAndGroups(page, credentials, 'Users');
    const heirRow = modal.locator(`[data-testid="user-row"][data-href="${newOwner.href}"]`);
    await expect(modal.locator(`[data-testid="user-row"][data-href="${currentOwner.href}"]`).getByTestId('site-owner-badge')).toBeVisible();
    // spec 03 §2.4: the action only where allowed: on the heir's row, not on the owner's.
    await expect(modal.getByRole('button', { name: `Set ${currentOwner.fullName} as site owner` })).toHaveCount(0);
    await heirRow.getByRole('button', { name: `Set ${newOwner.fullName} as site owner` }).click(ACT);
    await expect(dialog(page).getByTestId('site-owner-dialog-prompt')).toBeVisible();
    await expectAccessible(page, '[data-testid="site-owner-dialog"]', 'site-owner prompt');
    return { network };
  },

  async perform(event: EventObject, page, { network }) {
    const payload = event as EventObject & { error?: { status: number } };
    switch (event.type) {
      case 'CONFIRM':
        return dialog(page).getByTestId('site-owner-dialog-confirm').click(ACT);
      case 'CANCEL':
        return dialog(page).getByTestId('site-owner-dialog-cancel').click(ACT);
      case 'ACKNOWLEDGE':
        return dialog(page).getByTestId('site-owner-dialog-ok').click(ACT);
      case 'RETRY':
        return dialog(page).getByTestId('site-owner-dialog-retry').click(ACT);
      case 'CLOSE':
        return dialog(page).getByTestId('site-owner-dialog-close').click(ACT);
      case 'xstate.done.actor.changeSiteOwner': {
        const route = await network.take('put');
        network.owner = newOwner.href;
        return route.fulfill({ status: 204, body: '' });
      }
      case 'xstate.error.actor.changeSiteOwner': {
        const route = await network.take('put');
        const status = payload.error!.status;
        return route.fulfill({ status, json: { value: refusal(status), message: 'refused' } });
      }
      case 'xstate.done.actor.logout':
        return (await network.take('logout')).fulfill({ status: 204, body: '' });
      case 'xstate.error.actor.logout':
        return (await network.take('logout')).fulfill({ status: payload.error!.status, json: { value: 'InternalError', message: 'refused' } });
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, { network }) {
    const context = contextOf(state);
    // Every PUT names the heir, with the user-reference body of spec 03 §7.
    for (const body of network.puts) expect(body).toEqual({ user: newOwner.href });
    if (state.matches('closed')) {
      await expect(dialog(page)).toHaveCount(0);
      if (context.loggedOut) {
        await expect(page.getByTestId('login-view')).toBeVisible();
        return;
      }
      // Back at the list, reloaded when the role moved: the badge is on whoever owns the site now.
      const owner = context.ownerChanged ? newOwner.href : currentOwner.href;
      await expect(page.locator(`[data-testid="user-row"][data-href="${owner}"]`).getByTestId('site-owner-badge')).toBeVisible();
      await expect(page.getByTestId('site-owner-badge')).toHaveCount(1);
      return;
    }
    expect(network.pending('put')).toBe(state.matches('changing') ? 1 : 0);
    expect(network.pending('logout')).toBe(state.matches('loggingOut') ? 1 : 0);
    if (state.matches('prompt') || state.matches('changing')) {
      const prompt = dialog(page).getByTestId('site-owner-dialog-prompt');
      await expect(prompt).toHaveAttribute('data-state', String(state.value));
      // spec 03 §2.8: the prompt names the current owner, and whom the role goes to.
      await expect(dialog(page).getByTestId('site-owner-dialog-current')).toContainText(currentOwner.fullName);
      await expect(prompt).toContainText(newOwner.fullName);
      const problem = dialog(page).getByTestId('site-owner-dialog-problem');
      if (context.error) await expect(problem).toHaveText(messageText(context.error));
      else await expect(problem).toHaveCount(0);
      const cancel = dialog(page).getByTestId('site-owner-dialog-cancel');
      if (state.matches('changing')) await expect(cancel).toBeDisabled();
      else await expect(cancel).toBeEnabled();
      return;
    }
    if (state.matches('notice') || state.matches('loggingOut')) {
      await expect(dialog(page).getByTestId('site-owner-dialog-notice')).toHaveAttribute('data-state', String(state.value));
      await expect(dialog(page).getByTestId('site-owner-dialog-notice')).toContainText(`${newOwner.fullName} (bo) is now the site owner`);
      return;
    }
    if (state.matches('logoutFailed')) {
      await expect(dialog(page).getByTestId('site-owner-dialog-logout-error')).toHaveText(messageText(LOGOUT_ERROR));
      return;
    }
    throw new Error(`unexpected state ${JSON.stringify(state.value)}`);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: siteOwnerHandoverModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, timeoutMs: 120_000 });
