/**
 * The member edit list's generated paths (packages/machines memberEditList.model.ts) run against the real group form
 * (`apps/web/src/users/GroupForm.tsx`, its "Member of" list, `MemberListEditor.tsx`) in Chromium: the admin opens
 * "Manage users and groups", the Groups tab, and edits the model's group Photographers (member of Registered Users
 * and Staff). The group requests are answered with the model's groups through `page.route` (the stack has no such
 * groups, and the PATCH outcome is what a path chooses): the list, the group, its member-of list, the picker's
 * search; the member-of PATCH is held until the path says how it ends.
 *
 * PICK is a search and a tick on the result (spec 03 §2.6 multi-select); a refused PICK (a listed group) is the check
 * that the search does not offer it. UNPICK is the chosen items' dropdown's entry. ADD is the picker's Add button
 * (spec 03 §5: disabled while nothing is chosen), after ticking the group when the path had not chosen it; a refused
 * ADD (a listed group, the group itself, a built-in group) is the check that the search does not offer it. REMOVE is
 * the row's Remove; a refused one is the check that the row has none. SAVE is the form's Save: the group itself did not change, so no group PATCH is sent, only the
 * `{add, remove}` PATCH when the list changed (spec 03 §4). Every state is checked on screen: the rows in order, the
 * pending additions, the error text of spec 03 §8, the saving list, and the closed form.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  currentMembers,
  isDefaultGroupHref,
  isMemberRemovable,
  memberChanges,
  type MemberEditListContext,
  type MemberRef,
} from '@magpie/machines/memberEditList/memberEditList.machine.ts';
import {
  MEMBER_MODEL_INPUT,
  memberEditListModel,
  MODEL_EDITORS,
  MODEL_EVERYONE,
  MODEL_OWNER,
  MODEL_REGISTERED_USERS,
  MODEL_STAFF,
} from '@magpie/machines/memberEditList/memberEditList.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession } from './signIn.ts';
import { ACT, openUsersAndGroups, pick, pickerResult } from './usersAndGroupsScreen.ts';

const ALL_GROUPS: readonly MemberRef[] = [MODEL_EVERYONE, MODEL_REGISTERED_USERS, MODEL_EDITORS, MODEL_OWNER, MODEL_STAFF];

const idOf = (href: string) => Number(href.split('/').pop());

/** A group in the admin view (dam.yaml `Group`). */
function wireGroup(ref: MemberRef) {
  const builtin = ref.href === MODEL_EVERYONE.href ? 'everyone' : ref.href === MODEL_REGISTERED_USERS.href ? 'registered' : null;
  return {
    id: idOf(ref.href),
    name: ref.name,
    description: '',
    href: ref.href,
    memberOfHref: `${ref.href}/member-of`,
    groupMembersHref: `${ref.href}/groups`,
    userMembersHref: `${ref.href}/users`,
    samlGroupName: '',
    license: { defaultLevel: 35, defaultConcurrencyMode: 0 },
    permissions: [],
    propertyBag: [],
    actions: { delete: builtin === null, update: true, updateMemberships: true, updateMembers: true, updateSAMLGroupName: true },
    isMemberOfRegisteredUsers: builtin === null,
    isBuiltin: builtin !== null,
    builtinKey: builtin,
  };
}

const page0 = (data: unknown[]) => ({ data, count: data.length, paging: { first: '', prev: null, next: null, last: null } });

/** Answers the model's groups and holds the member-of PATCHes. */
class GroupNetwork {
  private held: Route[] = [];
  readonly groupPatches: unknown[] = [];
  readonly memberPatches: unknown[] = [];

  async install(page: Page): Promise<void> {
    await page.route(
      (url) => url.pathname === '/fotoweb/groups/',
      (route) => {
        if (route.request().method() !== 'GET') return route.fulfill({ status: 405, json: { value: 'InvalidRequest', message: 'not in this test' } });
        const q = (new URL(route.request().url()).searchParams.get('q') ?? '').toLowerCase();
        const found = q === '' ? [MODEL_OWNER] : ALL_GROUPS.filter((g) => g.name.toLowerCase().includes(q));
        return route.fulfill({ json: page0(found.map(wireGroup)) });
      },
    );
    await page.route(
      (url) => url.pathname.startsWith(MODEL_OWNER.href),
      (route) => {
        const { pathname } = new URL(route.request().url());
        const method = route.request().method();
        if (pathname === MODEL_OWNER.href) {
          if (method === 'PATCH') this.groupPatches.push(route.request().postDataJSON());
          return route.fulfill({ json: wireGroup(MODEL_OWNER) });
        }
        if (pathname === MEMBER_MODEL_INPUT.href) {
          if (method === 'PATCH') {
            this.memberPatches.push(route.request().postDataJSON());
            this.held.push(route);
            return;
          }
          return route.fulfill({ json: { groups: MEMBER_MODEL_INPUT.members.map(({ href, name }) => ({ href, name })) } });
        }
        return route.fulfill({ json: page0([]) });
      },
    );
  }

  async take(): Promise<Route> {
    await expect.poll(() => this.held.length, { message: 'the app sends the member-of PATCH' }).toBe(1);
    return this.held.shift()!;
  }

  pending(): number {
    return this.held.length;
  }
}

interface ListScreen {
  readonly page: Page;
  readonly network: GroupNetwork;
}

const contextOf = (state: AnyMachineSnapshot) => state.context as MemberEditListContext;
const LIST = 'group-member-of';
const list = (page: Page) => page.getByTestId(LIST);

