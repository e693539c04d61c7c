/**
 * The cart badge's generated paths (packages/machines cartBadge.model.ts) run against the header's cart item
 * (`apps/web/src/orders/CartLink.tsx`, `CartProvider.tsx`) and the asset view's Add to cart in Chromium. A photo
 * uploaded for this worker is opened; the header's count (`GET` the cart, no cache) and the add (`POST` the cart) are
 * held and answered as the path says (a count, a value that is no count, 503; added, 403, 409 `CartFull`), so the site
 * owner's real cart never changes. ADD presses Add to cart, REFRESH is the window regaining focus, and the 2 s of the
 * "Added to cart" notice run on the page's clock (installed and paused once the page is open): the notice is still
 * there 1 ms before and gone on time. Every state is checked on screen: the badge's count (its accessible name), the
 * notice, Add to cart disabled while an add runs, and a refusal's error notice.
 */
import { randomBytes } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { cartAddErrorMessage, CART_NOTICE_MS, type CartBadgeContext } from '@magpie/machines/cartBadge/cartBadge.machine.ts';
import { cartBadgeModel } from '@magpie/machines/cartBadge/cartBadge.model.ts';
import { expect, test } from '../fixtures.ts';
import { uniquePhoto } from '../metadataAssets.ts';
import { uploadInto } from '../pinsScreen.ts';
import { planModelPaths, registerModelTests, type ModelPathPlan, type ScreenAdapter } from './harness.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ACT = { timeout: 15_000 };
const CART_API = '/fotoweb/me/cart';

/** The photo every path of this worker opens (uploaded by the first path). */
let photo: string | undefined;

/** The held calls: the count reads (the last one is the live one; older ones were replaced) and the adds. */
interface BadgeScreen {
  readonly counts: Route[];
  readonly adds: Route[];
  readonly asset: string;
}

const cartLink = (page: Page) => page.getByTestId('cart-link');
const contextOf = (state: AnyMachineSnapshot) => state.context as CartBadgeContext;

