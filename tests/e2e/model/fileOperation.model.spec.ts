/**
 * The file operations' generated paths (packages/machines fileOperation.model.ts) run against the real selection bar
 * and dialog (`apps/web/src/files/FileOperations.tsx`) in Chromium: two photos named as the model names them
 * (`harbour.jpg`, `market.jpg`) in a folder made for this worker. The destination lists, the task's creation and its
 * polls are held until the path says how each ends, and answered with the model's lists, progress, results or
 * refusals, so nothing in the DAM changes.
 *
 * START selects the assets and presses the operation's button (Rename…, Move to…, Copy to…, Rotate right, Delete…);
 * CHANGE_NAME types the name, CHOOSE picks a destination, OPEN opens one, UP goes back, SUBMIT and CONFIRM press the
 * dialog's main button, RETRY Try again, CANCEL Cancel, CLOSE Close. Every state is checked on screen: the dialog's
 * state and operation, the name and its problem, the destinations and the one chosen, the progress, the error, and
 * once done the outcome notice.
 */
import { randomBytes } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { FileDestination, FileOperationContext, FileTaskResult } from '@magpie/machines/fileOperation/fileOperation.machine.ts';
import { fileOperationModel } from '@magpie/machines/fileOperation/fileOperation.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { uniquePhoto } from '../metadataAssets.ts';
import { uploadInto } from '../pinsScreen.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ACT = { timeout: 15_000 };
const TASKS = '/fotoweb/me/background-tasks/';

interface FileScreen {
  /** The requests held, by what they are. */
  readonly held: { lists: Route[]; creates: Route[]; polls: Route[] };
  /** The real hrefs of harbour.jpg and market.jpg, by file name. */
  readonly hrefs: Record<string, string>;
  /** Tasks created so far (their locations are numbered). */
  tasks: number;
  /** Whether the running task's creation was answered (then the next answer is a poll's). */
  created: boolean;
}

/** The folder with the two photos the paths of this worker run in (made once). */
let folder: string | undefined;
let photos: Record<string, string> = {};

const dialog = (page: Page) => page.getByTestId('file-operation-dialog');
const contextOf = (state: AnyMachineSnapshot) => state.context as FileOperationContext;
const BUTTONS = {
  rename: 'file-rename-open',
  move: 'file-move-open',
  copy: 'file-copy-open',
  rotate: 'file-rotate-cw',
  delete: 'file-delete-open',
  download: 'file-download-open',
  duplicate: 'file-duplicate-open',
} as const;
const DOWNLOADS = '/fotoweb/me/downloads/';
const fileName = (href: string) =>
  decodeURIComponent(
    href
      .split('/')
      .at(-1)!
      .replace(/\.info$/, ''),
  );

async function take(routes: Route[], what: string): Promise<Route> {
  await expect.poll(() => routes.length, { message: `the app sends ${what}` }).toBeGreaterThan(0);
  return routes.shift()!;
}

/** Answers the held creation of the task (201 with its location) once per run. */
async function answerCreate(screen: FileScreen): Promise<string> {
  const location = `${TASKS}model-${screen.tasks}`;
  if (!screen.created) {
    const create = await take(screen.held.creates, 'the task');
    // The task names the selected photos, by their real hrefs.
    const body = create.request().postDataJSON() as { assets: Array<{ href: string }> };
    for (const { href } of body.assets) expect(Object.values(screen.hrefs)).toContain(href);
    screen.tasks++;
    const at = `${TASKS}model-${screen.tasks}`;
    screen.created = true;
    await create.fulfill({ status: 201, headers: { Location: at }, json: { location: at, status: 'pending', maxInterval: 5000 } });
    return at;
  }
  return location;
}

/** A `task-status` answer. */
function taskStatus(location: string, status: string, done: number, total: number, results: readonly FileTaskResult[]) {
  const now = new Date().toISOString();
  return {
    task: { id: location.split('/').at(-1), type: 'model', status, created: now, modified: now, user: 15001, href: location },
    job: {
      status,
      updates: { frequency: 100 },
      progress: { done, total },
      result: results.map((r) => ({
        href: r.href,
        done: r.done,
        'changed-fields': [],
        'changed-builtinFields': [],
        ...(r.resultHref ? { 'result-href': r.resultHref } : {}),
        error: r.done ? null : { value: 'NameTaken', message: r.message ?? 'not done' },
      })),
    },
  };
}

