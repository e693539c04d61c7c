/**
 * The Chromium adapter shared by the registrations whose secret is shown once (packages/machines `secretRegister/`:
 * `apiClientRegister` on the API clients view, `webhookRegister` on the webhooks page): the registration `POST` is
 * held until the path says how it ends, so the stack keeps nothing of these paths. The page opens from the settings
 * menu; REGISTER fills the dialog's form (the flow's {@link RegisterDialogScreen.fill}) and presses the submitting
 * button; CANCEL and DONE are the dialog's buttons. Every state is checked on screen: the problems or the refusal's
 * message, the pending button, the secret shown once, and the closed dialog with the page's notice.
 *
 * The dialog's test ids, for a prefix `p` (`apps/web/src/components/SecretRegisterDialog.tsx`): `p-dialog`,
 * `p-problems`/`p-problem`, `p-cancel`, `p-submit`, `p-done`.
 */
import type { Locator, Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { SecretRegisterContext } from '@magpie/machines/secretRegister/secretRegister.factory.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import type { ScreenAdapter } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';
import { ACT } from './usersAndGroupsScreen.ts';

/** Holds the registration POSTs to one path (other methods go on to the stack). */
export class HeldPosts {
  private held: Route[] = [];
  readonly posts: unknown[] = [];

  constructor(private readonly pathname: string) {}

  async install(page: Page): Promise<void> {
    await page.route(
      (url) => url.pathname === this.pathname,
      (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        this.posts.push(route.request().postDataJSON());
        this.held.push(route);
      },
    );
  }

  async take(): Promise<Route> {
    await expect.poll(() => this.held.length, { message: 'the app sends the registration POST' }).toBe(1);
    return this.held.shift()!;
  }

  pending(): number {
    return this.held.length;
  }
}

/** One registration's screen: where it opens, how its form is filled, what the DAM answers and what shows. */
export interface RegisterDialogScreen<TDraft, TCreated> {
  /** The dialog's test-id prefix (`api-client`, `webhook`). */
  readonly testId: string;
  /** The path the registration POSTs to. */
  readonly postPath: string;
  /** Routes of the screen's own (installed before signing in). */
  readonly routes?: (page: Page) => Promise<unknown>;
  /** The settings menu's item, the page's test id, and the button that opens the dialog. */
  readonly menuItem: string;
  readonly viewTestId: string;
  readonly openTestId: string;
  /** Waits until the dialog is ready for the path (e.g. its choices loaded). */
  readonly ready: (dialog: Locator) => Promise<void>;
  /** The dialog's name in the accessibility report. */
  readonly a11yName: string;
  /** Fills the form with a REGISTER's draft (the submitting button is pressed after). */
  readonly fill: (dialog: Locator, draft: TDraft) => Promise<void>;
  /** The DAM's 201 body for the model's registered thing. */
  readonly answer: (created: TCreated) => Record<string, unknown>;
  /** What every registration POST must carry. */
  readonly sent: unknown;
  /** The page's notice test id and what it says once the model's thing is registered. */
  readonly noticeTestId: string;
  readonly registeredNotice: string;
  /** Checks the created state's secret(s) in the dialog. */
  readonly expectCreated: (dialog: Locator) => Promise<void>;
}

/** The {@link ScreenAdapter} of a registration dialog (see the module comment). */
export function registerDialogAdapter<TDraft, TCreated extends { readonly href: string }>(
  screen: RegisterDialogScreen<TDraft, TCreated>,
): ScreenAdapter<{ readonly network: HeldPosts }> {
  const dialog = (page: Page) => page.getByTestId(`${screen.testId}-dialog`);
  const part = (page: Page, name: string) => dialog(page).getByTestId(`${screen.testId}-${name}`);
  return {
    async setup(page, { credentials }) {
      const network = new HeldPosts(screen.postPath);
      await network.install(page);
      await screen.routes?.(page);
      await openSignedIn(page, credentials);
      await page.getByRole('button', { name: 'Settings' }).click(ACT);
      await page.getByTestId('settings-menu').getByRole('menuitem', { name: screen.menuItem }).click(ACT);
      await expect(page.getByTestId(screen.viewTestId)).toBeVisible();
      await page.getByTestId(screen.openTestId).click(ACT);
      await screen.ready(dialog(page));
      await expectAccessible(page, `[data-testid="${screen.testId}-dialog"]`, screen.a11yName);
      return { network };
    },

    async perform(event: EventObject, page, { network }) {
      const payload = event as EventObject & { draft?: TDraft; output?: TCreated; error?: { status: number; responseJSON: unknown } };
      switch (event.type) {
        case 'REGISTER':
          await screen.fill(dialog(page), payload.draft!);
          return part(page, 'submit').click(ACT);
        case 'CANCEL':
          return part(page, 'cancel').click(ACT);
        case 'DONE':
          return part(page, 'done').click(ACT);
        case 'xstate.done.actor.register': {
          const created = payload.output!;
          return (await network.take()).fulfill({ status: 201, json: screen.answer(created), headers: { location: created.href } });
        }
        case 'xstate.error.actor.register':
          return (await network.take()).fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
        default:
          throw new Error(`unexpected event ${event.type}`);
      }
    },

    async assertState(state: AnyMachineSnapshot, page, { network }) {
      const context = state.context as SecretRegisterContext<TCreated>;
      for (const body of network.posts) expect(body).toEqual(screen.sent);
      expect(network.pending()).toBe(state.matches('registering') ? 1 : 0);
      if (state.matches('closed')) {
        await expect(dialog(page)).toHaveCount(0);
        const notice = page.getByTestId(screen.noticeTestId);
        if (context.created) await expect(notice).toContainText(screen.registeredNotice);
        else await expect(notice).toHaveCount(0);
        return;
      }
      await expect(dialog(page)).toHaveAttribute('data-state', String(state.value));
      if (state.matches('created')) return screen.expectCreated(dialog(page));
      const messages = [...context.problems, ...(context.error ? [context.error] : [])];
      if (messages.length > 0) await expect(part(page, 'problem')).toHaveText(messages);
      else await expect(part(page, 'problems')).toHaveCount(0);
      if (state.matches('registering')) await expect(part(page, 'cancel')).toBeDisabled();
      else await expect(part(page, 'cancel')).toBeEnabled();
    },

    async teardown(page) {
      await keepSession(page);
    },
  };
}