/** The header item's accessible name for a count (`orders/orders.ts` `cartLinkLabel`). */
function label(count: number | undefined): string {
  if (count === undefined) return 'Cart';
  if (count === 0) return 'Cart, empty';
  return count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`;
}

/** The live count read: the newest; the older ones were aborted by the app when it read again. */
async function takeCount(screen: BadgeScreen): Promise<Route> {
  await expect.poll(() => screen.counts.length, { message: 'the app reads the count' }).toBeGreaterThan(0);
  const routes = screen.counts.splice(0);
  for (const stale of routes.slice(0, -1)) await stale.abort().catch(() => undefined);
  return routes.at(-1)!;
}

async function takeAdd(screen: BadgeScreen): Promise<Route> {
  await expect.poll(() => screen.adds.length, { message: 'the app sends the add' }).toBe(1);
  return screen.adds.shift()!;
}

const adapter: ScreenAdapter<BadgeScreen> = {
  async setup(page, { credentials }) {
    await ensureSignedIn(page, credentials);
    if (!photo) {
      const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string }> };
      const tag = randomBytes(3).toString('hex');
      photo = await uploadInto(page, targets.data[0]!.href, `cart-badge-${tag}`, uniquePhoto(`cart-badge-${tag}`));
    }
    const screen: BadgeScreen = { counts: [], adds: [], asset: photo };
    await page.route(
      (url) => url.pathname === CART_API,
      (route) => {
        const request = route.request();
        if (request.resourceType() !== 'fetch') return route.fallback();
        if (request.method() === 'GET') return void screen.counts.push(route);
        if (request.method() === 'POST') return void screen.adds.push(route);
        return route.fallback();
      },
    );
    await page.goto(photo);
    await expect(page.getByTestId('asset-view')).toBeVisible();
    await expect(page.getByTestId('asset-add-to-cart')).toBeEnabled();
    // From here the page's timers are Playwright's: the notice's 2 s pass when the path says so.
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 1_000));
    return screen;
  },

  async perform(event: EventObject, page, screen, { from }) {
    const payload = event as EventObject & { output?: unknown; error?: { status?: number; name?: string; responseJSON?: unknown } };
    switch (event.type) {
      case 'ADD':
        return page.getByTestId('asset-add-to-cart').click(ACT);
      case 'REFRESH':
        return page.evaluate(() => void window.dispatchEvent(new Event('focus')));
      case 'xstate.done.actor.loadCount':
        return (await takeCount(screen)).fulfill({ json: { count: payload.output } });
      case 'xstate.error.actor.loadCount':
        return (await takeCount(screen)).fulfill({ status: Number(payload.error!.name), json: { value: 'Unavailable', heading: 'Unavailable', message: 'Service Unavailable' } });
      case 'xstate.done.actor.addToCart': {
        const route = await takeAdd(screen);
        expect(route.request().postDataJSON()).toEqual({ data: [{ href: screen.asset }] });
        return route.fulfill({ status: 204, body: '' });
      }
      case 'xstate.error.actor.addToCart':
        return (await takeAdd(screen)).fulfill({ status: payload.error!.status!, json: payload.error!.responseJSON });
      default: {
        expect(event.type).toBe('xstate.after.cartNotice.cartBadge.notice.shown');
        expect(from.matches({ notice: 'shown' })).toBe(true);
        // The notice stays exactly 2 s after the latest add: still shown 1 ms before, gone on time.
        await page.clock.runFor(CART_NOTICE_MS - 1);
        await expect(page.getByTestId('cart-notice')).toBeVisible();
        return page.clock.runFor(1);
      }
    }
  },

  async assertState(state, page, screen) {
    const context = contextOf(state);
    await expect(cartLink(page)).toHaveAttribute('aria-label', label(context.count));
    if (state.matches({ notice: 'shown' })) await expect(page.getByTestId('cart-notice')).toHaveText('Added to cart');
    else await expect(page.getByTestId('cart-notice')).toHaveCount(0);
    const add = page.getByTestId('asset-add-to-cart');
    await expect(add).toBeEnabled({ enabled: state.matches({ adding: 'idle' }) });
    await expect.poll(() => screen.adds.length).toBe(state.matches({ adding: 'adding' }) ? 1 : 0);
    if (state.matches({ count: 'loading' })) await expect.poll(() => screen.counts.length).toBeGreaterThan(0);
    else await expect.poll(() => screen.counts.length).toBe(0);
    if (context.addError) await expect(page.getByTestId('cart-add-error')).toContainText(cartAddErrorMessage(context.addError.cause));
  },

  async teardown(page) {
    await keepSession(page);
  },
};

/**
 * Shortest paths reach every state and the refusals, but the notice's end only on the way to a state a refresh reaches
 * sooner: the simple paths that run are only those that take what the shortest ones miss, and together they cover
 * everything.
 */
const shortestOptions = { model: cartBadgeModel, adapter, select: 'cover' as const, maxPaths: 6, timeoutMs: 150_000, requireFullCoverage: false };
const shortest = registerModelTests({ ...shortestOptions, variant: 'shortest' });
const simpleOptions = { ...shortestOptions, variant: 'simple' as const, complementOf: shortest };
registerModelTests(simpleOptions);
const plans: ModelPathPlan[] = [shortest, planModelPaths(simpleOptions)];

test('cartBadge: shortest and simple paths together cover every state and transition', () => {
  const missingEverywhere = (pick: (plan: ModelPathPlan) => readonly string[]) => plans.map(pick).reduce((common, missing) => common.filter((item) => missing.includes(item)));
  expect(missingEverywhere((plan) => plan.coverage.states.missing)).toEqual([]);
  expect(missingEverywhere((plan) => plan.coverage.transitions.missing)).toEqual([]);
});
