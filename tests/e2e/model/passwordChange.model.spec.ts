/**
 * The password change's generated paths (packages/machines passwordChange.model.ts) run against the real
 * change-password view (`apps/web/src/routes/change-password/ChangePasswordView.tsx`, opened by the user menu's
 * "Change password") in Chromium. The admin's `POST /fotoweb/me/password` is held until the path says how it ends
 * (204, or the model's 400 WeakPassword / 403 WrongPassword / 429 / 500), so the suite's admin password never changes;
 * after an accepted change the view's descriptor refresh (`GET /fotoweb/me/`) is held too, then goes to the real stack
 * or fails with a 500.
 *
 * EDIT fills the field (typing the same text again after a refusal clears the field first: the browser sends no
 * change for an unchanged value); SUBMIT, CONTINUE are the view's buttons. Every state is checked on screen: the
 * fields' values, each field's problem (its accessible error message) and invalid mark, else its helper text (its
 * description), the server's refusal, the pending button and read-only fields, the bodies sent, the "password
 * changed" notice with Continue focused, and the page the view goes back to.
 */
import type { Locator, Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  passwordChangeProblems,
  visiblePasswordChangeProblems,
  type PasswordChangeContext,
  type PasswordChangeField,
  type PasswordChangeRequestError,
} from '@magpie/machines/passwordChange/passwordChange.machine.ts';
import { PASSWORD_MODEL_INPUT, PASSWORD_MODEL_TEXT, passwordChangeModel } from '@magpie/machines/passwordChange/passwordChange.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';
import { ACT } from './usersAndGroupsScreen.ts';

const VIEW = '/fotoweb/views/change-password';
const OWN_PASSWORD = '/fotoweb/me/password';
const DESCRIPTOR = '/fotoweb/me/';
const ARCHIVES = '/fotoweb/archives/';
const NOTICE = 'Your password was changed.';
const FIELDS: readonly PasswordChangeField[] = ['currentPassword', 'newPassword', 'confirmPassword'];

/** Holds the password change and, once it is accepted, the descriptor refresh that follows. */
class PasswordNetwork {
  private readonly changes: Route[] = [];
  private readonly refreshes: Route[] = [];
  /** True from an accepted change until the view's next descriptor request, which is the refresh. */
  private refreshDue = false;
  readonly posts: unknown[] = [];

  async install(page: Page): Promise<void> {
    await page.route(
      (url) => url.pathname === OWN_PASSWORD,
      (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        this.posts.push(route.request().postDataJSON());
        this.changes.push(route);
      },
    );
    await page.route(
      (url) => url.pathname === DESCRIPTOR,
      (route) => {
        if (!this.refreshDue || route.request().method() !== 'GET' || route.request().resourceType() !== 'fetch') return route.fallback();
        this.refreshDue = false;
        this.refreshes.push(route);
      },
    );
  }

  async acceptChange(): Promise<void> {
    const route = await take(this.changes, 'the view sends the password change');
    this.refreshDue = true;
    await route.fulfill({ status: 204, body: '' });
  }

  async refuseChange({ status, body }: PasswordChangeRequestError): Promise<void> {
    const route = await take(this.changes, 'the view sends the password change');
    // The DAM's error body as dam.yaml `ErrorBody` has it; a 500 of the model carries none.
    await route.fulfill(body ? { status: status ?? 500, json: { ...body, requestId: 'model' } } : { status: status ?? 500, body: '' });
  }

  async endRefresh(ok: boolean): Promise<void> {
    const route = await take(this.refreshes, 'the view refreshes the descriptor');
    if (ok) await route.continue();
    else await route.fulfill({ status: 500, body: '' });
  }

  held(): { changes: number; refreshes: number } {
    return { changes: this.changes.length, refreshes: this.refreshes.length };
  }
}

async function take(held: Route[], message: string): Promise<Route> {
  await expect.poll(() => held.length, { message }).toBe(1);
  return held.shift()!;
}

const contextOf = (state: AnyMachineSnapshot) => state.context as PasswordChangeContext;
const view = (page: Page) => page.getByTestId('change-password-view');
const input = (page: Page, field: PasswordChangeField) => view(page).getByTestId(`password-${field}`);
const submitButton = (page: Page): Locator => view(page).locator('form button[type="submit"]');

/** The helper text under a field while it shows no problem. */
function helperOf(field: PasswordChangeField): RegExp {
  return field === 'newPassword' ? /^At least \d+ characters, without your user name\.$/ : /^$/;
}

