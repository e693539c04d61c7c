/**
 * The user save's generated paths (packages/machines userSave.model.ts) run against the real user form
 * (`apps/web/src/users/UserForm.tsx`) in Chromium. The admin opens "Manage users and groups" and edits the model's
 * user Ada Lovelace; the users list, Ada, her groups and the group search are answered through `page.route` (the
 * stack keeps no such user), and the user PATCH and the member-of PATCH are held until the path says how they end.
 *
 * SAVE fills the form with the event's values (the password fields keep the form's own placeholder where the model
 * keeps its one) and makes the group memberships match `membershipsChanged` (adding the group Editors, or taking the
 * pending addition back), then presses Save. Every state is checked on screen: the problems shown together, the
 * §8 message, the pending save, and the closed form.
 *
 * The add model (`userSaveModelFor('add')`) runs on the Add user form: SAVE fills Grace in, the POST to the user list
 * is held until the path answers it (201 with her links), and her group change goes to her new `memberOfHref`; a
 * SAVE after a failed membership PATCH creates nothing again.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { UserFormValues } from '@magpie/machines/userSave/userForm.ts';
import { MODEL_NEW_USER, MODEL_ORIGINAL, MODEL_PLACEHOLDER, MODEL_SAVES, MODEL_USER, userSaveModel, userSaveModelFor } from '@magpie/machines/userSave/userSave.model.ts';
import type { UserSaveContext } from '@magpie/machines/userSave/userSave.machine.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession } from './signIn.ts';
import { ACT, openUsersAndGroups, pickAndAdd } from './usersAndGroupsScreen.ts';

const USER_LIST = '/fotoweb/users/';
const EDITORS = { href: '/fotoweb/api/groups/10050', name: 'Editors' };

/**
 * Answers the model's user and holds the user PATCH (or, adding, the POST that creates Grace) and the member-of
 * PATCH.
 */
class UserNetwork {
  private readonly held: { user: Route[]; memberOf: Route[] } = { user: [], memberOf: [] };
  readonly userPatches: unknown[] = [];
  readonly userPosts: unknown[] = [];
  readonly memberOfPatches: unknown[] = [];
  /** Where each member-of PATCH went. */
  readonly memberOfTargets: string[] = [];
  /** How many POSTs were answered 201: the add form creates its user once. */
  created = 0;
  private template: Record<string, unknown> | undefined;
  /** The e-mail the answers give: the original until a user PATCH is answered. */
  email = MODEL_ORIGINAL.email;

  /** Ada as the admin view answers her (dam.yaml `User`), with the e-mail last saved. */
  ada(): Record<string, unknown> {
    const actions = Object.fromEntries(Object.keys((this.template?.['actions'] ?? {}) as object).map((key) => [key, key !== 'setNewSiteOwner']));
    return {
      ...this.template,
      id: Number(MODEL_USER.href.split('/').pop()),
      href: MODEL_USER.href,
      memberOfHref: MODEL_USER.memberOfHref,
      deviceTokensHref: `${MODEL_USER.href}/device-tokens`,
      username: MODEL_ORIGINAL.username,
      fullName: `${MODEL_ORIGINAL.firstName} ${MODEL_ORIGINAL.lastName}`,
      isSiteOwner: false,
      address: { ...(this.template?.['address'] as object), firstName: MODEL_ORIGINAL.firstName, lastName: MODEL_ORIGINAL.lastName, email: this.email },
      actions,
    };
  }

  /** Grace as the POST answers her: a real user's shape with her links (dam.yaml `User`). */
  grace(): Record<string, unknown> {
    return {
      ...this.ada(),
      id: Number(MODEL_NEW_USER.href.split('/').pop()),
      href: MODEL_NEW_USER.href,
      memberOfHref: MODEL_NEW_USER.memberOfHref,
      deviceTokensHref: `${MODEL_NEW_USER.href}/device-tokens`,
      username: 'grace',
      fullName: 'Grace Hopper',
    };
  }

  async install(page: Page): Promise<void> {
    await page.route(
      (url) => url.pathname === USER_LIST,
      async (route) => {
        if (route.request().method() === 'POST') {
          this.userPosts.push(route.request().postDataJSON());
          this.held.user.push(route);
          return;
        }
        // The stack's own list gives the shape of a real user (every field of the contract); the row is the model's.
        if (!this.template) this.template = ((await (await route.fetch()).json()) as { data: Record<string, unknown>[] }).data[0];
        return route.fulfill({ json: { data: [this.ada()], count: 1, paging: { first: '', prev: null, next: null, last: null } } });
      },
    );
    await page.route(
      (url) => url.pathname === MODEL_USER.href,
      (route) => {
        if (route.request().method() === 'PATCH') {
          this.userPatches.push(route.request().postDataJSON());
          this.held.user.push(route);
          return;
        }
        return route.fulfill({ json: this.ada(), headers: { 'content-type': 'application/vnd.fotoware.user+json' } });
      },
    );
    await page.route(
      (url) => url.pathname === MODEL_USER.memberOfHref || url.pathname === MODEL_NEW_USER.memberOfHref,
      (route) => {
        if (route.request().method() === 'PATCH') {
          this.memberOfPatches.push(route.request().postDataJSON());
          this.memberOfTargets.push(new URL(route.request().url()).pathname);
          this.held.memberOf.push(route);
          return;
        }
        return route.fulfill({ json: { groups: [] }, headers: { 'content-type': 'application/vnd.fotoware.memberof+json' } });
      },
    );
    await page.route(
      (url) => url.pathname === '/fotoweb/groups/',
      async (route) => {
        const real = (await (await route.fetch()).json()) as { data: Record<string, unknown>[]; paging: unknown };
        const template = real.data[0] ?? {};
        const editors = { ...template, id: 10050, name: EDITORS.name, href: EDITORS.href, isBuiltin: false, builtinKey: null };
        return route.fulfill({ json: { data: [editors], count: 1, paging: { first: '', prev: null, next: null, last: null } } });
      },
    );
  }

