/**
 * The approve-user modal's generated paths (packages/machines signupApproval.model.ts) run against the real modal of the
 * Pending sign-ups page (`apps/web/src/signups/ApproveUserDialog.tsx` in `PendingSignupsView.tsx`) in Chromium, signed in
 * as the administrator. The page's list is answered with the model's sign-up (its invitation grants Photographers,
 * approvers choose groups); the group search (`GET /fotoweb/groups/grantable?q=`) and the approval (`POST
 * <signup>/approve`) are held until the path says how each ends, then answered with the model's groups, new user or
 * refusal; after an approval the list answers empty. In paths that search, the page's clock is Playwright's, paused from
 * the first search on, so the search goes out only when the path lets the 500 ms pass.
 *
 * SEARCH types in the group search, ADD presses a found group, REMOVE a chosen group's remove button, APPROVE and CANCEL
 * the modal's buttons. Every state is checked on screen: the modal's state, the chosen groups (with Everyone and
 * Registered Users fixed), the groups offered, the search's failure, the refusal, and after the modal the list.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { GROUP_SEARCH_DELAY_MS } from '@magpie/machines/inviteWizard/inviteWizard.machine.ts';
import { signupApprovalOptions, type SignupApprovalContext } from '@magpie/machines/signupApproval/signupApproval.machine.ts';
import { SIGNUP_APPROVAL_MODEL_ID, SIGNUP_APPROVAL_MODEL_INPUT, signupApprovalModel } from '@magpie/machines/signupApproval/signupApproval.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ACT = { timeout: 15_000 };
const SIGNUPS = '/fotoweb/signups/';
const GRANTABLE = '/fotoweb/groups/grantable';
const PENDING_SIGNUPS = '/fotoweb/views/admin/signups';

/** The sign-up of every path, as `listSignups` answers it. */
const SIGNUP = {
  id: SIGNUP_APPROVAL_MODEL_ID,
  href: `${SIGNUPS}${SIGNUP_APPROVAL_MODEL_ID}/`,
  approve: SIGNUP_APPROVAL_MODEL_INPUT.approve,
  reject: `${SIGNUPS}${SIGNUP_APPROVAL_MODEL_ID}/reject`,
  email: 'ada.model@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  createdDate: '2026-03-05T14:07:00.000Z',
  userData: [],
  groups: SIGNUP_APPROVAL_MODEL_INPUT.groups,
  invitationType: 'link',
};

interface ApprovalScreen {
  readonly searches: Route[];
  readonly approvals: Route[];
  readonly clock: boolean;
  paused: boolean;
  approved: boolean;
}

const dialog = (page: Page) => page.getByTestId('approve-user-dialog');
const contextOf = (state: AnyMachineSnapshot) => state.context as SignupApprovalContext;
const stateName = (state: AnyMachineSnapshot) => (typeof state.value === 'string' ? state.value : `editing.${(state.value as { editing: string }).editing}`);

async function take(routes: Route[], what: string): Promise<Route> {
  await expect.poll(() => routes.length, { message: `the modal sends ${what}` }).toBe(1);
  return routes.shift()!;
}

