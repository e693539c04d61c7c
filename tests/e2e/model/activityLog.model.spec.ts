/**
 * The activity log's generated paths (packages/machines activityLog.model.ts) run against the real Activity exports page
 * (`apps/web/src/activity/ActivityExportsView.tsx`) in Chromium. Every read of the log (`GET /fotoweb/api/activity…`)
 * is held until the path says how it ends, and answered with the model's pages or failures; the CSV download is not
 * touched (the journey activity-exports.spec.ts downloads it for real).
 *
 * FILTER fills the form with the model's filters and presses Apply, SHOW_MORE presses "Show older activity", REFRESH
 * and RETRY their buttons. Every state is checked on screen: the state, the rows, the empty state, the messages, the
 * download's address, and that the page asked for what the machine holds.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { ActivityLogContext, ActivityPage } from '@magpie/machines/activityLog/activityLog.machine.ts';
import { activityLogModel } from '@magpie/machines/activityLog/activityLog.model.ts';
import { expect } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ACT = { timeout: 15_000 };
const ACTIVITY = '/fotoweb/api/activity';

interface LogScreen {
  readonly held: Route[];
}

const view = (page: Page) => page.getByTestId('activity-view');
const contextOf = (state: AnyMachineSnapshot) => state.context as ActivityLogContext;

/** The address the page should ask for the first page of `context.filters`. */
function firstPageUrl(context: ActivityLogContext): string {
  const query = new URLSearchParams();
  for (const key of ['from', 'to', 'action', 'target'] as const) if (context.filters[key] !== '') query.set(key, context.filters[key]);
  return query.toString() === '' ? ACTIVITY : `${ACTIVITY}?${query.toString()}`;
}

async function take(held: Route[]): Promise<Route> {
  await expect.poll(() => held.length, { message: 'the page asks for the activity log' }).toBe(1);
  return held.shift()!;
}

const answer = (page: ActivityPage) => ({
  data: page.entries,
  paging: { next: page.next },
  export: { csv: page.exportHref, jsonl: page.exportHref.replace(/format=csv$/, 'format=jsonl') },
  retentionDays: 365,
});

const adapter: ScreenAdapter<LogScreen> = {
  async setup(page, { credentials }) {
    await ensureSignedIn(page, credentials);
    const screen: LogScreen = { held: [] };
    await page.route(
      (url) => url.pathname === ACTIVITY,
      (route) => {
        screen.held.push(route);
      },
    );
    await page.goto('/fotoweb/views/activity-exports');
    await expect(view(page)).toHaveAttribute('data-state', 'loading');
    return screen;
  },

  async perform(event: EventObject, page, screen) {
    const payload = event as EventObject & { output?: ActivityPage; error?: { status: number; responseJSON: unknown }; filters?: ActivityLogContext['filters'] };
    if (/^xstate\.done\.actor\.load(First|More)$/.test(event.type)) return (await take(screen.held)).fulfill({ status: 200, json: answer(payload.output!) });
    if (/^xstate\.error\.actor\.load(First|More)$/.test(event.type)) return (await take(screen.held)).fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
    if (event.type === 'SHOW_MORE') return view(page).getByTestId('activity-older').click(ACT);
    if (event.type === 'REFRESH') return view(page).getByTestId('activity-refresh').click(ACT);
    if (event.type === 'RETRY') return view(page).getByTestId('activity-retry').click(ACT);
    if (event.type === 'FILTER') {
      // A page still on its way is dropped by the page (its request aborted): forget it.
      for (const route of screen.held.splice(0)) await route.abort().catch(() => undefined);
      const filters = payload.filters!;
      await view(page).getByTestId('activity-from').fill(filters.from);
      await view(page).getByTestId('activity-to').fill(filters.to);
      await view(page).getByTestId('activity-action').selectOption(filters.action);
      await view(page).getByTestId('activity-target').fill(filters.target);
      return view(page).getByTestId('activity-apply').click(ACT);
    }
    throw new Error(`unexpected event ${event.type}`);
  },

  async assertState(state, page, screen) {
    const value = String(state.value);
    const context = contextOf(state);
    await expect(view(page)).toHaveAttribute('data-state', value);
    const waiting = value === 'loading' || value === 'loadingMore';
    await expect.poll(() => screen.held.length).toBe(waiting ? 1 : 0);
    if (value === 'loading') {
      const asked = new URL(screen.held[0]!.request().url());
      expect(`${asked.pathname}${asked.search}`).toBe(firstPageUrl(context));
    }
    if (value === 'loadingMore') expect(new URL(screen.held[0]!.request().url()).search).toBe(new URL(context.next!, 'http://x').search);
    const rows = view(page).getByTestId('activity-row');
    if (value === 'loaded' || value === 'loadingMore') {
      await expect(rows).toHaveCount(context.entries.length);
      for (const [index, entry] of context.entries.entries()) await expect(rows.nth(index)).toHaveAttribute('data-activity-id', String(entry.id));
      if (context.entries.length === 0) await expect(view(page).getByTestId('empty-state')).toBeVisible();
      await expect(view(page).getByTestId('activity-download-csv')).toHaveAttribute('href', context.exportHref!);
      await expect(view(page).getByTestId('activity-older')).toHaveCount(context.next ? 1 : 0);
    } else await expect(rows).toHaveCount(0);
    const error = view(page).getByTestId('activity-error');
    if (value === 'failed') await expect(error).toContainText(context.error!);
    else await expect(error).toHaveCount(0);
    const moreError = view(page).getByTestId('activity-more-error');
    if (context.moreError) await expect(moreError).toContainText(context.moreError);
    else await expect(moreError).toHaveCount(0);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: activityLogModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 10, timeoutMs: 120_000 });
