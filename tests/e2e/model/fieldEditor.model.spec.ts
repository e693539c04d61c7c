/**
 * The field editor's generated paths (packages/machines fieldEditor.model.ts, one suite per kind of field: its
 * scopes) run against the real `FieldEditor` component in Chromium, on the real stack: the asset page's developer
 * test modal (`#field-editor-test=<the scope's field>`, spec 02 §2) shows the scope's field, each user event is
 * done as a user does it, and each state is checked on screen. Saves are real `PATCH`es of the asset that the test
 * holds with `page.route` and answers as the model says (200 with the asset, or 409 `Conflict`), after checking
 * the body carries the value the model saves. Taxonomy picks go through the real taxonomy picker over the DAM's
 * Keywords taxonomy, whose items the test creates.
 *
 * A single scope cannot reach every state (a read-only field never edits); the last test checks that the scopes
 * together cover every state and transition of the machine.
 */
import type { Locator, Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { FIELD_EDITOR_SCOPES, fieldEditorModel, fieldEditorScopeModel, MODEL_SAVE_FAILURE, type FieldEditorScope } from '@magpie/machines/fieldEditor/fieldEditor.model.ts';
import type { FieldEditorContext } from '@magpie/machines/fieldEditor/fieldEditor.machine.ts';
import type { MachineModel, PathVariant } from '@magpie/machines/testing/machineModel.ts';
import { expect, test } from '../fixtures.ts';
import { csrfHeader, openFirstArchive, uniquePhoto, uploadToCollection } from '../metadataAssets.ts';
import { planModelPaths, registerModelTests, type ModelPathPlan, type ScreenAdapter } from './harness.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

/** The taxonomy items the taxonomy scopes pick (packages/machines fieldEditor.model.ts). */
const TAXONOMY_VALUES = ['Animals', 'Nature', 'sea', 'boat'] as const;

/** The asset whose page hosts the test modal: uploaded once per run. */
let assetHref: string | undefined;
let assetJson: unknown;

async function prepareStack(page: Page): Promise<string> {
  if (assetHref) return assetHref;
  // The upload goes through the app's upload popover, from the first archive (the page is blank after ensureSignedIn).
  await page.goto('/fotoweb/archives/');
  await openFirstArchive(page);
  [assetHref] = await uploadToCollection(page, [uniquePhoto('field-editor-model')]);
  const asset = await page.request.get(assetHref!, { headers: { Accept: 'application/vnd.fotoware.asset+json' } });
  expect(asset.ok()).toBe(true);
  assetJson = await asset.json();
  // The Keywords taxonomy (field 25) gets the items the model picks, usable (Set) by everyone.
  const taxonomyHref = FIELD_EDITOR_SCOPES.taxonomy.field.taxonomyHref!;
  for (const name of TAXONOMY_VALUES) {
    const created = await page.request.post(taxonomyHref, {
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(await csrfHeader(page)) },
      data: { name, value: name, description: '', customSearch: '', acl: ['Navigate', 'Query', 'Set'] },
    });
    // 409: an earlier worker of this run created it already.
    expect(created.ok() || created.status() === 409, `creating taxonomy item ${name}: ${created.status()}`).toBe(true);
  }
  return assetHref!;
}

/** Holds the asset's PATCH requests until the model says how they end. */
class SaveNetwork {
  readonly held: Route[] = [];

  async install(page: Page, href: string): Promise<void> {
    await page.route(
      (url) => url.pathname === href,
      async (route) => {
        if (route.request().method() !== 'PATCH') return route.continue();
        this.held.push(route);
      },
    );
  }

  /** The one PATCH the app sent, once it arrives. */
  async next(): Promise<Route> {
    await expect.poll(() => this.held.length, { message: 'the app sends the PATCH' }).toBe(1);
    return this.held.shift()!;
  }
}

interface FieldScreen {
  readonly root: Locator;
  readonly input: Locator;
  readonly popover: Locator;
  readonly network: SaveNetwork;
}

const contextOf = (state: AnyMachineSnapshot) => state.context as FieldEditorContext;
const topState = (state: AnyMachineSnapshot) => (typeof state.value === 'string' ? state.value : Object.keys(state.value)[0]!);

/** The wire value of a model value (the scopes use texts and bags only). */
const wire = (value: FieldEditorContext['draft']) => (Array.isArray(value) ? [...value] : (value ?? ''));

