/**
 * The cart page's generated paths (packages/machines cartCheckout.model.ts) run against the real cart page
 * (`apps/web/src/orders/CartView.tsx`, the header's Cart) in Chromium. The page's read of the cart and of the order
 * configuration, the cart's `PUT` and the submission's `POST` are held and answered as the path says (the model's cart
 * of two items and its configuration with a required project code and terms, or the refusals), so the site owner's
 * real cart and orders never change and no other spec is disturbed. The header's count goes on to the DAM.
 *
 * RETRY presses Try again; Move up, Remove, the comment, the project code, "I accept", Submit order and the error's
 * close button are the user's; every state is checked on screen: the page's state, the items in order, the form's
 * values, the problems shown (only once typed into, or after Submit), the error, the placed order's reference.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { cartCheckoutProblems, orderItemsOf, orderSubmissionOf, visibleCartProblem, type CartCheckoutContext } from '@magpie/machines/cartCheckout/cartCheckout.machine.ts';
import { cartCheckoutModel, CART_CHECKOUT_MODEL_CONFIG } from '@magpie/machines/cartCheckout/cartCheckout.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';

const ACT = { timeout: 15_000 };
const CART_API = '/fotoweb/me/cart';
const CONFIG_API = '/fotoweb/order-config';
const HISTORY_API = '/fotoweb/me/orders/';

/** The page's held calls, by kind: the two reads of `load`, the cart's `PUT`, the submission's `POST`. */
interface CartScreen {
  readonly loads: Route[];
  readonly saves: Route[];
  readonly submits: Route[];
}

const view = (page: Page) => page.getByTestId('cart-view');
const items = (page: Page) => page.getByTestId('cart-item');
const contextOf = (state: AnyMachineSnapshot) => state.context as CartCheckoutContext;
/** The machine's state as the page names it in `data-state`. */
const stateName = (state: AnyMachineSnapshot) => (typeof state.value === 'string' ? state.value : String((state.value as { ready: string }).ready));

async function take(held: Route[], count = 1): Promise<Route[]> {
  await expect.poll(() => held.length, { message: 'the app sends the request' }).toBe(count);
  return held.splice(0, count);
}

