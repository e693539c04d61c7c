/**
 * The order settings (issue 15 "Cart and orders": the fields the orderer fills in and the terms) on the real stack in
 * Chromium. The site owner opens Order settings from the settings menu, adds a required text field and terms, and
 * saves; their cart then shows both and refuses to submit until the field is answered and the terms accepted; the
 * order carries the answer. The page and the cart pass axe. The configuration is put back as it was afterwards, so
 * the other specs find the site as they expect.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { csrfHeader, uniquePhoto } from './metadataAssets.ts';
import { uploadInto } from './pinsScreen.ts';

const ACT = { timeout: 15_000 };
const TERMS = 'Use the ordered files for the named project only.';

async function orderConfig(page: Page): Promise<unknown> {
  return (await page.request.get('/fotoweb/order-config', { headers: { Accept: 'application/json' } })).json();
}

async function putOrderConfig(page: Page, config: unknown): Promise<void> {
  const saved = await page.request.put('/fotoweb/order-config', { headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/json' }, data: config });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('an administrator adds a field and terms; the cart then asks for both before it submits (issue 15)', async ({ page, credentials }) => {
  test.setTimeout(180_000);
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
  const before = await orderConfig(page);
  await putOrderConfig(page, { fields: [], termsAndConditions: null });
  try {
    // Order settings from the settings menu: empty, then a required text field and the terms.
    await page.getByTestId('settings-menu-trigger').click(ACT);
    await page.getByTestId('settings-menu').getByRole('menuitem', { name: 'Order settings' }).click(ACT);
    await expect(page).toHaveURL((url) => url.pathname === '/fotoweb/views/order-settings');
    const view = page.getByTestId('order-settings-view');
    await expect(view).toHaveAttribute('data-state', 'idle');
    await expect(page.getByTestId('order-settings-empty')).toBeVisible();
    await expect(page.getByTestId('order-settings-save')).toBeDisabled();
    await expectAccessible(page, '[data-testid="order-settings-page"]', 'order settings (empty)');
    await page.getByTestId('order-settings-add-text').click(ACT);
    const field = page.getByTestId('signup-field');
    await expect(field).toHaveCount(1);
    // A field without a label cannot be saved.
    await expect(page.getByTestId('order-settings-blocked')).toBeVisible();
    await expect(page.getByTestId('order-settings-save')).toBeDisabled();
    await field.getByTestId('signup-field-label').fill('Project code');
    await expect(field.getByTestId('signup-field-id')).toHaveValue('projectCode');
    await field.getByTestId('signup-field-required').click(ACT);
    await page.getByTestId('order-settings-terms').fill(TERMS);
    await expectAccessible(page, '[data-testid="order-settings-page"]', 'order settings (edited)');
    await page.getByTestId('order-settings-save').click(ACT);
    await expect(view).toHaveAttribute('data-state', 'saved');
    await expect(page.getByTestId('order-settings-saved')).toHaveText(/Order settings saved/);
    expect(await orderConfig(page)).toEqual({
      fields: [{ id: 'projectCode', label: 'Project code', dataType: 'text', values: [], required: true, validation: null }],
      termsAndConditions: TERMS,
    });

    // The cart: one photo in it; the field and the terms show, and both are needed to submit.
    const tag = randomBytes(3).toString('hex');
    const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string }> };
    const asset = await uploadInto(page, targets.data[0]!.href, `order-settings-${tag}`, uniquePhoto(`order-settings-${tag}`));
    const headers = { ...(await csrfHeader(page)), 'Content-Type': 'application/json' };
    expect((await page.request.put('/fotoweb/me/cart', { headers, data: { orderItems: [] } })).status()).toBe(204);
    const added = await page.request.post('/fotoweb/me/cart', { headers, data: { data: [{ href: asset }] } });
    expect(added.ok(), await added.text()).toBe(true);
    await page.goto('/fotoweb/views/cart');
    const cart = page.getByTestId('cart-view');
    await expect(cart).toHaveAttribute('data-state', 'idle');
    await expect(page.getByTestId('cart-item')).toHaveCount(1);
    await expect(page.getByTestId('cart-terms')).toHaveText(TERMS);
    const answer = page.getByTestId('cart-field-projectCode');
    await expect(answer).toBeVisible();
    await page.getByTestId('cart-submit').click(ACT);
    await expect(page.getByTestId('cart-terms-error')).toBeVisible();
    await expect(cart).not.toHaveAttribute('data-state', 'submitted');
    await expectAccessible(page, '[data-testid="cart-page"]', 'cart asking for the field and the terms');
    await answer.fill('PRJ-7');
    await page.getByTestId('cart-terms-accept').click(ACT);
    await page.getByTestId('cart-submit').click(ACT);
    await expect(cart).toHaveAttribute('data-state', 'submitted');
    const reference = (await page.getByTestId('cart-order-reference').textContent())!.trim();
    const orders = (await (await page.request.get('/fotoweb/me/orders/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<Record<string, unknown>> };
    const order = orders.data.find((candidate) => JSON.stringify(candidate).includes(reference));
    expect(JSON.stringify(order)).toContain('PRJ-7');
  } finally {
    await putOrderConfig(page, before);
  }
});
