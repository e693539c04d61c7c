/**
 * The screen adapter of a settings editor that loads one record and saves it whole (`loading` → `ready` (idle |
 * saved | failed) ↔ `saving`, `loadFailed` → RETRY): the Consent page's settings (`consentSettings`) and the Manage
 * site page's Footer section (`footerEditor`). Signed in as the administrator, the page is reached inside the app
 * (React Router hears popstate), so every request to the record's API the path sees is the editor's: each read and
 * write is held and answered with the model's reply or a 500 with the model's failure (nothing is stored). Editing,
 * saving and retrying are the user's own clicks and keys; every state is checked on screen.
 */
import type { Locator, Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { expect, expectAccessible } from '../fixtures.ts';
import type { ScreenAdapter } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';

/** A user action that cannot happen fails within this, not the whole test's timeout. */
const ACT = { timeout: 15_000 };

/** The editor's held requests: reads (GET) and writes (PUT), oldest first. */
export interface HeldReadsAndWrites {
  readonly reads: Route[];
  readonly writes: Route[];
}

/** The context of a load/save machine as far as the adapter reads it. */
interface LoadSaveContext {
  readonly error?: string | undefined;
}

/** What differs between the editors {@link createLoadSaveAdapter} drives. */
export interface LoadSaveScreenOptions<TContext extends LoadSaveContext> {
  /** The record's API path (held), and the app's page with the editor. */
  readonly api: string;
  readonly path: string;
  /** The test id that shows once the page is there. */
  readonly pageTestId: string;
  /** The editor's test id (it names the machine's state in `data-state`), and the prefix of its parts' test ids. */
  readonly editorTestId: string;
  readonly prefix: string;
  /** What the editor asks for, in failure messages ("the editor asks to read the footer"). */
  readonly asker: string;
  readonly what: string;
  /** The model's failure message (answered with a 500). */
  readonly failureMessage: string;
  /** The answer to a read, and to a write (made when it is answered). */
  readonly loaded: unknown;
  saved(): unknown;
  /** The body every write must carry. */
  readonly savedBody: unknown;
  /** Makes the user's EDIT. */
  edit(editor: Locator): Promise<void>;
  /** Checks `loadFailed` beyond the state name. */
  expectLoadFailed(editor: Locator, context: TContext): Promise<void>;
  /** Checks the draft shown in a `ready` or `saving` state. */
  expectDraft(editor: Locator, context: TContext): Promise<void>;
  /** Whether the draft is what is stored (Save then disabled). */
  unchanged(context: TContext): boolean;
  /** The region the axe check covers in `ready.idle` and `ready.failed`, and its name in the report. */
  readonly accessible: { readonly selector: string; readonly name: string };
}

async function take(held: Route[], message: string): Promise<Route> {
  await expect.poll(() => held.length, { message }).toBe(1);
  return held.shift()!;
}

/** The machine's state as the editor names it in `data-state` (`loading`, `ready.idle`…). */
function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  const [parent, child] = Object.entries(value as Record<string, string>)[0]!;
  return `${parent}.${child}`;
}

/** The {@link ScreenAdapter} of one load/save editor (see the module comment). */
export function createLoadSaveAdapter<TContext extends LoadSaveContext>(options: LoadSaveScreenOptions<TContext>): ScreenAdapter<HeldReadsAndWrites> {
  const editor = (page: Page) => page.getByTestId(options.editorTestId);
  const failure = (route: Route) => route.fulfill({ status: 500, json: { value: 'ServerError', heading: 'Server error', message: options.failureMessage } });
  const read = (screen: HeldReadsAndWrites) => take(screen.reads, `${options.asker} asks to read ${options.what}`);
  const write = (screen: HeldReadsAndWrites) => take(screen.writes, `${options.asker} asks to save ${options.what}`);
  return {
    async setup(page, { credentials }) {
      await openSignedIn(page, credentials);
      const screen: HeldReadsAndWrites = { reads: [], writes: [] };
      await page.route(
        (url) => url.pathname === options.api,
        (route) => {
          (route.request().method() === 'PUT' ? screen.writes : screen.reads).push(route);
        },
      );
      // Inside the app (React Router hears popstate): the page does not load again, so only the editor reads.
      await page.evaluate((path) => {
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, options.path);
      await expect(page.getByTestId(options.pageTestId)).toBeVisible(ACT);
      return screen;
    },

    async perform(event: EventObject, page, screen) {
      switch (event.type) {
        case 'xstate.done.actor.load':
          return (await read(screen)).fulfill({ status: 200, json: options.loaded });
        case 'xstate.error.actor.load':
          return failure(await read(screen));
        case 'RETRY':
          return editor(page).getByRole('button', { name: 'Try again' }).click(ACT);
        case 'EDIT':
          return options.edit(editor(page));
        case 'SAVE':
          return editor(page).getByTestId(`${options.prefix}-save`).click(ACT);
        case 'xstate.done.actor.save': {
          const route = await write(screen);
          expect(route.request().postDataJSON()).toEqual(options.savedBody);
          return route.fulfill({ status: 200, json: options.saved() });
        }
        case 'xstate.error.actor.save':
          return failure(await write(screen));
        default:
          throw new Error(`unexpected event ${event.type}`);
      }
    },

    async assertState(state: AnyMachineSnapshot, page) {
      const name = stateName(state.value);
      const context = state.context as TContext;
      const shown = editor(page);
      await expect(shown).toHaveAttribute('data-state', name);
      if (name === 'loading') {
        await expect(shown.getByRole('status')).toBeVisible();
        return;
      }
      if (name === 'loadFailed') {
        await options.expectLoadFailed(shown, context);
        return;
      }
      await options.expectDraft(shown, context);
      const save = shown.getByTestId(`${options.prefix}-save`);
      if (name === 'saving' || options.unchanged(context)) await expect(save).toBeDisabled();
      else await expect(save).toBeEnabled();
      await expect(shown.getByTestId(`${options.prefix}-saved`)).toHaveCount(name === 'ready.saved' ? 1 : 0);
      if (name === 'ready.failed') await expect(shown.getByTestId(`${options.prefix}-error`)).toContainText(context.error!);
      else await expect(shown.getByTestId(`${options.prefix}-error`)).toHaveCount(0);
      if (name === 'ready.idle' || name === 'ready.failed') await expectAccessible(page, options.accessible.selector, options.accessible.name);
    },

    async teardown(page) {
      await keepSession(page);
    },
  };
}
