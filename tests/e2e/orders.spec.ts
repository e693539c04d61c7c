/**
 * The cart and orders (issue 15 "Cart and orders"; spec 02 §2 header cart badge, §4 "Cart count badge: after adding,
 * an 'added to cart' notice shows for 2 s", §7 Cart and orders; spec 03 §2.1 Pending orders with its badge, §2.9 Order
 * history) on the real stack in Chromium. The site owner (who holds every permission, `Order` and `approveOrders`
 * among them) uploads three photos into a folder of their own, selects them and adds them to the cart from the
 * selection bar: the header's badge says 3 and "Added to cart" shows, then goes. On the cart page they remove one and
 * submit with a comment (answering the order configuration's fields and terms when the site has any): the order's
 * reference shows and the cart is empty. As an approver they open Pending orders from the settings menu (its entry
 * counts the order), approve it with a comment and the default expiry (14 days), and find it under Approved. Their
 * order history shows it approved, with a Download link whose answer is a ZIP. The asset view's Add to cart adds one
 * more. The cart page, Pending orders, the approve dialog and the order history pass axe.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { csrfHeader, uniquePhoto } from './metadataAssets.ts';
import { uploadInto } from './pinsScreen.ts';

/** A user action that cannot happen fails within this, not the whole test's timeout. */
const ACT = { timeout: 15_000 };

