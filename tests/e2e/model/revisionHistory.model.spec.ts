/**
 * The history panel's generated paths (packages/machines revisionHistory.model.ts, one suite per kind of user) run
 * against the real asset view in Chromium on the real stack. The asset has three real revisions (uploaded, then two
 * title edits), as the model's list does. Each request of the panel is held with `page.route` until the model says
 * how it ends: the list and the comparison go on to the DAM, a failure is answered 500; a confirmed rollback or
 * delete is answered 200 / 204 without reaching the DAM, so every path starts from the same three revisions. The
 * kinds of user are the asset's permissions as the DAM sends them, without HistoryRollback and HistoryManage
 * (viewer) or HistoryView (none).
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  MODEL_REVISIONS,
  REVISION_HISTORY_SCOPES,
  revisionHistoryModel,
  revisionHistoryScopeModel,
  type RevisionHistoryScope,
} from '@magpie/machines/revisionHistory/revisionHistory.model.ts';
import { REVISION_HISTORY_MESSAGES, type RevisionHistoryContext } from '@magpie/machines/revisionHistory/revisionHistory.machine.ts';
import type { MachineModel } from '@magpie/machines/testing/machineModel.ts';
import { expect, test } from '../fixtures.ts';
import { csrfHeader, openFirstArchive, uniquePhoto, uploadToCollection } from '../metadataAssets.ts';
import { planModelPaths, registerModelTests, type ModelPathPlan, type ScreenAdapter } from './harness.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ASSET_TYPE = 'application/vnd.fotoware.asset+json';

/** The confirmation's title per change (apps/web HistoryPanel `CONFIRMATIONS`). */
const CONFIRMATION_TITLES = { rollback: 'Restore this version?', undo: 'Undo this change?', delete: 'Delete this revision?' } as const;

/** The asset with three revisions, made once per worker. */
let prepared: { href: string; revisionsHref: string } | undefined;

async function prepareAsset(page: Page): Promise<{ href: string; revisionsHref: string }> {
  if (prepared) return prepared;
  // The upload goes through the app's upload popover, from the first archive (the page is blank after ensureSignedIn).
  await page.goto('/fotoweb/archives/');
  await openFirstArchive(page);
  const [href] = await uploadToCollection(page, [uniquePhoto(`history-model-${Date.now().toString(36)}`)]);
  for (const title of ['Pier', 'Harbour']) {
    const response = await page.request.patch(href!, {
      headers: { 'Content-Type': 'application/vnd.fotoware.assetupdate+json', Accept: ASSET_TYPE, ...(await csrfHeader(page)) },
      data: { metadata: { '5': { value: title } } },
    });
    expect(response.ok(), `PATCH title: ${response.status()}`).toBe(true);
  }
  // Wait for the write-back job, so the asset does not change under a path (the view would reload the history).
  const read = async () =>
    (await (await page.request.get(href!, { headers: { Accept: ASSET_TYPE } })).json()) as { revisions: { href: string }; metadataWriteback?: { status: string } };
  await expect.poll(async () => (await read()).metadataWriteback?.status, { timeout: 60_000 }).not.toBe('pending');
  const asset = await read();
  const list = (await (await page.request.get(asset.revisions.href, { headers: { Accept: 'application/json' } })).json()) as { data: unknown[] };
  expect(list.data, 'the asset has as many revisions as the model').toHaveLength(MODEL_REVISIONS.length);
  prepared = { href: href!, revisionsHref: asset.revisions.href };
  return prepared;
}

/** The panel's requests, held until the model says how they end. */
class HistoryNetwork {
  readonly held = { loadRevisions: [] as Route[], compareRevisions: [] as Route[], applyRevisionChange: [] as Route[] };

