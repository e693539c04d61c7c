/**
 * The group save's generated paths (packages/machines groupSave.model.ts) run against the real group form
 * (`apps/web/src/users/GroupForm.tsx`) in Chromium. The admin opens "Manage users and groups", the Groups tab, and
 * edits the model's group "Keyword editors" (holding manageTaxonomies); the group list, the group, its lists and the
 * member-of picker's search are answered through `page.route` (the stack keeps no such group), and the group PATCH and
 * the member-of PATCH are held until the path says how they end.
 *
 * SAVE types the event's name, sets the API access switch as the event's permissions say, and makes the "Member of"
 * list match `membershipsChanged` (adding the group Editors, or taking the pending addition back), then presses
 * Save. Every state is checked on screen: the problem or the §8 message, the pending save, and the closed form.
 *
 * The add model (`groupSaveModelFor('add')`) runs on the Add group form: SAVE types "Photo desk", the POST to the
 * group list is held until the path answers it (201 with the new group's links), and the "Member of" change goes to
 * the new group's `memberOfHref`; a SAVE after a failed membership PATCH creates nothing again.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { GroupFormValues } from '@magpie/machines/groupSave/groupSave.machine.ts';
import { groupSaveModel, groupSaveModelFor, MODEL_GROUP, MODEL_GROUP_ORIGINAL, MODEL_NEW_GROUP, MODEL_NEW_GROUP_SAVES } from '@magpie/machines/groupSave/groupSave.model.ts';
import type { FormSaveContext } from '@magpie/machines/formSave/createFormSaveMachine.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession } from './signIn.ts';
import { ACT, openUsersAndGroups, pickAndAdd } from './usersAndGroupsScreen.ts';

const GROUP_LIST = '/fotoweb/groups/';
const EDITORS = { href: '/fotoweb/api/groups/10051', name: 'Editors' };
const page0 = (data: unknown[]) => ({ data, count: data.length, paging: { first: '', prev: null, next: null, last: null } });

/** A group in the admin view (dam.yaml `Group`). */
function wireGroup(href: string, name: string, permissions: readonly string[]) {
  return {
    id: Number(href.split('/').pop()),
    name,
    description: '',
    href,
    memberOfHref: `${href}/member-of`,
    groupMembersHref: `${href}/groups`,
    userMembersHref: `${href}/users`,
    samlGroupName: '',
    license: { defaultLevel: 35, defaultConcurrencyMode: 0 },
    permissions,
    propertyBag: [],
    actions: { delete: true, update: true, updateMemberships: true, updateMembers: true, updateSAMLGroupName: true },
    isMemberOfRegisteredUsers: true,
    isBuiltin: false,
    builtinKey: null,
  };
}

/**
 * Answers the model's group and holds the group PATCH (or, adding, the POST that creates "Photo desk") and the
 * member-of PATCH.
 */
class GroupNetwork {
  private readonly held: { group: Route[]; memberOf: Route[] } = { group: [], memberOf: [] };
  readonly groupPatches: unknown[] = [];
  readonly groupPosts: unknown[] = [];
  readonly memberOfPatches: unknown[] = [];
  /** Where each member-of PATCH went. */
  readonly memberOfTargets: string[] = [];
  /** How many POSTs were answered 201: the add form creates its group once. */
  created = 0;
  /** The permissions the answers give: the original until a group PATCH is answered. */
  permissions: readonly string[] = MODEL_GROUP_ORIGINAL.permissions;

  group() {
    return wireGroup(MODEL_GROUP.href, MODEL_GROUP_ORIGINAL.name, this.permissions);
  }