/** Whether the picker offers `member` (spec 03 §5: not listed, not the group itself, not a built-in group). */
const offers = (context: MemberEditListContext, member: MemberRef) =>
  member.href !== context.ownerHref && !isDefaultGroupHref(context, member.href) && !currentMembers(context).some((m) => m.href === member.href);

/** Searches `member` and checks that the picker leaves it out. */
async function expectNotOffered(page: Page, member: MemberRef): Promise<void> {
  await list(page).getByTestId(`${LIST}-search`).fill(member.name, ACT);
  const results = list(page).getByTestId(`${LIST}-results`);
  await expect(results).toBeVisible();
  await expect(results).not.toHaveAttribute('data-loading', /.*/);
  await expect(pickerResult(list(page), LIST, member.href)).toHaveCount(0);
}

/** The §8 text a failed PATCH shows (apps/web/src/users/errors.ts words the machine's keys). */
function errorText(error: string): RegExp | string {
  return error === 'circular member of' ? /member of itself/ : error;
}

const adapter: ScreenAdapter<ListScreen> = {
  async setup(page, { credentials }) {
    const network = new GroupNetwork();
    await network.install(page);
    const modal = await openUsersAndGroups(page, credentials, 'Groups');
    await modal.getByRole('button', { name: `Edit ${MODEL_OWNER.name}` }).click(ACT);
    await expect(modal.getByTestId('group-form')).toHaveAttribute('data-mode', 'edit');
    await expect(list(page).getByTestId('group-member-of-item')).toHaveCount(MEMBER_MODEL_INPUT.members.length);
    await expectAccessible(page, undefined, 'edit group form');
    return { page, network };
  },

  async perform(event: EventObject, page, { network }, step) {
    const from = contextOf(step.from);
    const payload = event as EventObject & { member?: MemberRef; href?: string; error?: { status: number; responseJSON?: { heading?: string } } };
    switch (event.type) {
      case 'PICK': {
        const member = payload.member!;
        if (!offers(from, member)) return expectNotOffered(page, member);
        return pick(list(page), LIST, member);
      }
      case 'UNPICK': {
        const member = from.picked.find((m) => m.href === payload.href)!;
        await list(page).getByTestId(`${LIST}-picked`).click(ACT);
        await page
          .getByTestId(`${LIST}-picked-menu`)
          .getByRole('menuitem', { name: `Unselect ${member.name}`, exact: true })
          .click(ACT);
        return page.keyboard.press('Escape');
      }
      case 'ADD': {
        const member = payload.member!;
        // spec 03 §5: listed groups and the group itself are not offered; built-in groups' members are implicit.
        if (!offers(from, member)) return expectNotOffered(page, member);
        if (!from.picked.some((m) => m.href === member.href)) await pick(list(page), LIST, member);
        return list(page).getByTestId(`${LIST}-add`).click(ACT);
      }
      case 'REMOVE': {
        const member = currentMembers(from).find((m) => m.href === payload.href);
        const remove = list(page).getByRole('button', { name: `Remove ${member?.name ?? payload.href}`, exact: true });
        if (!member || !isMemberRemovable(from, member.href)) return expect(remove).toHaveCount(0);
        return remove.click(ACT);
      }
      case 'SAVE':
        return page.getByTestId('group-save').click(ACT);
      case 'xstate.done.actor.applyMemberChanges': {
        const route = await network.take();
        expect(route.request().postDataJSON()).toEqual(memberChanges(from));
        return route.fulfill({ status: 204, body: '' });
      }
      case 'xstate.error.actor.applyMemberChanges': {
        const route = await network.take();
        const { status, responseJSON } = payload.error!;
        const value = status === 409 ? 'CircularMemberOf' : status === 403 ? 'Forbidden' : 'InternalError';
        return route.fulfill({ status, json: { value, message: 'refused', ...(responseJSON?.heading ? { heading: responseJSON.heading } : {}) } });
      }
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, { network }) {
    const context = contextOf(state);
    // The group itself never changed: no group PATCH (spec 03 §4 only changed fields, none here).
    expect(network.groupPatches).toEqual([]);
    if (state.matches('saved')) {
      await expect(page.getByTestId('group-form')).toHaveCount(0);
      await expect(page.getByTestId('groups-list')).toBeVisible();
      expect(network.pending()).toBe(0);
      return;
    }
    const shown = list(page).getByTestId('group-member-of-item');
    await expect(shown).toHaveText(currentMembers(context).map((m) => new RegExp(`^${m.name}`)));
    const added = context.added.map((m) => m.href);
    for (const member of currentMembers(context)) {
      const row = list(page).locator(`[data-testid="group-member-of-item"][data-href="${member.href}"]`);
      if (added.includes(member.href)) await expect(row).toHaveAttribute('data-added', 'true');
      else await expect(row).not.toHaveAttribute('data-added', /.*/);
    }
    if (state.matches('saving')) {
      await expect(list(page)).toHaveAttribute('data-saving', 'true');
      return;
    }
    await expect(list(page)).not.toHaveAttribute('data-saving', /.*/);
    // The picker's choice (spec 03 §2.6) and its Add button, disabled while nothing is chosen (§5).
    await expect(list(page).getByTestId(`${LIST}-picked`)).toHaveText(`${context.picked.length} chosen`);
    if (context.picked.length === 0) await expect(list(page).getByTestId(`${LIST}-add`)).toBeDisabled();
    else await expect(list(page).getByTestId(`${LIST}-add`)).toBeEnabled();
    const error = list(page).getByTestId('group-member-of-error');
    if (context.error) await expect(error).toHaveText(errorText(context.error));
    else await expect(error).toHaveCount(0);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: memberEditListModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, timeoutMs: 120_000 });
