/**
 * The consent panel's generated paths (packages/machines consentPanel.model.ts) run against the real panel of the
 * asset view (`apps/web/src/consent/ConsentPanel.tsx`) in Chromium, signed in as the administrator (the site owner,
 * who holds every consent permission). One photo of its own is uploaded per worker and reused by every path; its
 * asset is read from the real DAM with a consent summary added (the consent forms stay off for the other journeys),
 * and every call for its forms, the list of forms, or to save, link, unlink or delete a form is held and answered
 * with the model's forms or a failure (nothing is stored). Opening, typing, choosing, confirming and cancelling are
 * the user's own clicks and keys (a form is chosen in the picker with the arrow keys and Enter); every state is
 * checked on screen, and every change that reached the DAM makes the asset view read the asset again (its summary).
 */
import { randomBytes } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { ConsentForm } from '@magpie/api-types';
import type { ConsentFormChoices, ConsentPanelContext } from '@magpie/machines/consentPanel/consentPanel.machine.ts';
import { consentPanelModel, MODEL_FAILURE, MODEL_FORM, MODEL_PERSON, MODEL_QUERY } from '@magpie/machines/consentPanel/consentPanel.model.ts';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { uniquePhoto } from '../metadataAssets.ts';
import { uploadInto } from '../pinsScreen.ts';
import { planModelPaths, registerModelTests, type ModelPathPlan, type ScreenAdapter, type StepInfo } from './harness.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

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
  /** Held reads of the asset's forms. */
  readonly reads: Route[];
  /** Held reads of the list of forms (the picker). */
  readonly lists: Route[];
  /** Held writes (save, link, unlink, delete). */
  readonly writes: Route[];
  /** How many times the asset view read the asset. */
  assetReads: number;
  /** The asset's `uniqueid`. */
  readonly assetId: string;
}

/** The photo every path of this worker opens (uploaded by the first path). */
let shared: { path: string } | undefined;

const forms = (page: Page) => page.getByTestId('consent-forms');
const dialog = (page: Page) => page.getByTestId('consent-form-dialog');
const picker = (page: Page) => page.getByTestId('consent-picker');
const confirmation = (page: Page) => page.getByTestId('consent-delete-dialog');

async function take(held: Route[], what: string): Promise<Route> {
  await expect.poll(() => held.length, { message: `the panel asks to ${what}` }).toBe(1);
  return held.shift()!;
}

const failure = (route: Route) => route.fulfill({ status: 500, json: { value: 'ServerError', heading: 'Server error', message: MODEL_FAILURE.message } });

/** Answers a held write, then waits for the asset view to read the asset again (the summary refreshes). */
async function answerWrite(screen: PanelScreen, write: Route, answer: Parameters<Route['fulfill']>[0]): Promise<void> {
  const before = screen.assetReads;
  await write.fulfill(answer);
  await expect.poll(() => screen.assetReads, { message: 'the asset view reads the asset again' }).toBeGreaterThan(before);
}

/** The picker's forms as the DAM would list them: the model's ids of other assets are none of the real photo's. */
const listed = (choices: ConsentFormChoices) => ({
  data: choices.forms.map((form) => ({ ...form, assets: form.assets.map(() => 0) })),
  count: choices.count,
  paging: { first: '/fotoweb/consent/forms/', prev: null, next: null, last: '/fotoweb/consent/forms/' },
});

