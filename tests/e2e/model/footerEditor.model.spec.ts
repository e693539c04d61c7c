/**
 * The footer editor's generated paths (packages/machines footerEditor.model.ts) run against the real editor
 * (`apps/web/src/footer/FooterSettingsSection.tsx`, the Footer section of the Manage site page) in Chromium, signed in as the
 * administrator. The page is reached inside the app (the floating footer has read the footer already), so every
 * request to `/fotoweb/api/footer` the path sees is the editor's: each is held and answered with the model's reply or
 * a failure. Typing, saving and retrying are the user's own clicks and keys; every state is checked on screen.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { FooterEditorContext } from '@magpie/machines/footerEditor/footerEditor.machine.ts';
import { footerEditorModel, MODEL_FAILURE, MODEL_NEW_FOOTER, MODEL_STORED_FOOTER } from '@magpie/machines/footerEditor/footerEditor.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';

const ACT = { timeout: 15_000 };
const FOOTER_API = '/fotoweb/api/footer';
/** The Manage site page, whose Footer section the editor is. */
const MANAGEMENT_PATH = '/fotoweb/views/management';

interface EditorScreen {
  readonly reads: Route[];
  readonly writes: Route[];
}

const editor = (page: Page) => page.getByTestId('footer-settings');

async function take(held: Route[], what: string): Promise<Route> {
  await expect.poll(() => held.length, { message: `the editor asks to ${what}` }).toBe(1);
  return held.shift()!;
}

const failure = (route: Route) => route.fulfill({ status: 500, json: { value: 'ServerError', heading: 'Server error', message: MODEL_FAILURE.message } });

/** The machine's state as the editor names it in `data-state`. */
function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  const [parent, child] = Object.entries(value as Record<string, string>)[0]!;
  return `${parent}.${child}`;
}

const adapter: ScreenAdapter<EditorScreen> = {
  async setup(page, { credentials }) {
    await openSignedIn(page, credentials);
    const screen: EditorScreen = { reads: [], writes: [] };
    await page.route(
      (url) => url.pathname === FOOTER_API,
      (route) => {
        (route.request().method() === 'PUT' ? screen.writes : screen.reads).push(route);
      },
    );
    // Inside the app (React Router hears popstate): the page does not load again, so only the editor reads.
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, MANAGEMENT_PATH);
    await expect(page.getByTestId('management-section-footer')).toBeVisible(ACT);
    return screen;
  },

  async perform(event: EventObject, page, screen) {
    switch (event.type) {
      case 'xstate.done.actor.load':
        return (await take(screen.reads, 'read the footer')).fulfill({ status: 200, json: { markdown: MODEL_STORED_FOOTER, modified: null } });
      case 'xstate.error.actor.load':
        return failure(await take(screen.reads, 'read the footer'));
      case 'RETRY':
        return editor(page).getByRole('button', { name: 'Try again' }).click(ACT);
      case 'EDIT': {
        // Typing over the same text is still an edit: clear it first, so that the textarea changes either way.
        const textarea = editor(page).getByTestId('footer-settings-markdown');
        await textarea.fill('', ACT);
        return textarea.fill(MODEL_NEW_FOOTER, ACT);
      }
      case 'SAVE':
        return editor(page).getByTestId('footer-settings-save').click(ACT);
      case 'xstate.done.actor.save': {
        const write = await take(screen.writes, 'save the footer');
        expect(write.request().postDataJSON()).toEqual({ markdown: MODEL_NEW_FOOTER });
        return write.fulfill({ status: 200, json: { markdown: MODEL_NEW_FOOTER, modified: new Date().toISOString() } });
      }
      case 'xstate.error.actor.save':
        return failure(await take(screen.writes, 'save the footer'));
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state: AnyMachineSnapshot, page) {
    const name = stateName(state.value);
    const context = state.context as FooterEditorContext;
    await expect(editor(page)).toHaveAttribute('data-state', name);
    if (name === 'loading') {
      await expect(editor(page).getByRole('status')).toBeVisible();
      return;
    }
    if (name === 'loadFailed') {
      await expect(editor(page).getByTestId('footer-settings-load-error')).toContainText(context.error!);
      return;
    }
    await expect(editor(page).getByTestId('footer-settings-markdown')).toHaveValue(context.draft);
    const save = editor(page).getByTestId('footer-settings-save');
    if (name === 'saving' || context.draft === context.stored) await expect(save).toBeDisabled();
    else await expect(save).toBeEnabled();
    if (context.draft === MODEL_NEW_FOOTER) {
      await expect(editor(page).getByTestId('footer-settings-preview').getByRole('link', { name: 'link' })).toHaveAttribute('href', 'https://example.com/');
    }
    await expect(editor(page).getByTestId('footer-settings-saved')).toHaveCount(name === 'ready.saved' ? 1 : 0);
    if (name === 'ready.failed') await expect(editor(page).getByTestId('footer-settings-error')).toContainText(context.error!);
    else await expect(editor(page).getByTestId('footer-settings-error')).toHaveCount(0);
    if (name === 'ready.idle' || name === 'ready.failed') await expectAccessible(page, '[data-testid="footer-settings"]', 'footer editor');
  },

  async teardown(page) {
    await keepSession(page);
  },
};

// The shortest paths already reach every state and take every transition (checked by the harness).
registerModelTests({ model: footerEditorModel, adapter, variant: 'shortest', select: 'cover', maxPaths: 8, timeoutMs: 90_000 });
