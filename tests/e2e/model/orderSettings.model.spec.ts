/**
 * The order settings' generated paths (packages/machines orderSettings.model.ts) run against the real Order settings
 * page (`apps/web/src/orders/OrderSettingsView.tsx`, Settings → Order settings) in Chromium. The page's read and save
 * of the configuration are held and answered as the path says (the model's configuration, what the DAM would store,
 * or its refusal), so the site's real order configuration never changes and no other spec is disturbed.
 *
 * RETRY presses Try again; the Add buttons, the field's label, its Remove and Move up, the terms, Save and the
 * notices' close buttons are the user's; every state is checked on screen: the page's state, the fields (labels,
 * derived ids), the terms, the problems shown, Save enabled only for a valid change, the saved notice and the error
 * (the field-list settings adapter, `fieldListSettingsScreen.ts`).
 */
import { orderConfigOf, orderSettingsChanged } from '@magpie/machines/orderSettings/orderSettings.machine.ts';
import { orderSettingsModel } from '@magpie/machines/orderSettings/orderSettings.model.ts';
import { expect } from '../fixtures.ts';
import { createFieldListSettingsAdapter } from './fieldListSettingsScreen.ts';
import { registerModelTests } from './harness.ts';

const adapter = createFieldListSettingsAdapter({
  api: '/fotoweb/order-config',
  view: '/fotoweb/views/order-settings',
  menuItem: 'Order settings',
  prefix: 'order-settings',
  bodyOf: orderConfigOf,
  changed: orderSettingsChanged,
  ownEdit(event, page) {
    if (event.type === 'SET_TERMS') return page.getByTestId('order-settings-terms').fill((event as { text?: string }).text!);
    return undefined;
  },
  async expectOwnSettings(page, draft) {
    await expect(page.getByTestId('order-settings-terms')).toHaveValue(draft.terms);
  },
  accessibleName: 'order settings',
});

registerModelTests({ model: orderSettingsModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, timeoutMs: 150_000 });
