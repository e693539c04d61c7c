/**
 * The consent panel's generated paths (packages/machines consentPanel.model.ts) run against the real panel of the
 * asset view (`apps/web/src/consent/ConsentPanel.tsx`) in Chromium, signed in as the administrator (the site owner,
 * who holds every consent permission). A photo of its own is uploaded; its asset is read from the real DAM with a
 * consent summary added (the consent forms stay off for the other journeys), and every call for its forms or to save
 * a form is held and answered with the model's forms or a failure (nothing is stored). Opening, typing, saving and
 * cancelling are the user's own clicks and keys; every state is checked on screen.
 */
import { randomBytes } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { ConsentPanelContext } from '@magpie/machines/consentPanel/consentPanel.machine.ts';
import { consentPanelModel, MODEL_FAILURE, MODEL_FORM, MODEL_PERSON } from '@magpie/machines/consentPanel/consentPanel.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { uniquePhoto } from '../metadataAssets.ts';
import { uploadInto } from '../pinsScreen.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';

const ACT = { timeout: 15_000 };
const SUMMARY = {
  assetConsentState: 'FullConsent',
  approvedConsents: [{ key: 'web', title: 'web' }],
  declinedConsents: [],
  ConsentFlags: [],
  consentFormCount: 1,
  countByConsentFormState: [{ consentFormState: 'Signed', consentFormCount: 1 }],
};

interface PanelScreen {
  readonly reads: Route[];
  readonly writes: Route[];
}

const forms = (page: Page) => page.getByTestId('consent-forms');
const dialog = (page: Page) => page.getByTestId('consent-form-dialog');

async function take(held: Route[], what: string): Promise<Route> {
  await expect.poll(() => held.length, { message: `the panel asks to ${what}` }).toBe(1);
  return held.shift()!;
}

const failure = (route: Route) => route.fulfill({ status: 500, json: { value: 'ServerError', heading: 'Server error', message: MODEL_FAILURE.message } });

const adapter: ScreenAdapter<PanelScreen> = {
  async setup(page, { credentials }) {
    await openSignedIn(page, credentials);
    const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string }> };
    const asset = await uploadInto(page, targets.data[0]!.href, `consent-model-${randomBytes(3).toString('hex')}`, uniquePhoto(`consent-model-${randomBytes(3).toString('hex')}`));
    const assetPath = new URL(asset, 'http://x').pathname;
    const screen: PanelScreen = { reads: [], writes: [] };
    // The asset as the DAM answers it, with a consent summary (as with consent forms on).
    await page.route(
      (url) => url.pathname === assetPath,
      async (route) => {
        if (route.request().method() !== 'GET') return route.continue();
        const response = await route.fetch();
        const body = (await response.json()) as Record<string, unknown>;
        return route.fulfill({ response, json: { ...body, consentStatus: SUMMARY } });
      },
    );
    await page.route(
      (url) => url.pathname.startsWith('/fotoweb/consent/'),
      (route) => {
        (route.request().method() === 'GET' ? screen.reads : screen.writes).push(route);
      },
    );
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, assetPath);
    await expect(page.getByTestId('consent-panel')).toBeVisible(ACT);
    return screen;
  },

  async perform(event: EventObject, page, screen) {
    const record = event as EventObject & { output?: unknown };
    switch (event.type) {
      case 'xstate.done.actor.load':
        return (await take(screen.reads, 'read the forms')).fulfill({ status: 200, json: { data: [MODEL_FORM] } });
      case 'xstate.error.actor.load':
        return failure(await take(screen.reads, 'read the forms'));
      case 'RETRY':
        return forms(page).getByRole('button', { name: 'Try again' }).click(ACT);
      case 'ADD':
        return forms(page).getByTestId('consent-form-add').click(ACT);
      case 'EDIT':
        return forms(page).getByTestId('consent-form-edit').click(ACT);
      case 'CHANGE': {
        const name = dialog(page).getByTestId('consent-form-personName');
        await name.fill('', ACT);
        return name.fill(MODEL_PERSON, ACT);
      }
      case 'SAVE':
        return dialog(page).getByTestId('consent-form-save').click(ACT);
      case 'CANCEL':
        return dialog(page).getByTestId('consent-form-cancel').click(ACT);
      case 'xstate.done.actor.save': {
        const write = await take(screen.writes, 'save the form');
        const body = write.request().postDataJSON() as { personName: string; assets?: string[] };
        expect(body.personName).toBe(MODEL_PERSON);
        if (write.request().method() === 'POST') expect(body.assets).toHaveLength(1);
        else expect(new URL(write.request().url()).pathname).toBe(MODEL_FORM.href);
        return write.fulfill({ status: write.request().method() === 'POST' ? 201 : 200, json: record.output as object });
      }
      case 'xstate.error.actor.save':
        return failure(await take(screen.writes, 'save the form'));
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state: AnyMachineSnapshot, page) {
    const name = String(state.value);
    const context = state.context as ConsentPanelContext;
    await expect(forms(page)).toHaveAttribute('data-state', name);
    if (name === 'loadFailed') {
      await expect(forms(page).getByRole('button', { name: 'Try again' })).toBeVisible();
      return;
    }
    if (name === 'editing' || name === 'saving') {
      await expect(dialog(page)).toHaveAttribute('data-state', name);
      await expect(dialog(page).getByTestId('consent-form-personName')).toHaveValue(context.draft.personName);
      await expect(dialog(page).getByRole('heading')).toHaveText(context.editing ? 'Edit the consent form' : 'Record a consent form');
      if (context.error) await expect(dialog(page).getByTestId('consent-form-error')).toContainText(context.error);
      else await expect(dialog(page).getByTestId('consent-form-error')).toHaveCount(0);
      if (name === 'editing') await expectAccessible(page, '[data-testid="consent-form-dialog"]', 'consent form dialog');
      return;
    }
    await expect(dialog(page)).toHaveCount(0);
    if (name === 'ready') {
      await expect(forms(page).getByTestId('consent-form')).toHaveCount(context.forms.length);
      await expect(forms(page).getByTestId('consent-form-add')).toBeEnabled();
      await expectAccessible(page, '[data-testid="consent-panel"]', 'consent panel');
    }
  },

  async teardown(page) {
    await keepSession(page);
  },
};

// The shortest paths already reach every state and take every transition (checked by the harness).
registerModelTests({ model: consentPanelModel, adapter, variant: 'shortest', select: 'cover', maxPaths: 10, timeoutMs: 120_000 });