  async take(kind: 'user' | 'memberOf'): Promise<Route> {
    await expect.poll(() => this.held[kind].length, { message: `the app sends the ${kind} PATCH` }).toBe(1);
    return this.held[kind].shift()!;
  }

  pending(kind: 'user' | 'memberOf'): number {
    return this.held[kind].length;
  }
}

interface FormScreen {
  readonly network: UserNetwork;
  /** The form's own password placeholder (spec 03 §3.1: 32 random characters), where the model has its own. */
  readonly placeholder: string;
}

const contextOf = (state: AnyMachineSnapshot) => state.context as UserSaveContext;
const form = (page: Page) => page.getByTestId('user-form');
const groups = (page: Page) => form(page).getByTestId('user-groups');

/** Makes the memberships list hold a pending change (Editors added) or none. */
async function setMembershipChange(page: Page, changed: boolean): Promise<void> {
  const added = groups(page).locator(`[data-testid="user-groups-item"][data-href="${EDITORS.href}"]`);
  const pending = (await added.count()) > 0;
  if (changed === pending) return;
  if (changed) {
    await pickAndAdd(groups(page), 'user-groups', EDITORS);
    await expect(added).toHaveAttribute('data-added', 'true');
  } else {
    await groups(page)
      .getByRole('button', { name: `Remove ${EDITORS.name}`, exact: true })
      .click(ACT);
    await expect(added).toHaveCount(0);
  }
}