  async install(page: Page): Promise<void> {
    await page.route(
      (url) => url.pathname === GROUP_LIST,
      (route) => {
        if (route.request().method() === 'POST') {
          this.groupPosts.push(route.request().postDataJSON());
          this.held.group.push(route);
          return;
        }
        const q = new URL(route.request().url()).searchParams.get('q') ?? '';
        return route.fulfill({ json: page0(q === '' ? [this.group()] : [wireGroup(EDITORS.href, EDITORS.name, [])]) });
      },
    );
    await page.route(
      (url) => url.pathname === MODEL_NEW_GROUP.memberOfHref,
      (route) => {
        if (route.request().method() !== 'PATCH') return route.fulfill({ json: { groups: [] } });
        this.memberOfPatches.push(route.request().postDataJSON());
        this.memberOfTargets.push(MODEL_NEW_GROUP.memberOfHref);
        this.held.memberOf.push(route);
      },
    );
    await page.route(
      (url) => url.pathname.startsWith(MODEL_GROUP.href),
      (route) => {
        const { pathname } = new URL(route.request().url());
        const patch = route.request().method() === 'PATCH';
        if (pathname === MODEL_GROUP.href) {
          if (!patch) return route.fulfill({ json: this.group() });
          this.groupPatches.push(route.request().postDataJSON());
          this.held.group.push(route);
          return;
        }
        if (pathname === MODEL_GROUP.memberOfHref) {
          if (!patch) return route.fulfill({ json: { groups: [] } });
          this.memberOfPatches.push(route.request().postDataJSON());
          this.memberOfTargets.push(MODEL_GROUP.memberOfHref);
          this.held.memberOf.push(route);
          return;
        }
        return route.fulfill({ json: page0([]) });
      },
    );
  }

  async take(kind: 'group' | 'memberOf'): Promise<Route> {
    await expect.poll(() => this.held[kind].length, { message: `the app sends the ${kind} PATCH` }).toBe(1);
    return this.held[kind].shift()!;
  }

  pending(kind: 'group' | 'memberOf'): number {
    return this.held[kind].length;
  }
}

const contextOf = (state: AnyMachineSnapshot) => state.context as FormSaveContext<GroupFormValues, string, typeof MODEL_GROUP>;
const form = (page: Page) => page.getByTestId('group-form');
const memberOf = (page: Page) => form(page).getByTestId('group-member-of');

/** Makes the "Member of" list hold a pending change (Editors added) or none. */
async function setMembershipChange(page: Page, changed: boolean): Promise<void> {
  const added = memberOf(page).locator(`[data-testid="group-member-of-item"][data-href="${EDITORS.href}"]`);
  if (changed === (await added.count()) > 0) return;
  if (changed) {
    await pickAndAdd(memberOf(page), 'group-member-of', EDITORS);
    await expect(added).toHaveAttribute('data-added', 'true');
  } else {
    await memberOf(page)
      .getByRole('button', { name: `Remove ${EDITORS.name}`, exact: true })
      .click(ACT);
    await expect(added).toHaveCount(0);
  }
}

/** Turns the API access switch on or off. */
async function setApiPermission(page: Page, on: boolean): Promise<void> {
  const toggle = form(page).getByTestId('permission-api');
  const isOn = (await toggle.getAttribute('data-on')) !== null;
  if (isOn !== on) await toggle.locator('label, [data-part="control"]').first().click(ACT);
  if (on) await expect(toggle).toHaveAttribute('data-on', 'true');
  else await expect(toggle).not.toHaveAttribute('data-on', /.*/);
}