function adapterFor(scope: FieldEditorScope): ScreenAdapter<FieldScreen> {
  const input = FIELD_EDITOR_SCOPES[scope];
  const { field } = input;
  return {
    async setup(page, { credentials }) {
      await ensureSignedIn(page, credentials);
      const href = await prepareStack(page);
      const network = new SaveNetwork();
      await network.install(page, href);
      await page.goto(`${href}#field-editor-test=${encodeURIComponent(JSON.stringify([input]))}`);
      await expect(page.getByTestId('field-editor-test')).toBeVisible();
      const root = page.getByTestId('field-editor-test').locator(`[data-testid="field-editor"][data-field-id="${field.id}"]`);
      return { root, input: root.getByTestId('field-input'), popover: page.getByTestId('taxonomy-popover'), network };
    },

    async perform(event: EventObject, page, screen, step) {
      const { root, input, popover, network } = screen;
      const payload = event as unknown as { text?: string; value?: string | null; index?: number };
      switch (event.type) {
        case 'EDIT':
          return root.getByTestId('field-edit').click();
        case 'INPUT':
          return input.fill(payload.text ?? '');
        case 'SET_VALUE':
          // A text field has no picker: typing the value gives the draft SET_VALUE gives (the model's text scope).
          return input.fill(String(payload.value ?? ''));
        case 'ENTER':
          return input.press('Enter');
        case 'PASTE':
          return input.evaluate((element, text) => {
            const data = new DataTransfer();
            data.setData('text/plain', text);
            element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
          }, payload.text ?? '');
        case 'REMOVE_ITEM':
          return root
            .getByTestId('bag-item-remove')
            .nth(payload.index ?? 0)
            .click();
        case 'FOCUS':
          return input.focus();
        case 'OPEN_TREE':
          return root.getByTestId('field-open-taxonomy').click();
        case 'PICK':
          if (payload.value === null) return popover.getByTestId('taxonomy-empty-value').click();
          return popover
            .getByTestId('taxonomy-item')
            .filter({ has: page.getByTestId('taxonomy-item-label').getByText(payload.value!, { exact: true }) })
            .getByTestId('taxonomy-item-label')
            .click();
        case 'TREE_CLOSED':
          return popover.getByTestId('taxonomy-close').click();
        case 'BLUR':
          // Focus leaves the field for the modal itself.
          return page.getByTestId('field-editor-test-title').click();
        case 'SAVE':
          return root.getByTestId('field-save').click();
        case 'CANCEL':
          return root.getByTestId('field-cancel').click();
        case 'FORM_SAVE':
          return page.getByTestId('form-save').click();
        case 'FORM_CANCEL':
          return page.getByTestId('form-cancel').click();
        case 'xstate.done.actor.saveField':
        case 'xstate.error.actor.saveField': {
          const route = await network.next();
          // The PATCH carries exactly the value the model saves (assetupdate, fotoweb-api-notes §4).
          expect(route.request().postDataJSON()).toEqual({ metadata: { [field.id]: { value: wire(contextOf(step.from).draft) } } });
          expect(route.request().headers()['content-type']).toContain('application/vnd.fotoware.assetupdate+json');
          return event.type === 'xstate.done.actor.saveField'
            ? route.fulfill({ status: 200, contentType: 'application/vnd.fotoware.asset+json', json: assetJson })
            : route.fulfill({ status: Number(MODEL_SAVE_FAILURE.name), json: { value: 'Conflict', message: MODEL_SAVE_FAILURE.message } });
        }
        default:
          throw new Error(`No browser action for ${event.type}`);
      }
    },

    async assertState(state, page, screen) {
      const { root, input, popover } = screen;
      const context = contextOf(state);
      const top = topState(state);
      await expect(root).toHaveAttribute('data-state', top);
      const treeOpen = state.matches({ editing: 'treeOpen' });
      if (treeOpen) {
        await expect(root).toHaveAttribute('data-tree-open', 'true');
        await expect(popover).toBeVisible();
      } else {
        await expect(root).not.toHaveAttribute('data-tree-open', 'true');
        await expect(popover).toHaveCount(0);
      }
      const items = root.getByTestId('bag-item');
      if (top === 'view' || top === 'readOnly') {
        await expect(input).toHaveCount(0);
        if (field.multiInstance) await expect(items).toHaveText([...(context.saved as string[])]);
        else await expect(root.getByTestId('field-value')).toHaveText(String(context.saved ?? '') || 'Empty');
      } else {
        if (field.multiInstance) {
          await expect(items).toHaveText([...(context.draft as string[])]);
          if (!field.taxonomyOnly) await expect(input).toHaveValue(context.input);
        } else {
          await expect(input).toHaveValue(String(context.draft ?? ''));
        }
        if (top === 'saving') await expect(input).toBeDisabled();
      }
      // spec 02 §8: the help text shows, and empty required fields are marked.
      if (context.error) await expect(root.getByTestId('field-error')).toHaveText(context.error.message);
      else await expect(root.getByTestId('field-error')).toHaveCount(0);
      if (context.error?.requiredMissing) await expect(root).toHaveAttribute('data-required-missing', 'true');
      else await expect(root).not.toHaveAttribute('data-required-missing', 'true');
      if (context.saveError) await expect(root.getByTestId('field-save-error')).toContainText(context.saveError.message);
      else await expect(root.getByTestId('field-save-error')).toHaveCount(0);
    },

    async teardown(page) {
      await keepSession(page);
    },
  };
}

const SCOPES = Object.keys(FIELD_EDITOR_SCOPES) as FieldEditorScope[];
const plans: ModelPathPlan[] = [];

/** Every scope's shortest paths; the e-mail bag's simple paths too (a bag item made on blur is never shortest). */
const SUITES: readonly { scope: FieldEditorScope; variant: PathVariant }[] = [
  ...SCOPES.map((scope) => ({ scope, variant: 'shortest' as const })),
  { scope: 'emailBag', variant: 'simple' },
];

for (const { scope, variant } of SUITES) {
  const model: MachineModel = {
    ...fieldEditorModel,
    name: `fieldEditor ${scope}`,
    testModel: (v) => fieldEditorScopeModel(scope, v),
  };
  const options = {
    model,
    variant,
    adapter: adapterFor(scope),
    select: 'cover' as const,
    maxPaths: 8,
    // One kind of field cannot reach every state; the scopes together must (the test below).
    requireFullCoverage: false,
  };
  registerModelTests(options);
  plans.push(planModelPaths(options));
}

test('fieldEditor: the scopes together cover every state and transition', () => {
  const missingEverywhere = (pick: (plan: ModelPathPlan) => readonly string[]) => plans.map(pick).reduce((common, missing) => common.filter((item) => missing.includes(item)));
  expect(missingEverywhere((plan) => plan.coverage.states.missing)).toEqual([]);
  expect(missingEverywhere((plan) => plan.coverage.transitions.missing)).toEqual([]);
});
