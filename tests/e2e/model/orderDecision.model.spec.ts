/**
 * The approver's decision's generated paths (packages/machines orderDecision.model.ts) run against the Approve dialog of
 * the Pending orders page (`apps/web/src/orders/PendingOrdersView.tsx`, `OrderDecisionDialog.tsx`, Settings → Pending
 * orders) in Chromium. The page's clock says it is the model's today (2 March 2026); the pending list answers the
 * model's order and the `POST` to its approve href is held and answered as the path says (the order as approved, 409
 * decided already, 500), so no real order is decided. The count on the settings menu goes on to the DAM.
 *
 * The comment, the expiry date, "Never expires", Approve, Cancel and the error's close button are the user's; every state is checked on
 * screen: the dialog's state, the comment and the date, the date's problem, Approve enabled only without problems, the
 * error, and once decided the notice (or, cancelled, none) with the dialog gone.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { orderDecisionProblems, type OrderDecisionContext } from '@magpie/machines/orderDecision/orderDecision.machine.ts';
import { ORDER_DECISION_MODEL_ORDER, orderDecisionModel } from '@magpie/machines/orderDecision/orderDecision.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';

const ACT = { timeout: 15_000 };
const PENDING_API = '/fotoweb/orders/pending/';

interface DecisionScreen {
  readonly held: Route[];
}

const dialog = (page: Page) => page.getByTestId('order-decision-dialog');
const contextOf = (state: AnyMachineSnapshot) => state.context as OrderDecisionContext;
/** The machine's state as the dialog names it in `data-state`. */
const stateName = (state: AnyMachineSnapshot) => (typeof state.value === 'string' ? state.value : String((state.value as { editing: string }).editing));

/** The last second of a calendar day on the browser's clock (the stack's time zone), as the page sends it. */
function endOfDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day, 23, 59, 59).toISOString();
}

async function take(held: Route[]): Promise<Route> {
  await expect.poll(() => held.length, { message: 'the app sends the decision' }).toBe(1);
  return held.shift()!;
}

const adapter: ScreenAdapter<DecisionScreen> = {
  async setup(page, { credentials }) {
    await page.clock.setFixedTime(new Date('2026-03-02T12:00:00'));
    await openSignedIn(page, credentials);
    const screen: DecisionScreen = { held: [] };
    await page.route(
      (url) => url.pathname === PENDING_API || url.pathname === ORDER_DECISION_MODEL_ORDER.approve,
      (route) => {
        const request = route.request();
        if (request.resourceType() !== 'fetch') return route.fallback();
        if (request.method() === 'POST') return void screen.held.push(route);
        // The list is the model's pending order; the menu's count goes on to the DAM.
        if ((request.headers()['accept'] ?? '').includes('count+json')) return route.fallback();
        return route.fulfill({ json: { data: [ORDER_DECISION_MODEL_ORDER], paging: null } });
      },
    );
    // Through the settings menu, as approvers get there.
    await page.getByTestId('settings-menu-trigger').click(ACT);
    await page
      .getByTestId('settings-menu')
      .getByRole('menuitem', { name: /Pending orders/ })
      .click(ACT);
    await expect(page).toHaveURL((url) => url.pathname === '/fotoweb/views/orders/admin');
    const card = page.getByTestId('orders-pending').getByTestId('order-card');
    await expect(card.getByTestId('order-reference')).toHaveText(ORDER_DECISION_MODEL_ORDER.orderReference!);
    await card.getByTestId('order-approve').click(ACT);
    await expect(dialog(page)).toHaveAttribute('data-state', 'idle');
    return screen;
  },

  async perform(event: EventObject, page, screen, { from }) {
    const payload = event as EventObject & { text?: string; date?: string; never?: boolean; output?: unknown; error?: { status: number; responseJSON: unknown } };
    switch (event.type) {
      case 'EDIT_COMMENT':
        return dialog(page).getByTestId('order-decision-comment').fill(payload.text!);
      case 'SET_EXPIRY':
        return dialog(page).getByTestId('order-decision-expiry').fill(payload.date!);
      case 'SET_NEVER_EXPIRES':
        return dialog(page)
          .getByRole('checkbox', { name: 'Never expires' })
          .setChecked(payload.never!, { ...ACT, force: true });
      case 'CONFIRM':
        return dialog(page).getByTestId('order-decision-confirm').click(ACT);
      case 'CANCEL':
        return dialog(page).getByTestId('order-decision-cancel').click(ACT);
      case 'DISMISS':
        return dialog(page).getByTestId('order-decision-error-dismiss').click(ACT);
      case 'xstate.done.actor.decide':
      case 'xstate.error.actor.decide': {
        // The comment trimmed (none when empty) and the end of the expiry day, or null when it never expires.
        const context = contextOf(from);
        const route = await take(screen.held);
        expect(route.request().postDataJSON()).toEqual({
          ...(context.adminComment.trim() !== '' ? { adminComment: context.adminComment.trim() } : {}),
          expires: context.neverExpires ? null : endOfDay(context.expiresOn),
        });
        if (event.type === 'xstate.done.actor.decide') return route.fulfill({ json: payload.output });
        return route.fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
      }
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, screen) {
    const name = stateName(state);
    const context = contextOf(state);
    await expect.poll(() => screen.held.length).toBe(name === 'deciding' ? 1 : 0);
    if (name === 'decided' || name === 'cancelled') {
      await expect(dialog(page)).toHaveCount(0);
      if (name === 'decided') await expect(page.getByTestId('orders-notice')).toContainText(`${ORDER_DECISION_MODEL_ORDER.orderReference} is approved`);
      else await expect(page.getByTestId('orders-notice')).toHaveCount(0);
      return;
    }
    await expect(dialog(page)).toHaveAttribute('data-state', name);
    await expect(dialog(page).getByTestId('order-decision-comment')).toHaveValue(context.adminComment);
    await expect(dialog(page).getByTestId('order-decision-expiry')).toHaveValue(context.expiresOn);
    await expect(dialog(page).getByRole('checkbox', { name: 'Never expires' })).toBeChecked({ checked: context.neverExpires });
    await expect(dialog(page).getByTestId('order-decision-expiry')).toBeEnabled({ enabled: !context.neverExpires && name !== 'deciding' });
    const problems = orderDecisionProblems(context);
    if (problems['expiresOn']) await expect(dialog(page).getByTestId('order-decision-expiry-error')).toHaveText(problems['expiresOn']);
    else await expect(dialog(page).getByTestId('order-decision-expiry-error')).toHaveCount(0);
    const confirm = dialog(page).getByTestId('order-decision-confirm');
    if (name === 'deciding') await expect(confirm).toHaveAttribute('data-loading', /.*/);
    else await expect(confirm).toBeEnabled({ enabled: Object.keys(problems).length === 0 });
    if (name === 'failed') await expect(dialog(page).getByTestId('order-decision-error')).toContainText(context.error!);
    else await expect(dialog(page).getByTestId('order-decision-error')).toHaveCount(0);
    if (name === 'idle' && context.adminComment !== '') await expectAccessible(page, '[data-testid="order-decision-dialog"]', 'approve dialog');
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: orderDecisionModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, timeoutMs: 150_000 });