  async install(page: Page, revisionsHref: string): Promise<void> {
    await page.route(
      (url) => url.pathname.startsWith(revisionsHref),
      async (route) => {
        const request = route.request();
        const path = new URL(request.url()).pathname;
        if (request.method() === 'GET' && path === revisionsHref) this.held.loadRevisions.push(route);
        else if (request.method() === 'POST' && path === `${revisionsHref}compare`) this.held.compareRevisions.push(route);
        else if (request.method() === 'DELETE' || (request.method() === 'POST' && /\/rollback(-to)?$/.test(path))) this.held.applyRevisionChange.push(route);
        else await route.continue();
      },
    );
  }

  async next(actor: keyof HistoryNetwork['held']): Promise<Route> {
    await expect.poll(() => this.held[actor].length, { message: `the app sends the ${actor} request` }).toBe(1);
    return this.held[actor].shift()!;
  }
}

interface HistoryScreen {
  readonly network: HistoryNetwork;
}

const contextOf = (state: AnyMachineSnapshot) => state.context as RevisionHistoryContext;

/** The row of a model revision: the model's list and the real one are both newest first. */
function rowOf(page: Page, revision: { href: string }) {
  const index = MODEL_REVISIONS.findIndex((candidate) => candidate.href === revision.href);
  return page.getByTestId('history-panel').getByTestId('revision').nth(index);
}