const adapter: ScreenAdapter<ApprovalScreen> = {
  async setup(page, { credentials, path }) {
    const clock = path.steps.some((step) => step.event.type === 'SEARCH');
    if (clock) await page.clock.install();
    await ensureSignedIn(page, credentials);
    const screen: ApprovalScreen = { searches: [], approvals: [], clock, paused: false, approved: false };
    await page.route(
      (url) => url.pathname === SIGNUPS,
      (route) => route.fulfill({ json: { data: screen.approved ? [] : [SIGNUP], count: screen.approved ? 0 : 1, adminCanAssignGroups: true, fields: [] } }),
    );
    await page.route(
      (url) => url.pathname === `${SIGNUPS}count`,
      (route) => route.fulfill({ json: { signupCount: screen.approved ? 0 : 1 } }),
    );
    await page.route(
      (url) => url.pathname === GRANTABLE,
      (route) => void screen.searches.push(route),
    );
    await page.route(
      (url) => url.pathname === SIGNUP_APPROVAL_MODEL_INPUT.approve,
      (route) => void screen.approvals.push(route),
    );
    await page.goto(PENDING_SIGNUPS);
    await expect(page.getByTestId('signup-row')).toHaveCount(1);
    await page.getByTestId('signup-approve').click(ACT);
    await expect(dialog(page)).toHaveAttribute('data-state', 'editing.idle');
    await expectAccessible(page, '[data-testid="approve-user-dialog"]', 'approve-user modal');
    return screen;
  },

  async perform(event: EventObject, page, screen, { from }) {
    const payload = event as EventObject & Record<string, unknown>;
    const context = contextOf(from);
    switch (event.type) {
      case 'SEARCH':
        if (screen.clock && !screen.paused) {
          await page.clock.pauseAt(new Date(Date.now() + 1_000));
          screen.paused = true;
        }
        return dialog(page)
          .getByTestId('approve-group-search')
          .fill(payload.text as string);
      case 'ADD': {
        const group = payload.group as { href: string };
        return dialog(page).locator(`[data-testid="approve-group-result"][data-href="${group.href}"]`).click(ACT);
      }
      case 'REMOVE':
        return dialog(page)
          .locator(`[data-testid="approve-group-item"][data-href="${payload.href as string}"]`)
          .getByTestId('approve-group-remove')
          .click(ACT);
      case 'APPROVE':
        return dialog(page).getByTestId('approve-user-ok').click(ACT);
      case 'CANCEL':
        return dialog(page).getByTestId('approve-user-cancel').click(ACT);
      case 'xstate.done.actor.searchGroups':
      case 'xstate.error.actor.searchGroups': {
        const route = await take(screen.searches, 'the group search');
        expect(new URL(route.request().url()).searchParams.get('q')).toBe(context.searchText.trim());
        if (event.type === 'xstate.done.actor.searchGroups') return route.fulfill({ json: { data: payload.output } });
        const error = payload.error as { status: number; responseJSON: unknown };
        return route.fulfill({ status: error.status, json: error.responseJSON });
      }
      case 'xstate.done.actor.approve':
      case 'xstate.error.actor.approve': {
        const route = await take(screen.approvals, 'the approval');
        expect(route.request().method()).toBe('POST');
        expect(route.request().postDataJSON()).toEqual({ groups: context.groups.map((group) => group.href) });
        if (event.type === 'xstate.error.actor.approve') {
          const error = payload.error as { status: number; responseJSON: unknown };
          return route.fulfill({ status: error.status, json: error.responseJSON });
        }
        screen.approved = true;
        return route.fulfill({ status: 201, json: payload.output });
      }
      default:
        if (event.type.startsWith('xstate.after.')) {
          await expect.poll(() => screen.searches.length).toBe(0);
          return page.clock.runFor(GROUP_SEARCH_DELAY_MS);
        }
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, screen) {
    const name = stateName(state);
    const context = contextOf(state);
    await expect.poll(() => screen.searches.length).toBe(name === 'editing.searching' ? 1 : 0);
    await expect.poll(() => screen.approvals.length).toBe(name === 'approving' ? 1 : 0);
    if (name === 'approved' || name === 'cancelled') {
      await expect(dialog(page)).toHaveCount(0);
      if (name === 'approved') {
        await expect(page.getByTestId('signups-notice')).toContainText('Ada Lovelace is a user now');
        await expect(page.getByTestId('empty-state')).toContainText('No sign-ups are waiting');
      } else await expect(page.getByTestId('signup-row')).toHaveCount(1);
      return;
    }
    await expect(dialog(page)).toHaveAttribute('data-state', name);
    await expect(dialog(page).getByTestId('approve-default-group')).toHaveText(['Everyone', 'Registered Users']);
    const items = dialog(page).getByTestId('approve-group-item');
    await expect(items).toHaveText(context.groups.map((group) => group.name));
    for (const [index, group] of context.groups.entries()) await expect(items.nth(index)).toHaveAttribute('data-href', group.href);
    await expect(dialog(page).getByTestId('approve-group-search')).toHaveValue(context.searchText);
    const offered = dialog(page).getByTestId('approve-group-result');
    if (name === 'editing.idle') await expect(offered).toHaveText(signupApprovalOptions(context).map((group) => group.name));
    if (context.searchError !== undefined) await expect(dialog(page).getByTestId('approve-group-search-error')).toHaveText(context.searchError);
    else await expect(dialog(page).getByTestId('approve-group-search-error')).toHaveCount(0);
    if (context.error !== undefined) await expect(dialog(page).getByTestId('approve-user-error')).toHaveText(context.error);
    else await expect(dialog(page).getByTestId('approve-user-error')).toHaveCount(0);
    const ok = dialog(page).getByTestId('approve-user-ok');
    if (name === 'approving') await expect(ok).toHaveAttribute('data-loading', /.*/);
    else await expect(ok).not.toHaveAttribute('data-loading', /.*/);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: signupApprovalModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 10, timeoutMs: 120_000 });