const adapter: ScreenAdapter<FormScreen> = {
  async setup(page, { credentials }) {
    const network = new UserNetwork();
    await network.install(page);
    const modal = await openUsersAndGroups(page, credentials, 'Users');
    await modal.getByRole('button', { name: 'Edit Ada Lovelace' }).click(ACT);
    await expect(form(page)).toHaveAttribute('data-mode', 'edit');
    const placeholder = await form(page).getByTestId('user-password').inputValue();
    expect(placeholder).toHaveLength(MODEL_PLACEHOLDER.length);
    await expectAccessible(page, '[data-testid="users-and-groups-modal"]', 'edit user form');
    return { network, placeholder };
  },

  async perform(event: EventObject, page, { network, placeholder }) {
    const payload = event as EventObject & { values?: UserFormValues; membershipsChanged?: boolean; error?: { status: number; responseJSON: unknown } };
    switch (event.type) {
      case 'SAVE': {
        const values = payload.values!;
        const password = (value: string) => (value === MODEL_PLACEHOLDER ? placeholder : value);
        await form(page).getByTestId('user-firstName').fill(values.firstName, ACT);
        await form(page).getByTestId('user-email').fill(values.email, ACT);
        await form(page).getByTestId('user-password').fill(password(values.password), ACT);
        await form(page).getByTestId('user-confirm-password').fill(password(values.confirmPassword), ACT);
        await setMembershipChange(page, payload.membershipsChanged!);
        return form(page).getByTestId('user-save').click(ACT);
      }
      case 'xstate.done.actor.save': {
        const route = await network.take('user');
        const patch = route.request().postDataJSON() as { address?: { email?: string } };
        if (patch.address?.email) network.email = patch.address.email;
        return route.fulfill({ json: network.ada(), headers: { 'content-type': 'application/vnd.fotoware.user+json' } });
      }
      case 'xstate.error.actor.save': {
        const { status, responseJSON } = payload.error!;
        return (await network.take('user')).fulfill({ status, json: responseJSON });
      }
      case 'xstate.done.actor.saveMemberships':
        return (await network.take('memberOf')).fulfill({ status: 204, body: '' });
      case 'xstate.error.actor.saveMemberships':
        // The model carries the list's text (MODEL_MEMBERSHIP_FAILURE); the DAM answer behind it is this 409.
        return (await network.take('memberOf')).fulfill({ status: 409, json: { value: 'CircularMemberOf', message: 'refused' } });
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, { network }) {
    const context = contextOf(state);
    // Only changed fields are sent, trimmed: the e-mail, to the new address or back to the original (spec 03 §5).
    for (const patch of network.userPatches) expect([{ address: { email: MODEL_SAVES.changed.email } }, { address: { email: MODEL_ORIGINAL.email } }]).toContainEqual(patch);
    // The group change goes after the user, to her member-of link (spec 03 §4).
    for (const patch of network.memberOfPatches) {
      expect(patch).toMatchObject({ add: [EDITORS.href] });
      expect((patch as { remove?: unknown[] }).remove ?? []).toEqual([]);
    }
    // The app sends the next call after the previous answer: wait for it rather than race it.
    await expect.poll(() => network.pending('user')).toBe(state.matches('saving') ? 1 : 0);
    await expect.poll(() => network.pending('memberOf')).toBe(state.matches('savingMemberships') ? 1 : 0);
    if (state.matches('saved')) {
      await expect(form(page)).toHaveCount(0);
      await expect(page.getByTestId('users-list')).toBeVisible();
      return;
    }
    await expect(form(page)).toHaveAttribute('data-state', String(state.value));
    if (state.matches('saving') || state.matches('savingMemberships')) return;
    const messages = [...context.problems.map((problem) => problem.message), ...(context.error ? [context.error] : [])];
    if (messages.length > 0) await expect(form(page).getByTestId('user-form-problem')).toHaveText(messages);
    else await expect(form(page).getByTestId('user-form-problems')).toHaveCount(0);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: userSaveModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, timeoutMs: 120_000 });

/** The Add user form's adapter: SAVE fills in Grace as the add model's events give her (`MODEL_NEW_SAVES`). */
const addAdapter: ScreenAdapter<{ readonly network: UserNetwork }> = {
  async setup(page, { credentials }) {
    const network = new UserNetwork();
    await network.install(page);
    const modal = await openUsersAndGroups(page, credentials, 'Users');
    await modal.getByTestId('user-add').click(ACT);
    await expect(form(page)).toHaveAttribute('data-mode', 'add');
    return { network };
  },

  async perform(event: EventObject, page, { network }) {
    const payload = event as EventObject & { values?: UserFormValues; membershipsChanged?: boolean; error?: { status: number; responseJSON: unknown } };
    switch (event.type) {
      case 'SAVE': {
        const values = payload.values!;
        for (const field of ['username', 'firstName', 'lastName', 'email'] as const) await form(page).getByTestId(`user-${field}`).fill(values[field], ACT);
        await form(page).getByTestId('user-password').fill(values.password, ACT);
        await form(page).getByTestId('user-confirm-password').fill(values.confirmPassword, ACT);
        await setMembershipChange(page, payload.membershipsChanged!);
        return form(page).getByTestId('user-save').click(ACT);
      }
      case 'xstate.done.actor.save':
        network.created += 1;
        return (await network.take('user')).fulfill({ status: 201, json: network.grace(), headers: { 'content-type': 'application/vnd.fotoware.user+json' } });
      case 'xstate.error.actor.save': {
        const { status, responseJSON } = payload.error!;
        return (await network.take('user')).fulfill({ status, json: responseJSON });
      }
      case 'xstate.done.actor.saveMemberships':
        return (await network.take('memberOf')).fulfill({ status: 204, body: '' });
      case 'xstate.error.actor.saveMemberships':
        return (await network.take('memberOf')).fulfill({ status: 409, json: { value: 'CircularMemberOf', message: 'refused' } });
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, { network }) {
    const context = contextOf(state);
    // Grace is created with the whole form (spec 03 §7 POST), once; nothing is patched (spec 03 §4).
    expect(network.userPatches).toEqual([]);
    for (const body of network.userPosts) {
      expect(body).toMatchObject({ username: 'grace', address: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' }, account: { password: expect.any(String) } });
    }
    expect(network.created).toBeLessThanOrEqual(1);
    // Her group change goes after her creation, to the memberOfHref the POST answered (spec 03 §4).
    for (const patch of network.memberOfPatches) expect(patch).toMatchObject({ add: [EDITORS.href] });
    for (const target of network.memberOfTargets) expect(target).toBe(MODEL_NEW_USER.memberOfHref);
    await expect.poll(() => network.pending('user')).toBe(state.matches('saving') ? 1 : 0);
    await expect.poll(() => network.pending('memberOf')).toBe(state.matches('savingMemberships') ? 1 : 0);
    if (state.matches('saved')) {
      await expect(form(page)).toHaveCount(0);
      await expect(page.getByTestId('users-list')).toBeVisible();
      return;
    }
    await expect(form(page)).toHaveAttribute('data-state', String(state.value));
    if (state.matches('saving') || state.matches('savingMemberships')) return;
    const messages = [...context.problems.map((problem) => problem.message), ...(context.error ? [context.error] : [])];
    if (messages.length > 0) await expect(form(page).getByTestId('user-form-problem')).toHaveText(messages);
    else await expect(form(page).getByTestId('user-form-problems')).toHaveCount(0);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: userSaveModelFor('add'), variant: 'shortest', adapter: addAdapter, select: 'cover', maxPaths: 8, timeoutMs: 120_000 });