const adapter: ScreenAdapter<CartScreen> = {
  async setup(page, { credentials }) {
    await openSignedIn(page, credentials);
    const screen: CartScreen = { loads: [], saves: [], submits: [] };
    await page.route(
      (url) => url.pathname === CART_API || url.pathname === CONFIG_API || url.pathname === HISTORY_API,
      (route) => {
        const request = route.request();
        const { pathname } = new URL(request.url());
        if (request.resourceType() !== 'fetch') return route.fallback();
        // The header's count goes on to the DAM; the page's own calls are the path's.
        if (pathname === CART_API && request.method() === 'GET' && !(request.headers()['accept'] ?? '').includes('order+json')) return route.fallback();
        if (pathname === CART_API && request.method() === 'PUT') return void screen.saves.push(route);
        if (pathname === HISTORY_API && request.method() === 'POST') return void screen.submits.push(route);
        if (request.method() === 'GET' && pathname !== HISTORY_API) return void screen.loads.push(route);
        return route.fallback();
      },
    );
    // From the header, as people get there.
    await page.getByTestId('cart-link').click(ACT);
    await expect(page).toHaveURL((url) => url.pathname === '/fotoweb/views/cart');
    await expect(view(page)).toHaveAttribute('data-state', 'loading');
    return screen;
  },

  async perform(event: EventObject, page, screen, { from }) {
    const payload = event as EventObject & {
      index?: number;
      offset?: -1 | 1;
      text?: string;
      id?: string;
      value?: string | boolean;
      output?: unknown;
      error?: { status: number; responseJSON: unknown };
    };
    const context = contextOf(from);
    switch (event.type) {
      case 'RETRY':
        return page.getByTestId('cart-retry').click(ACT);
      case 'REMOVE':
        return items(page).nth(payload.index!).getByTestId('cart-item-remove').click(ACT);
      case 'MOVE':
        return items(page)
          .nth(payload.index!)
          .getByTestId(payload.offset === -1 ? 'cart-item-up' : 'cart-item-down')
          .click(ACT);
      case 'EDIT_COMMENT':
        return page.getByTestId('cart-comment').fill(payload.text!);
      case 'ANSWER':
        return page.getByTestId(`cart-field-${payload.id}`).fill(String(payload.value));
      case 'ACCEPT_TERMS':
        return page.getByTestId('cart-terms-accept').click(ACT);
      case 'SUBMIT':
        return page.getByTestId('cart-submit').click(ACT);
      case 'DISMISS':
        return page.getByTestId('cart-error-dismiss').click(ACT);
      case 'xstate.done.actor.load':
      case 'xstate.error.actor.load': {
        // The cart (as an order) and the configuration, read at once.
        const routes = await take(screen.loads, 2);
        const loaded = payload.output as { cart: unknown; config: unknown } | undefined;
        for (const route of routes) {
          const isCart = new URL(route.request().url()).pathname === CART_API;
          if (isCart && event.type === 'xstate.error.actor.load') await route.fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
          else await route.fulfill({ json: isCart ? loaded!.cart : (loaded?.config ?? CART_CHECKOUT_MODEL_CONFIG) });
        }
        return;
      }
      case 'xstate.done.actor.save':
      case 'xstate.error.actor.save': {
        // The complete new list, in order.
        const [route] = await take(screen.saves);
        expect(route!.request().postDataJSON()).toEqual({ orderItems: orderItemsOf(context.pendingItems!) });
        if (event.type === 'xstate.done.actor.save') return route!.fulfill({ status: 204 });
        return route!.fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
      }
      case 'xstate.done.actor.submit':
      case 'xstate.error.actor.submit': {
        // The items, the comment, the answers and the terms accepted: only a form without problems.
        const [route] = await take(screen.submits);
        expect(route!.request().postDataJSON()).toEqual(orderSubmissionOf(context));
        if (event.type === 'xstate.done.actor.submit') return route!.fulfill({ status: 201, json: payload.output });
        return route!.fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
      }
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, screen) {
    const name = stateName(state);
    const context = contextOf(state);
    await expect(view(page)).toHaveAttribute('data-state', name);
    await expect.poll(() => screen.loads.length).toBe(name === 'loading' ? 2 : 0);
    await expect.poll(() => screen.saves.length).toBe(name === 'saving' ? 1 : 0);
    await expect.poll(() => screen.submits.length).toBe(name === 'submitting' ? 1 : 0);
    if (name === 'loading') return;
    if (name === 'loadFailed') {
      await expect(page.getByTestId('cart-load-error')).toContainText(context.error!);
      return;
    }
    if (name === 'submitted') {
      await expect(page.getByTestId('cart-order-reference')).toHaveText(context.submitted!.orderReference);
      await expect(page.getByTestId('cart-history-link')).toBeVisible();
      await expect(items(page)).toHaveCount(0);
      return;
    }
    if (name === 'failed') await expect(page.getByTestId('cart-error')).toContainText(context.error!);
    else await expect(page.getByTestId('cart-error')).toHaveCount(0);
    // The items as shown: those being saved stay until the DAM answers.
    await expect(items(page)).toHaveCount(context.items.length);
    for (const [index, item] of context.items.entries()) await expect(items(page).nth(index)).toHaveAttribute('data-asset', item.asset);
    if (context.items.length === 0) {
      await expect(page.getByTestId('empty-state')).toContainText('Your cart is empty');
      return;
    }
    await expect(page.getByTestId('cart-comment')).toHaveValue(context.comment);
    const answer = context.answers['project'] ?? '';
    await expect(page.getByTestId('cart-field-project')).toHaveValue(answer);
    const checkbox = page.getByTestId('cart-terms-accept').locator('input');
    if (context.acceptTerms) await expect(checkbox).toBeChecked();
    else await expect(checkbox).not.toBeChecked();
    // Problems: a field's once typed into or after Submit; the terms' only after Submit.
    const problems = cartCheckoutProblems(context);
    const fieldProblem = visibleCartProblem(problems, 'project', answer, context.attempted);
    if (fieldProblem) await expect(page.getByTestId('cart-field-project-error')).toHaveText(fieldProblem);
    else await expect(page.getByTestId('cart-field-project-error')).toHaveCount(0);
    const termsProblem = context.attempted ? problems['terms'] : undefined;
    if (termsProblem) await expect(page.getByTestId('cart-terms-error')).toHaveText(termsProblem);
    else await expect(page.getByTestId('cart-terms-error')).toHaveCount(0);
    const submit = page.getByTestId('cart-submit');
    if (name === 'submitting') await expect(submit).toHaveAttribute('data-loading', /.*/);
    else await expect(submit).toBeEnabled({ enabled: name !== 'saving' });
    if (name === 'idle' && context.attempted && !context.acceptTerms) await expectAccessible(page, '[data-testid="cart-page"]', 'cart with its problems');
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: cartCheckoutModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, timeoutMs: 150_000 });
