/**
 * The batch dialogs' generated paths (packages/machines batchEdit.model.ts) run against the real batch license dialog
 * (`apps/web/src/users/BatchDialog.tsx`, opened by the Users tab's "Set license" batch button) in Chromium. The admin
 * opens "Manage users and groups"; the users list is answered with the model's three users through `page.route`
 * (Ada and Bo may be relicensed, Cy may not), the three are selected in the grid, and the batch `PATCH` of the user
 * list is held until the path says how it ends.
 *
 * APPLY is the dialog's form and its Set license button: both selects left at "Leave unchanged", or the license level
 * chosen; CANCEL and CLOSE are its buttons. Every state is checked on screen: who the change applies to and who it
 * leaves alone (spec 03 §5), the problem or the §8 message, the pending button, the report of skipped users, and
 * the closed dialog with the selection kept.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { type BatchChange, type BatchEditContext, type BatchResult } from '@magpie/machines/batchEdit/batchEdit.machine.ts';
import { batchEditModel, MODEL_BATCH_USERS } from '@magpie/machines/batchEdit/batchEdit.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession } from './signIn.ts';
import { ACT, openUsersAndGroups } from './usersAndGroupsScreen.ts';

const USER_LIST = '/fotoweb/users/';

/** Answers the model's users and holds the batch PATCHes. */
class BatchNetwork {
  private held: Route[] = [];
  private template: Record<string, unknown> | undefined;
  readonly patches: unknown[] = [];
  listLoads = 0;
  /** The list loads once the dialog opened; a change answered by the DAM reloads it. */
  loadsAtOpen = 0;

  async install(page: Page): Promise<void> {
    await page.route(
      (url) => url.pathname === USER_LIST,
      async (route) => {
        const method = route.request().method();
        if (method === 'PATCH') {
          this.patches.push(route.request().postDataJSON());
          this.held.push(route);
          return;
        }
        if (method !== 'GET') return route.fulfill({ status: 405, json: { value: 'InvalidRequest', message: 'not in this test' } });
        // The stack's own list gives the shape of a real user (every field of the contract); the rows are the model's.
        if (!this.template) this.template = ((await (await route.fetch()).json()) as { data: Record<string, unknown>[] }).data[0];
        this.listLoads += 1;
        const data = MODEL_BATCH_USERS.map((user, index) => ({
          ...this.template,
          id: Number(user.href.split('/').pop()),
          href: user.href,
          username: `user${index}`,
          fullName: user.fullName,
          isSiteOwner: false,
          actions: { ...(this.template?.['actions'] as object), ...user.actions, setNewSiteOwner: false },
        }));
        return route.fulfill({ json: { data, count: data.length, paging: { first: '', prev: null, next: null, last: null } } });
      },
    );
  }

  async take(): Promise<Route> {
    await expect.poll(() => this.held.length, { message: 'the app sends the batch PATCH' }).toBe(1);
    return this.held.shift()!;
  }

  pending(): number {
    return this.held.length;
  }
}

interface BatchScreen {
  readonly network: BatchNetwork;
}

const contextOf = (state: AnyMachineSnapshot) => state.context as BatchEditContext;
const dialog = (page: Page) => page.getByTestId('batch-dialog');
const [ada, bo, cy] = MODEL_BATCH_USERS as [(typeof MODEL_BATCH_USERS)[number], (typeof MODEL_BATCH_USERS)[number], (typeof MODEL_BATCH_USERS)[number]];

const adapter: ScreenAdapter<BatchScreen> = {
  async setup(page, { credentials }) {
    const network = new BatchNetwork();
    await network.install(page);
    const modal = await openUsersAndGroups(page, credentials, 'Users');
    // Nothing selected: every batch button is disabled (spec 03 §5).
    await expect(modal.getByTestId('users-batch-license')).toBeDisabled();
    for (const user of MODEL_BATCH_USERS) await modal.getByRole('checkbox', { name: `Select ${user.fullName}` }).check({ ...ACT, force: true });
    await expect(modal.getByTestId('users-selection')).toHaveText('3 selected');
    // Delete needs more than one deletable user: all three are.
    await expect(modal.getByTestId('users-batch-delete')).toBeEnabled();
    await modal.getByTestId('users-batch-license').click(ACT);
    await expect(dialog(page)).toHaveAttribute('data-operation', 'license');
    network.loadsAtOpen = network.listLoads;
    await expectAccessible(page, '[data-testid="batch-dialog"]', 'batch license dialog');
    return { network };
  },

  async perform(event: EventObject, page, { network }) {
    const payload = event as EventObject & { change?: BatchChange; output?: BatchResult; error?: { status: number; responseJSON: unknown } };
    switch (event.type) {
      case 'APPLY': {
        const change = payload.change as Extract<BatchChange, { operation: 'license' }>;
        await dialog(page)
          .getByTestId('batch-license-level')
          .selectOption(change.level === undefined ? '' : String(change.level), ACT);
        return dialog(page).getByTestId('batch-apply').click(ACT);
      }
      case 'CANCEL':
        return dialog(page).getByTestId('batch-cancel').click(ACT);
      case 'CLOSE':
        return dialog(page).getByTestId('batch-close').click(ACT);
      case 'xstate.done.actor.apply': {
        const route = await network.take();
        const { done, skipped } = payload.output!;
        return route.fulfill({ json: { updated: done, skipped } });
      }
      case 'xstate.error.actor.apply': {
        const route = await network.take();
        return route.fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
      }
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, { network }) {
    const context = contextOf(state);
    // Only Ada and Bo are sent, with the level alone (the mode left at "Leave unchanged"), spec 03 §5 and §7.
    for (const body of network.patches) expect(body).toEqual({ users: [ada.href, bo.href], data: { license: { level: 35 } } });
    expect(network.pending()).toBe(state.matches('applying') ? 1 : 0);
    if (state.matches('closed')) {
      await expect(dialog(page)).toHaveCount(0);
      // The selection stays after a batch change (only a delete drops the deleted users, spec 03 §4).
      await expect(page.getByTestId('users-selection')).toHaveText('3 selected');
      // The grid reloads after an answered change (the new licenses), not after a cancel.
      if (context.result) await expect.poll(() => network.listLoads).toBeGreaterThan(network.loadsAtOpen);
      else expect(network.listLoads).toBe(network.loadsAtOpen);
      return;
    }
    await expect(dialog(page)).toHaveAttribute('data-state', String(state.value));
    if (state.matches('reported')) {
      const skipped = dialog(page).getByTestId('batch-skipped').getByRole('listitem');
      await expect(skipped).toHaveText(context.result!.skipped.map((s) => new RegExp(`^${MODEL_BATCH_USERS.find((u) => u.href === s.href)!.fullName}`)));
      await expect(dialog(page).getByTestId('batch-report')).toContainText(`Changed ${context.result!.done.length} user`);
      return;
    }
    await expect(dialog(page).getByTestId('batch-targets').getByRole('listitem')).toHaveText(context.targets.map((u) => u.fullName));
    await expect(dialog(page).getByTestId('batch-left')).toContainText(cy.fullName);
    const problem = dialog(page).getByTestId('batch-problem');
    const message = context.problem ?? context.error;
    if (message) await expect(problem).toHaveText(message);
    else await expect(problem).toHaveCount(0);
    const cancel = dialog(page).getByTestId('batch-cancel');
    if (state.matches('applying')) await expect(cancel).toBeDisabled();
    else await expect(cancel).toBeEnabled();
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: batchEditModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, timeoutMs: 120_000 });