const adapter: ScreenAdapter<{ readonly network: PasswordNetwork }> = {
  async setup(page, { credentials }) {
    // The model checks its texts as the user "ada"; the view checks them as the signed-in admin. Same problems, or
    // the paths would not be the view's.
    for (const text of Object.values(PASSWORD_MODEL_TEXT)) {
      const draft = { currentPassword: PASSWORD_MODEL_TEXT.current, newPassword: text, confirmPassword: text };
      expect(passwordChangeProblems(draft, credentials.username)).toEqual(passwordChangeProblems(draft, PASSWORD_MODEL_INPUT.username));
    }
    const network = new PasswordNetwork();
    await network.install(page);
    await openSignedIn(page, credentials);
    await page.getByTestId('user-menu-trigger').click(ACT);
    await page.getByTestId('menu-changePassword').click(ACT);
    await expect(page).toHaveURL((url) => url.pathname === VIEW && url.searchParams.get('to') === ARCHIVES);
    await expect(view(page).getByRole('heading', { name: 'Change password', level: 1 })).toBeVisible();
    await expect(view(page).getByTestId('forced-change-explanation')).toHaveCount(0);
    // axe on the form at rest (a hovered button is a theme finding of its own, see change-password.spec.ts).
    await page.mouse.move(0, 0);
    await expectAccessible(page, '[data-testid="change-password-view"]', 'change-password view');
    return { network };
  },

  async perform(event: EventObject, page, { network }, { from }) {
    const payload = event as EventObject & { field?: PasswordChangeField; value?: string; error?: PasswordChangeRequestError };
    switch (event.type) {
      case 'EDIT': {
        const field = input(page, payload.field!);
        // Typing the text the field holds again: clear it first, or React sees no change.
        if (contextOf(from).draft[payload.field!] === payload.value) await field.fill('', ACT);
        return field.fill(payload.value!, ACT);
      }
      case 'SUBMIT':
        return submitButton(page).click(ACT);
      case 'CONTINUE':
        return view(page).getByRole('button', { name: 'Continue' }).click(ACT);
      case 'xstate.done.actor.changePassword':
        return network.acceptChange();
      case 'xstate.error.actor.changePassword':
        return network.refuseChange(payload.error!);
      case 'xstate.done.actor.refreshSession':
        return network.endRefresh(true);
      case 'xstate.error.actor.refreshSession':
        return network.endRefresh(false);
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, { network }) {
    const context = contextOf(state);
    // Only a draft without problems goes, as typed; one POST per attempt.
    await expect.poll(() => network.posts.length, { message: 'one POST per attempt' }).toBe(context.attempts);
    for (const body of network.posts) expect(body).toEqual({ currentPassword: PASSWORD_MODEL_TEXT.current, newPassword: PASSWORD_MODEL_TEXT.next });
    await expect.poll(() => network.held()).toEqual({ changes: state.matches('submitting') ? 1 : 0, refreshes: state.matches('refreshing') ? 1 : 0 });

    if (state.matches('continued')) {
      await expect(page).toHaveURL((url) => url.pathname === ARCHIVES);
      await expect(page.getByTestId('archives-view')).toBeVisible();
      await expect(view(page)).toHaveCount(0);
      return;
    }
    await expect(view(page)).toBeVisible();
    const notice = view(page).getByTestId('password-changed');
    if (state.matches('done')) {
      await expect(notice).toHaveText(NOTICE);
      await expect(view(page).getByRole('button', { name: 'Continue' })).toBeFocused();
      await expect(view(page).locator('form')).toHaveCount(0);
      return;
    }

    await expect(notice).toHaveCount(0);
    const pending = state.matches('submitting') || state.matches('refreshing');
    const refusal = state.matches('failed') ? context.error : undefined;
    const error = view(page).getByTestId('change-password-error');
    if (refusal) await expect(error).toHaveText(refusal.message);
    else await expect(error).toHaveCount(0);
    if (pending) await expect(submitButton(page)).toHaveAttribute('data-loading', /.*/);
    else await expect(submitButton(page)).not.toHaveAttribute('data-loading', /.*/);

    const problems = visiblePasswordChangeProblems(context);
    for (const field of FIELDS) {
      const box = input(page, field);
      await expect(box).toHaveValue(context.draft[field]);
      await expect(box).toBeEditable({ editable: !pending });
      const problem = problems[field] ?? (refusal?.field === field ? refusal.message : undefined);
      if (problem !== undefined) {
        await expect(box).toHaveAttribute('aria-invalid', 'true');
        await expect(box).toHaveAccessibleErrorMessage(problem);
      } else {
        await expect(box).not.toHaveAttribute('aria-invalid', 'true');
        await expect(box).toHaveAccessibleErrorMessage('');
        await expect(box).toHaveAccessibleDescription(helperOf(field));
      }
    }
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: passwordChangeModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, timeoutMs: 120_000 });