const adapter: ScreenAdapter<{ readonly network: GroupNetwork }> = {
  async setup(page, { credentials }) {
    const network = new GroupNetwork();
    await network.install(page);
    const modal = await openUsersAndGroups(page, credentials, 'Groups');
    await modal.getByRole('button', { name: `Edit ${MODEL_GROUP_ORIGINAL.name}` }).click(ACT);
    await expect(form(page)).toHaveAttribute('data-mode', 'edit');
    await expect(form(page).getByTestId('permission-manageTaxonomies')).toHaveAttribute('data-on', 'true');
    await expectAccessible(page, '[data-testid="users-and-groups-modal"]', 'edit group form');
    return { network };
  },

  async perform(event: EventObject, page, { network }) {
    const payload = event as EventObject & { values?: GroupFormValues; membershipsChanged?: boolean; error?: { status: number; responseJSON: unknown } };
    switch (event.type) {
      case 'SAVE': {
        const values = payload.values!;
        await form(page).getByTestId('group-name').fill(values.name, ACT);
        await setApiPermission(page, values.permissions.includes('api'));
        await setMembershipChange(page, payload.membershipsChanged!);
        return form(page).getByTestId('group-save').click(ACT);
      }
      case 'xstate.done.actor.save': {
        const route = await network.take('group');
        const patch = route.request().postDataJSON() as { permissions?: string[] };
        if (patch.permissions) network.permissions = patch.permissions;
        return route.fulfill({ json: network.group() });
      }
      case 'xstate.error.actor.save': {
        const { status, responseJSON } = payload.error!;
        return (await network.take('group')).fulfill({ status, json: responseJSON });
      }
      case 'xstate.done.actor.saveMemberships':
        return (await network.take('memberOf')).fulfill({ status: 204, body: '' });
      case 'xstate.error.actor.saveMemberships':
        // The model carries the list's text (MODEL_GROUP_MEMBERSHIP_FAILURE); the DAM answer behind it is this 409.
        return (await network.take('memberOf')).fulfill({ status: 409, json: { value: 'CircularMemberOf', message: 'refused' } });
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, { network }) {
    const context = contextOf(state);
    // Only the permissions are ever sent, sorted: the new list or back to the original one (spec 03 §4 edit mode).
    for (const patch of network.groupPatches) expect([{ permissions: ['api', 'manageTaxonomies'] }, { permissions: ['manageTaxonomies'] }]).toContainEqual(patch);
    for (const patch of network.memberOfPatches) expect(patch).toMatchObject({ add: [EDITORS.href] });
    await expect.poll(() => network.pending('group')).toBe(state.matches('saving') ? 1 : 0);
    await expect.poll(() => network.pending('memberOf')).toBe(state.matches('savingMemberships') ? 1 : 0);
    if (state.matches('saved')) {
      await expect(form(page)).toHaveCount(0);
      await expect(page.getByTestId('groups-list')).toBeVisible();
      return;
    }
    await expect(form(page)).toHaveAttribute('data-state', String(state.value));
    if (state.matches('saving') || state.matches('savingMemberships')) return;
    const messages = [...context.problems, ...(context.error ? [context.error] : [])];
    if (messages.length > 0) await expect(form(page).getByTestId('group-form-problem')).toHaveText(messages);
    else await expect(form(page).getByTestId('group-form-problems')).toHaveCount(0);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: groupSaveModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, timeoutMs: 120_000 });

/** The Add group form's adapter: SAVE types the name the add model's events give (`MODEL_NEW_GROUP_SAVES`). */
const addAdapter: ScreenAdapter<{ readonly network: GroupNetwork }> = {
  async setup(page, { credentials }) {
    const network = new GroupNetwork();
    await network.install(page);
    const modal = await openUsersAndGroups(page, credentials, 'Groups');
    await modal.getByTestId('group-add').click(ACT);
    await expect(form(page)).toHaveAttribute('data-mode', 'add');
    return { network };
  },

  async perform(event: EventObject, page, context, step) {
    if (event.type === 'xstate.done.actor.save') {
      context.network.created += 1;
      const route = await context.network.take('group');
      return route.fulfill({ status: 201, json: wireGroup(MODEL_NEW_GROUP.href, MODEL_NEW_GROUP_SAVES.valid.name, []) });
    }
    // SAVE and the other outcomes are the edit form's: the same fields, the same held calls.
    return adapter.perform(event, page, context, step);
  },

  async assertState(state, page, { network }) {
    const context = contextOf(state);
    // The group is created with the whole form (spec 03 §7 POST), once; nothing is patched (spec 03 §4).
    expect(network.groupPatches).toEqual([]);
    for (const body of network.groupPosts) expect(body).toMatchObject({ name: MODEL_NEW_GROUP_SAVES.valid.name });
    expect(network.created).toBeLessThanOrEqual(1);
    // Its "Member of" change goes after its creation, to the memberOfHref the POST answered (spec 03 §4).
    for (const patch of network.memberOfPatches) expect(patch).toMatchObject({ add: [EDITORS.href] });
    for (const target of network.memberOfTargets) expect(target).toBe(MODEL_NEW_GROUP.memberOfHref);
    await expect.poll(() => network.pending('group')).toBe(state.matches('saving') ? 1 : 0);
    await expect.poll(() => network.pending('memberOf')).toBe(state.matches('savingMemberships') ? 1 : 0);
    if (state.matches('saved')) {
      await expect(form(page)).toHaveCount(0);
      await expect(page.getByTestId('groups-list')).toBeVisible();
      return;
    }
    await expect(form(page)).toHaveAttribute('data-state', String(state.value));
    if (state.matches('saving') || state.matches('savingMemberships')) return;
    const messages = [...context.problems, ...(context.error ? [context.error] : [])];
    if (messages.length > 0) await expect(form(page).getByTestId('group-form-problem')).toHaveText(messages);
    else await expect(form(page).getByTestId('group-form-problems')).toHaveCount(0);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: groupSaveModelFor('add'), variant: 'shortest', adapter: addAdapter, select: 'cover', maxPaths: 8, timeoutMs: 120_000 });