const adapter: ScreenAdapter<PanelScreen> = {
  async setup(page, { credentials }) {
    await ensureSignedIn(page, credentials);
    if (!shared) {
      const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string }> };
      const name = `consent-model-${randomBytes(3).toString('hex')}`;
      const asset = await uploadInto(page, targets.data[0]!.href, name, uniquePhoto(name));
      shared = { path: new URL(asset, 'http://x').pathname };
    }
    const assetPath = shared.path;
    const asset = (await (await page.request.get(assetPath, { headers: { Accept: 'application/json' } })).json()) as { uniqueid: string };
    const screen: PanelScreen = { reads: [], lists: [], writes: [], assetReads: 0, assetId: asset.uniqueid };
    // The asset as the DAM answers it, with a consent summary (as with consent forms on).
    await page.route(
      (url) => url.pathname === assetPath,
      async (route) => {
        if (route.request().method() !== 'GET' || route.request().isNavigationRequest()) return route.continue();
        screen.assetReads++;
        const response = await route.fetch();
        const body = (await response.json()) as Record<string, unknown>;
        return route.fulfill({ response, json: { ...body, consentStatus: SUMMARY } });
      },
    );
    await page.route(
      (url) => url.pathname.startsWith('/fotoweb/consent/'),
      (route) => {
        const request = route.request();
        const path = new URL(request.url()).pathname;
        (request.method() !== 'GET' ? screen.writes : path === '/fotoweb/consent/forms/' ? screen.lists : screen.reads).push(route);
      },
    );
    await page.goto(assetPath);
    await expect(page.getByTestId('consent-panel')).toBeVisible(ACT);
    return screen;
  },

  async perform(event: EventObject, page, screen, step: StepInfo) {
    const record = event as EventObject & { output?: unknown };
    const from = step.from.context as ConsentPanelContext;
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
      case 'LINK':
        return forms(page).getByTestId('consent-form-link').click(ACT);
      case 'UNLINK':
        return forms(page).getByTestId('consent-form-unlink').click(ACT);
      case 'DELETE':
        return forms(page).getByTestId('consent-form-delete').click(ACT);
      case 'CONFIRM':
        return confirmation(page).getByTestId('consent-delete-confirm').click(ACT);
      case 'CHANGE': {
        const name = dialog(page).getByTestId('consent-form-personName');
        await name.fill('', ACT);
        return name.fill(MODEL_PERSON, ACT);
      }
      case 'SAVE':
        return dialog(page).getByTestId('consent-form-save').click(ACT);
      case 'SEARCH':
        return picker(page).getByTestId('consent-picker-search').fill(MODEL_QUERY, ACT);
      case 'CHOOSE': {
        // By keyboard: from the search field into the list, then Enter.
        await picker(page).getByTestId('consent-picker-search').press('ArrowDown', ACT);
        await expect(picker(page).getByRole('button', { name: /^Link the consent form of Cy Listed/ })).toBeFocused();
        return page.keyboard.press('Enter');
      }
      case 'CANCEL':
        if (step.from.matches('picking')) return picker(page).getByTestId('consent-picker-cancel').click(ACT);
        if (step.from.matches('confirmingDelete')) return confirmation(page).getByTestId('consent-delete-cancel').click(ACT);
        return dialog(page).getByTestId('consent-form-cancel').click(ACT);
      case 'xstate.done.actor.save': {
        const write = await take(screen.writes, 'save the form');
        const body = write.request().postDataJSON() as { personName: string; assets?: string[] };
        expect(body.personName).toBe(from.draft.personName.trim());
        if (write.request().method() === 'POST') expect(body.assets).toHaveLength(1);
        else expect(new URL(write.request().url()).pathname).toBe(MODEL_FORM.href);
        return answerWrite(screen, write, { status: write.request().method() === 'POST' ? 201 : 200, json: record.output as object });
      }
      case 'xstate.error.actor.save':
        return failure(await take(screen.writes, 'save the form'));
      case 'xstate.done.actor.search': {
        const list = await take(screen.lists, 'list the forms');
        expect(new URL(list.request().url()).searchParams.get('q') ?? '').toBe(from.query);
        return list.fulfill({ status: 200, json: listed(record.output as ConsentFormChoices) });
      }
      case 'xstate.error.actor.search':
        return failure(await take(screen.lists, 'list the forms'));
      case 'xstate.done.actor.link': {
        const write = await take(screen.writes, 'link the form');
        expect(write.request().method()).toBe('POST');
        expect(new URL(write.request().url()).pathname).toBe(`${from.target!.href}/assets`);
        expect(new URL((write.request().postDataJSON() as { href: string }).href, 'http://x').pathname).toBe(shared!.path);
        return answerWrite(screen, write, { status: 200, json: record.output as ConsentForm });
      }
      case 'xstate.error.actor.link':
        return failure(await take(screen.writes, 'link the form'));
      case 'xstate.done.actor.remove': {
        const write = await take(screen.writes, from.removal === 'delete' ? 'delete the form' : 'unlink the form');
        const url = new URL(write.request().url());
        expect(write.request().method()).toBe('DELETE');
        if (from.removal === 'delete') {
          expect(url.pathname).toBe(MODEL_FORM.href);
          expect(url.searchParams.get('assets')).toBe(MODEL_FORM.assets.join(','));
          return answerWrite(screen, write, { status: 204 });
        }
        expect(url.pathname).toBe(`${MODEL_FORM.href}/assets/${screen.assetId}`);
        return answerWrite(screen, write, { status: 200, json: { ...MODEL_FORM, assets: [], linkedAssets: [] } });
      }
      case 'xstate.error.actor.remove':
        return failure(await take(screen.writes, from.removal === 'delete' ? 'delete the form' : 'unlink the form'));
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
    if (name === 'picking' || name === 'linking') {
      await expect(picker(page)).toHaveAttribute('data-state', name === 'linking' ? 'linking' : context.choices ? 'listed' : 'searching');
      await expect(picker(page).getByTestId('consent-picker-search')).toHaveValue(context.query);
      if (context.error) await expect(picker(page).getByTestId('consent-picker-error')).toContainText(context.error);
      else await expect(picker(page).getByTestId('consent-picker-error')).toHaveCount(0);
      if (context.choices) {
        await expect(picker(page).getByTestId('consent-picker-choice')).toHaveCount(context.choices.forms.length);
        if (name === 'picking') await expectAccessible(page, '[data-testid="consent-picker"]', 'consent form picker');
      }
      return;
    }
    await expect(picker(page)).toHaveCount(0);
    if (name === 'confirmingDelete' || (name === 'removing' && context.removal === 'delete')) {
      await expect(confirmation(page)).toHaveAttribute('data-state', name === 'removing' ? 'deleting' : 'confirming');
      await expect(confirmation(page).getByRole('heading')).toHaveText(`Delete the consent form of ${context.target!.personName}?`);
      await expect(confirmation(page).getByTestId('consent-delete-assets')).toHaveText(context.target!.linkedAssets.map((a) => a.name).join(''));
      if (name === 'confirmingDelete') await expectAccessible(page, '[data-testid="consent-delete-dialog"]', 'consent form delete confirmation');
      return;
    }
    await expect(confirmation(page)).toHaveCount(0);
    if (name === 'ready') {
      await expect(forms(page).getByTestId('consent-form')).toHaveCount(context.forms.length);
      await expect(forms(page).getByTestId('consent-form-add')).toBeEnabled();
      await expect(forms(page).getByTestId('consent-form-link')).toBeEnabled();
      if (context.error) await expect(forms(page).getByTestId('consent-panel-error')).toContainText(context.error);
      else await expect(forms(page).getByTestId('consent-panel-error')).toHaveCount(0);
      await expectAccessible(page, '[data-testid="consent-panel"]', 'consent panel');
    }
  },

  async teardown(page) {
    await keepSession(page);
  },
};

/**
 * A few long simple paths take nearly every transition (each path costs a page and a sign-in check, a step much
 * less); they miss only the cancels, which lead back to the list as it was. The shortest paths that run are those
 * that take what the simple ones miss, and together they cover everything.
 */
const simpleOptions = { model: consentPanelModel, adapter, select: 'cover' as const, maxPaths: 6, timeoutMs: 180_000, requireFullCoverage: false };
const simple = registerModelTests({ ...simpleOptions, variant: 'simple' });
const shortestOptions = { ...simpleOptions, variant: 'shortest' as const, maxPaths: 4, complementOf: simple };
registerModelTests(shortestOptions);
const plans: ModelPathPlan[] = [simple, planModelPaths(shortestOptions)];

test('consentPanel: simple and shortest paths together cover every state and transition', () => {
  const missingEverywhere = (pick: (plan: ModelPathPlan) => readonly string[]) => plans.map(pick).reduce((common, missing) => common.filter((item) => missing.includes(item)));
  expect(missingEverywhere((plan) => plan.coverage.states.missing)).toEqual([]);
  expect(missingEverywhere((plan) => plan.coverage.transitions.missing)).toEqual([]);
});