const adapter: ScreenAdapter<FileScreen> = {
  async setup(page, { credentials }) {
    await ensureSignedIn(page, credentials);
    if (!folder) {
      const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string }> };
      const tag = randomBytes(3).toString('hex');
      const name = `file-model-${tag}`;
      photos = {};
      for (const file of ['harbour.jpg', 'market.jpg']) photos[file] = await uploadInto(page, targets.data[0]!.href, name, { ...uniquePhoto(`${file}-${tag}`), name: file });
      folder = `${targets.data[0]!.href}${name}/`;
    }
    const screen: FileScreen = { held: { lists: [], creates: [], polls: [] }, hrefs: photos, tasks: 0, created: false };
    await page.route(
      (url) =>
        /^\/fotoweb\/me\/(move|copy)-to\/$/.test(url.pathname) ||
        url.pathname.startsWith('/fotoweb/archives/590') ||
        url.pathname.startsWith(TASKS) ||
        url.pathname.startsWith(DOWNLOADS),
      (route) => {
        const { pathname } = new URL(route.request().url());
        const method = route.request().method();
        // The model's ZIP: the browser downloads these bytes.
        if (method === 'GET' && pathname.startsWith(DOWNLOADS))
          void route.fulfill({ status: 200, headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="model.zip"' }, body: 'PK\u0005\u0006' });
        else if (method === 'POST' && (pathname === TASKS || pathname === DOWNLOADS)) screen.held.creates.push(route);
        else if (method === 'GET' && pathname.startsWith(TASKS)) screen.held.polls.push(route);
        else if (method === 'GET') screen.held.lists.push(route);
        else void route.continue();
      },
    );
    await page.goto(folder);
    await expect(page.getByTestId('asset-thumbnail')).toHaveCount(2);
    return screen;
  },

  async perform(event: EventObject, page, screen) {
    const payload = event as EventObject & { kind?: keyof typeof BUTTONS; assets?: string[]; name?: string; href?: string; output?: unknown; error?: unknown };
    switch (event.type) {
      case 'START': {
        await page.keyboard.press('Escape');
        const names = payload.assets!.map(fileName);
        for (const name of names) await page.locator(`[data-testid="asset-thumbnail"][data-href="${screen.hrefs[name]}"]`).click({ modifiers: ['ControlOrMeta'], ...ACT });
        await expect(page.getByTestId('selection-count')).toHaveAttribute('data-count', String(names.length));
        screen.created = false;
        return page.getByTestId(BUTTONS[payload.kind!]).click(ACT);
      }
      case 'CHANGE_NAME':
        return dialog(page).getByTestId('file-rename-name').fill(payload.name!);
      case 'CHOOSE':
        return dialog(page).locator(`[data-testid="file-operation-choice"][data-href="${payload.href}"]`).getByRole('radio').check(ACT);
      case 'OPEN':
        return dialog(page).locator(`[data-testid="file-operation-choice"][data-href="${payload.href}"]`).getByTestId('file-operation-open').click(ACT);
      case 'UP':
        return dialog(page).getByTestId('file-operation-up').click(ACT);
      case 'SUBMIT':
      case 'CONFIRM':
        return dialog(page).getByTestId('file-operation-submit').click(ACT);
      case 'RETRY':
        screen.created = false;
        return dialog(page).getByTestId('file-operation-retry').click(ACT);
      case 'CANCEL':
        return dialog(page).getByTestId('file-operation-cancel').click(ACT);
      case 'CLOSE':
        return dialog(page).getByTestId('file-operation-close').click(ACT);
      case 'xstate.done.actor.loadDestinations': {
        const list = await take(screen.held.lists, 'the destinations');
        const choices = payload.output as FileDestination[];
        const isList = /\/(move|copy)-to\/$/.test(new URL(list.request().url()).pathname);
        return list.fulfill({ json: isList ? { data: choices, paging: null } : { href: new URL(list.request().url()).pathname, name: 'Photos', children: { data: choices } } });
      }
      case 'xstate.error.actor.loadDestinations':
        return (await take(screen.held.lists, 'the destinations')).fulfill({ status: 500, json: { value: 'InternalError', message: 'boom' } });
      case 'PROGRESS': {
        const location = await answerCreate(screen);
        const poll = await take(screen.held.polls, 'a poll');
        const { done, total } = payload as unknown as { done: number; total: number };
        return poll.fulfill({ json: taskStatus(location, 'inProgress', done, total, []) });
      }
      case 'TASK_DONE': {
        const { download } = payload as unknown as { download?: { href: string; name: string; size: number } };
        if (download) {
          const create = await take(screen.held.creates, 'the download');
          expect(new URL(create.request().url()).pathname).toBe(DOWNLOADS);
          return create.fulfill({ status: 201, headers: { Location: download.href }, json: { ...download, assetCount: 2 } });
        }
        const location = await answerCreate(screen);
        const results = (payload as unknown as { results: FileTaskResult[] }).results.map((r) => ({ ...r, href: screen.hrefs[fileName(r.href)]! }));
        const poll = await take(screen.held.polls, 'a poll');
        return poll.fulfill({ json: taskStatus(location, 'done', results.length, results.length, results) });
      }
      case 'TASK_FAILED': {
        const create = await take(screen.held.creates, 'the task');
        const error = payload.error as { status?: number; responseJSON?: unknown };
        if (error.status) return create.fulfill({ status: error.status, json: error.responseJSON });
        return create.abort('failed');
      }
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, screen) {
    const value = String(state.value);
    const context = contextOf(state);
    if (value === 'idle' || value === 'cancelled') {
      await expect(dialog(page)).toHaveCount(0);
      await expect(page.getByTestId('file-operation-outcome')).toHaveCount(0);
      return;
    }
    if (value === 'done') {
      await expect(dialog(page)).toHaveCount(0);
      const notice = page.getByTestId('file-operation-outcome');
      const done = context.results.filter((r) => r.done).length;
      const assets = done === 1 ? '1 asset' : `${done} assets`;
      const text = {
        rename: `Renamed to ${context.name.trim()}`,
        move: `${assets} moved to`,
        copy: `${assets} copied to`,
        rotate: `${assets} rotated.`,
        delete: `${assets} moved to the trash.`,
        download: `${assets} downloading as ${context.download?.name}`,
        duplicate: `${assets} duplicated.`,
      }[context.kind];
      await expect(notice).toContainText(text);
      for (const failed of context.results.filter((r) => !r.done))
        await expect(notice.getByTestId('file-operation-failure')).toContainText(`${fileName(failed.href)}: ${failed.message}`);
      return;
    }
    await expect(dialog(page)).toHaveAttribute('data-state', value);
    await expect(dialog(page)).toHaveAttribute('data-kind', context.kind);
    if (value === 'editing') {
      await expect(dialog(page).getByTestId('file-rename-name')).toHaveValue(context.name);
      if (context.problem) await expect(dialog(page).getByTestId('file-operation-problem')).toHaveText(context.problem);
      else await expect(dialog(page).getByTestId('file-operation-problem')).toHaveCount(0);
    }
    if (value === 'loadFailed') await expect(dialog(page).getByTestId('file-operation-load-error')).toHaveText(context.error!);
    if (value === 'choosing') {
      const choices = dialog(page).getByTestId('file-operation-choice');
      await expect(choices).toHaveCount(context.choices.length);
      for (const choice of context.choices) {
        await expect(dialog(page).locator(`[data-testid="file-operation-choice"][data-href="${choice.href}"]`).getByRole('radio')).toBeChecked({
          checked: context.destination?.href === choice.href,
        });
      }
      await expect(dialog(page).getByTestId('file-operation-destination')).toContainText(context.destination ? `Into ${context.destination.name}` : 'Choose where');
      await expect(dialog(page).getByTestId('file-operation-up')).toHaveCount(context.trail.length > 0 ? 1 : 0);
      if (context.problem) await expect(dialog(page).getByTestId('file-operation-problem')).toHaveText(context.problem);
      if (!context.problem) await expectAccessible(page, '[data-testid="file-operation-dialog"]', 'file operation dialog');
    }
    if (value === 'running') {
      const progress = dialog(page).getByTestId('file-operation-progress');
      await expect(progress).toHaveAttribute('data-done', String(context.progress?.done ?? 0));
      await expect(progress).toHaveAttribute('data-total', String(context.progress?.total ?? 0));
    }
    if (value === 'failed') await expect(dialog(page).getByTestId('file-operation-error')).toHaveText(context.error!);
    void screen;
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: fileOperationModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 12, timeoutMs: 120_000 });