/** Empties the site owner's cart through the API (`PUT` the cart with no items), so the badge counts from 0. */
async function emptyCart(page: Page): Promise<void> {
  const emptied = await page.request.put('/fotoweb/me/cart', { headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/json' }, data: { orderItems: [] } });
  expect(emptied.status(), await emptied.text()).toBe(204);
}

test('add three assets to the cart, remove one, submit, approve, and download the ZIP from the order history (issue 15)', async ({ page, credentials }) => {
  test.setTimeout(240_000);
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();

  // Three photos of their own, in a folder of their own.
  const tag = randomBytes(3).toString('hex');
  const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string }> };
  const archive = targets.data[0]!.href;
  const folder = `orders-${tag}`;
  const assets: string[] = [];
  for (const name of ['a', 'b', 'c']) assets.push(await uploadInto(page, archive, folder, uniquePhoto(`order-${name}-${tag}`)));
  await emptyCart(page);

  // The header's cart item: empty, then 3 after Add to cart on the selection of the three, with the 2 s notice.
  await page.goto(`${archive}${folder}/`);
  await expect(page.getByTestId('collection-view')).toBeVisible();
  await expect(page.getByTestId('asset-thumbnail')).toHaveCount(3);
  const cartLink = page.getByTestId('cart-link');
  await expect(cartLink).toHaveAttribute('aria-label', 'Cart, empty');
  // The selection is in grid order (newest first), and so is the cart.
  const inGrid = await page.getByTestId('asset-thumbnail').evaluateAll((thumbnails) => thumbnails.map((thumbnail) => thumbnail.getAttribute('data-href')!));
  expect([...inGrid].sort()).toEqual([...assets].sort());
  await page.keyboard.press('Shift+A');
  await expect(page.getByTestId('selection-count')).toHaveAttribute('data-count', '3');
  await page.getByTestId('selection-add-to-cart').click(ACT);
  const notice = page.getByTestId('cart-notice');
  await expect(notice).toHaveText('Added to cart');
  await expect(cartLink).toHaveAttribute('aria-label', 'Cart, 3 items');
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  await expect(notice).toBeHidden({ timeout: 5_000 });

  // The cart page: the three items in the order added (the grid's); the second removed (the badge follows).
  await cartLink.click(ACT);
  await expect(page).toHaveURL((url) => url.pathname === '/fotoweb/views/cart');
  const view = page.getByTestId('cart-view');
  await expect(view).toHaveAttribute('data-state', 'idle');
  const items = page.getByTestId('cart-item');
  await expect(items).toHaveCount(3);
  for (const [index, asset] of inGrid.entries()) await expect(items.nth(index)).toHaveAttribute('data-asset', asset);
  await expectAccessible(page, '[data-testid="cart-page"]', 'cart page');
  await items.nth(1).getByTestId('cart-item-remove').click(ACT);
  await expect(items).toHaveCount(2);
  await expect(view).toHaveAttribute('data-state', 'idle');
  await expect(cartLink).toHaveAttribute('aria-label', 'Cart, 2 items');
  await expect(items.nth(0)).toHaveAttribute('data-asset', inGrid[0]!);
  await expect(items.nth(1)).toHaveAttribute('data-asset', inGrid[2]!);

  // The order: a comment, the site's fields (whatever it asks: a text, a choice, a tick) and terms when it has them.
  await page.getByTestId('cart-comment').fill('For the spring brochure, page 4.');
  const config = (await (await page.request.get('/fotoweb/order-config', { headers: { Accept: 'application/json' } })).json()) as {
    fields: Array<{ id: string; dataType: string; values: string[]; required: boolean }>;
    termsAndConditions: string | null;
  };
  for (const field of config.fields.filter((candidate) => candidate.required)) {
    const control = page.getByTestId(`cart-field-${field.id}`);
    if (field.dataType === 'checkbox') await control.click(ACT);
    else if (field.dataType === 'dropdown') await control.selectOption(field.values[0]!);
    else await control.fill('AB-123');
  }
  if (config.termsAndConditions) await page.getByTestId('cart-terms-accept').click(ACT);
  await page.getByTestId('cart-submit').click(ACT);
  await expect(view).toHaveAttribute('data-state', 'submitted');
  const reference = (await page.getByTestId('cart-order-reference').textContent())!.trim();
  expect(reference).toMatch(/^ORD-\d{6}$/);
  await expect(cartLink).toHaveAttribute('aria-label', 'Cart, empty');
  await expectAccessible(page, '[data-testid="cart-page"]', 'order placed');

  // The approver: Pending orders from the settings menu, with its count; the order with its orderer, items and comment.
  await page.getByTestId('settings-menu-trigger').click(ACT);
  const entry = page.getByTestId('settings-menu').getByRole('menuitem', { name: /Pending orders/ });
  await expect(entry).toContainText(/\d/);
  await entry.click(ACT);
  await expect(page).toHaveURL((url) => url.pathname === '/fotoweb/views/orders/admin');
  const pending = page.getByTestId('orders-pending');
  const card = pending.getByTestId('order-card').filter({ has: page.getByTestId('order-reference').getByText(reference, { exact: true }) });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('order-state')).toHaveText('Waiting for approval');
  await expect(card.getByTestId('order-item')).toHaveCount(2);
  await expect(card.getByTestId('order-user-comment')).toContainText('For the spring brochure, page 4.');
  await expectAccessible(page, '[data-testid="pending-orders-view"]', 'pending orders');

  // Approve: a comment, the download's expiry 14 days from today unless changed.
  await card.getByTestId('order-approve').click(ACT);
  const dialog = page.getByTestId('order-decision-dialog');
  await expect(dialog).toHaveAttribute('data-state', 'idle');
  const inTwoWeeks = new Date();
  inTwoWeeks.setDate(inTwoWeeks.getDate() + 14);
  const expected = `${inTwoWeeks.getFullYear()}-${String(inTwoWeeks.getMonth() + 1).padStart(2, '0')}-${String(inTwoWeeks.getDate()).padStart(2, '0')}`;
  await expect(dialog.getByTestId('order-decision-expiry')).toHaveValue(expected);
  await dialog.getByTestId('order-decision-comment').fill('Approved: credit the photographer.');
  await expectAccessible(page, '[data-testid="order-decision-dialog"]', 'approve dialog');
  await dialog.getByTestId('order-decision-confirm').click(ACT);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('orders-notice')).toContainText(`${reference} is approved`);
  await expect(card).toHaveCount(0);
  await page.getByTestId('orders-tab-approved').click(ACT);
  const approved = page
    .getByTestId('orders-approved')
    .getByTestId('order-card')
    .filter({ has: page.getByTestId('order-reference').getByText(reference, { exact: true }) });
  await expect(approved.getByTestId('order-state')).toHaveText('Approved');
  await expect(approved.getByTestId('order-admin-comment')).toContainText('Approved: credit the photographer.');

  // The order history, from the user menu: approved, with the expiry and a Download link that answers a ZIP.
  await page.getByTestId('user-menu-trigger').click(ACT);
  await page.getByTestId('menu-openOrderHistory').click(ACT);
  await expect(page).toHaveURL((url) => url.pathname === '/fotoweb/views/orders');
  const mine = page
    .getByTestId('order-history-view')
    .getByTestId('order-card')
    .filter({ has: page.getByTestId('order-reference').getByText(reference, { exact: true }) });
  await expect(mine.getByTestId('order-state')).toHaveText('Approved');
  await expect(mine.getByTestId('order-expires')).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4}$/);
  const download = mine.getByTestId('order-download');
  await expect(download).toContainText('Download until');
  await expectAccessible(page, '[data-testid="order-history-view"]', 'order history');
  const zip = await page.request.get((await download.getAttribute('href'))!);
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toContain('application/zip');
  expect((await zip.body()).subarray(0, 2).toString('latin1')).toBe('PK');

  // The asset view's Add to cart: one more item; the cart is emptied again for the next spec.
  await page.goto(assets[1]!);
  await page.getByTestId('asset-add-to-cart').click(ACT);
  await expect(page.getByTestId('cart-notice')).toBeVisible();
  await expect(cartLink).toHaveAttribute('aria-label', 'Cart, 1 item');
  await emptyCart(page);
});

test('a visitor who is not logged in has no cart', async ({ page }) => {
  await page.goto('/fotoweb/archives/');
  await expect(page.getByTestId('guest-login')).toBeVisible();
  await expect(page.getByTestId('cart-link')).toHaveCount(0);
});