function adapterFor(scope: RevisionHistoryScope): ScreenAdapter<HistoryScreen> {
  const { permissions } = REVISION_HISTORY_SCOPES[scope];
  const dropped = [...(permissions.view ? [] : ['HistoryView']), ...(permissions.rollback ? [] : ['HistoryRollback']), ...(permissions.manage ? [] : ['HistoryManage'])];
  return {
    async setup(page, { credentials }) {
      await ensureSignedIn(page, credentials);
      const { href, revisionsHref } = await prepareAsset(page);
      // The kind of user: the asset as the DAM sends it, without the permissions this scope lacks.
      await page.route(
        (url) => url.pathname === href,
        async (route) => {
          // Only the API read of the asset (the page navigation to the same address answers the app's HTML).
          if (route.request().method() !== 'GET' || route.request().resourceType() === 'document' || dropped.length === 0) return route.continue();
          const response = await route.fetch();
          const asset = (await response.json()) as { permissions: string[] };
          await route.fulfill({ response, json: { ...asset, permissions: asset.permissions.filter((p) => !dropped.includes(p)) } });
        },
      );
      const network = new HistoryNetwork();
      await network.install(page, revisionsHref);
      await page.goto(href);
      await expect(page.getByTestId('asset-view')).toBeVisible();
      return { network };
    },

    async perform(event: EventObject, page, { network }) {
      const panel = page.getByTestId('history-panel');
      const payload = event as unknown as { revision?: { href: string }; left?: { href: string }; right?: { href: string } };
      const outcome = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
      if (outcome) {
        const route = await network.next(outcome[2] as keyof HistoryNetwork['held']);
        if (outcome[1] === 'error') return route.fulfill({ status: 500, json: { value: 'InternalError', message: 'Internal Server Error' } });
        // A change is answered here, so the asset keeps its three revisions for the next path.
        if (outcome[2] === 'applyRevisionChange') {
          return route.request().method() === 'DELETE' ? route.fulfill({ status: 204 }) : route.fulfill({ status: 200, contentType: ASSET_TYPE, json: {} });
        }
        return route.continue();
      }
      switch (event.type) {
        case 'RETRY':
          return panel.getByTestId('history-error').getByRole('button', { name: 'Try again' }).click();
        case 'RELOAD':
          return panel.getByTestId('history-refresh').click();
        case 'COMPARE':
          // The panel compares a revision with the current (newest) one, as the model's COMPARE does.
          expect(payload.right?.href).toBe(MODEL_REVISIONS[0]?.href);
          return rowOf(page, payload.left!).getByRole('button', { name: 'Compare with current' }).click();
        case 'CLOSE_COMPARISON':
          return panel.getByTestId('revision-comparison-close').click();
        case 'ROLLBACK':
          return rowOf(page, payload.revision!).getByRole('button', { name: 'Restore this version' }).click();
        case 'UNDO':
          return rowOf(page, payload.revision!).getByRole('button', { name: 'Undo this change' }).click();
        case 'DELETE':
          return rowOf(page, payload.revision!).getByRole('button', { name: 'Delete' }).click();
        case 'CONFIRM':
          return page.getByTestId('history-confirm-ok').click();
        case 'CANCEL':
          return page.getByTestId('history-confirm-cancel').click();
        default:
          throw new Error(`No browser action for ${event.type}`);
      }
    },

    async assertState(state, page) {
      const panel = page.getByTestId('history-panel');
      const context = contextOf(state);
      if (state.matches('unavailable')) {
        await expect(page.getByTestId('asset-metadata')).toBeVisible();
        await expect(panel).toHaveCount(0);
        return;
      }
      await expect(panel).toHaveAttribute('data-state', String(state.value));
      await expect(panel.getByTestId('revision')).toHaveCount(context.revisions.length);
      // Restore and delete are offered exactly with HistoryRollback / HistoryManage (spec 03 §3.11).
      if (context.revisions.length > 0) {
        // CSS locators: while the confirmation is open the page behind it is aria-hidden.
        await expect(panel.locator('button', { hasText: 'Restore this version' })).toHaveCount(permissions.rollback ? context.revisions.length - 1 : 0);
        await expect(panel.locator('button', { hasText: /^Delete$/ })).toHaveCount(permissions.manage ? context.revisions.length - 1 : 0);
        // Every revision but the upload (#1) can be undone.
        const undoable = (context.revisions as readonly { number?: number }[]).filter((revision) => (revision.number ?? 0) > 1).length;
        await expect(panel.locator('button', { hasText: 'Undo this change' })).toHaveCount(permissions.rollback ? undoable : 0);
      }
      if (state.matches('failed')) await expect(panel.getByTestId('history-error')).toContainText(REVISION_HISTORY_MESSAGES.loadFailed);
      else if (context.error) await expect(panel.getByTestId('history-error-message')).toHaveText(context.error.message);
      else await expect(panel.getByTestId('history-error-message')).toHaveCount(0);
      const comparison = panel.getByTestId('revision-comparison');
      if (!context.comparison) await expect(comparison).toHaveCount(0);
      else if (context.comparison.result === undefined) await expect(comparison).toContainText('Comparing…');
      // The real comparison of the two title edits: Pier became Harbour.
      else await expect(comparison.getByTestId('revision-difference')).toContainText('Pier → Harbour');
      const dialog = page.getByTestId('history-confirm');
      if (state.matches('confirming') || state.matches('applying')) {
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(CONFIRMATION_TITLES[context.pending!.kind]);
        if (state.matches('applying')) await expect(page.getByTestId('history-confirm-cancel')).toBeDisabled();
      } else {
        await expect(dialog).toHaveCount(0);
      }
    },

    async teardown(page) {
      await keepSession(page);
    },
  };
}

const plans: ModelPathPlan[] = [];
for (const scope of Object.keys(REVISION_HISTORY_SCOPES) as RevisionHistoryScope[]) {
  const model: MachineModel = { ...revisionHistoryModel, name: `revisionHistory ${scope}`, testModel: (v) => revisionHistoryScopeModel(scope, v) };
  const options = { model, variant: 'shortest' as const, adapter: adapterFor(scope), select: 'cover' as const, maxPaths: 10, requireFullCoverage: false };
  registerModelTests(options);
  plans.push(planModelPaths(options));
}

test('revisionHistory: the kinds of user together cover every state and transition', () => {
  const missingEverywhere = (pick: (plan: ModelPathPlan) => readonly string[]) => plans.map(pick).reduce((common, missing) => common.filter((item) => missing.includes(item)));
  expect(missingEverywhere((plan) => plan.coverage.states.missing)).toEqual([]);
  expect(missingEverywhere((plan) => plan.coverage.transitions.missing)).toEqual([]);
});
