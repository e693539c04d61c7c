/**
 * The password reset page's generated paths (packages/machines passwordReset.model.ts) run against the real page
 * (`apps/web/src/routes/password-reset/ResetPasswordView.tsx`) in Chromium, without signing in: the page is opened at
 * the model's link (`/fotoweb/views/reset-password?token=…`), and the link's two calls (the check,
 * `GET /fotoweb/password-resets/{token}`, and the new password, `POST` there) are held until the path says how each
 * ends, then answered with the model's link, 204, or its refusals (dam.yaml's error bodies). The real reset through
 * the DAM is `password-reset.spec.ts`.
 *
 * EDIT fills the field (typing the same text again after a refusal clears it first: the browser sends no change for
 * an unchanged value); SUBMIT presses "Set the password"; RETRY presses "Try again". Every state is checked on screen:
 * the page's state, the link's problem page (its heading, what to do, Try again only when the check could not be
 * made), the user the password is for, each field's value, problem (its accessible error message) and invalid mark or
 * else its helper text, the server's refusal, the pending button and read-only fields, the calls and bodies sent, and
 * the notice with Log in focused. axe checks each kind of screen once per path.
 */
import type { Locator, Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  PASSWORD_RESET_LINK_TEXTS,
  visiblePasswordResetProblems,
  type PasswordResetContext,
  type PasswordResetField,
  type PasswordResetRequestError,
} from '@magpie/machines/passwordReset/passwordReset.machine.ts';
import { PASSWORD_RESET_MODEL_INPUT, PASSWORD_RESET_MODEL_LINK, PASSWORD_RESET_MODEL_TEXT, passwordResetModel } from '@magpie/machines/passwordReset/passwordReset.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';

const ACT = { timeout: 15_000 };
const LINK_API = `/fotoweb/password-resets/${PASSWORD_RESET_MODEL_INPUT.token}`;
const PAGE = `/fotoweb/views/reset-password?token=${PASSWORD_RESET_MODEL_INPUT.token}`;
const FIELDS: readonly PasswordResetField[] = ['password', 'confirmPassword'];

/** Holds the link's check and the password `POST` until the path answers them, and records what was sent. */
class ResetNetwork {
  readonly checks: Route[] = [];
  readonly saves: Route[] = [];
  checksSent = 0;
  readonly posts: unknown[] = [];

  async install(page: Page): Promise<void> {
    await page.route(
      (url) => url.pathname === LINK_API,
      (route) => {
        const request = route.request();
        if (request.method() === 'GET') {
          this.checksSent++;
          this.checks.push(route);
        } else if (request.method() === 'POST') {
          this.posts.push(request.postDataJSON());
          this.saves.push(route);
        } else return route.fallback();
      },
    );
  }
}

async function take(held: Route[], what: string): Promise<Route> {
  await expect.poll(() => held.length, { message: `the page sends ${what}` }).toBe(1);
  return held.shift()!;
}

/** Answers a held call with a model refusal: dam.yaml's error body (with a request id), or a bare 500. */
async function refuse(route: Route, { status, body }: PasswordResetRequestError): Promise<void> {
  await route.fulfill(body ? { status: status ?? 500, json: { ...body, requestId: 'model' } } : { status: status ?? 500, body: '' });
}

interface ResetScreen {
  readonly network: ResetNetwork;
  /** The kinds of screen axe has checked in this path. */
  readonly audited: Set<string>;
}

const contextOf = (state: AnyMachineSnapshot) => state.context as PasswordResetContext;
const view = (page: Page) => page.getByTestId('reset-password-view');
const input = (page: Page, field: PasswordResetField) => view(page).getByTestId(`reset-${field}`);
const submitButton = (page: Page): Locator => view(page).locator('form button[type="submit"]');

/** axe once per kind of screen (the link's problem, the form, the notice) in a path, with the pointer off the page. */
async function audit(page: Page, screen: ResetScreen, kind: string): Promise<void> {
  if (screen.audited.has(kind)) return;
  screen.audited.add(kind);
  await page.mouse.move(0, 0);
  await expectAccessible(page, '[data-testid="reset-password-view"]', `reset page (${kind})`);
}

const adapter: ScreenAdapter<ResetScreen> = {
  async setup(page) {
    const network = new ResetNetwork();
    await network.install(page);
    await page.goto(PAGE);
    await expect(view(page).getByRole('heading', { name: 'Reset your password', level: 1 })).toBeVisible();
    return { network, audited: new Set() };
  },

  async perform(event: EventObject, page, { network }, { from }) {
    const payload = event as EventObject & { field?: PasswordResetField; value?: string; error?: PasswordResetRequestError };
    switch (event.type) {
      case 'xstate.done.actor.checkLink':
        return (await take(network.checks, 'the link check')).fulfill({ json: PASSWORD_RESET_MODEL_LINK });
      case 'xstate.error.actor.checkLink':
        return refuse(await take(network.checks, 'the link check'), payload.error!);
      case 'xstate.done.actor.setPassword':
        return (await take(network.saves, 'the new password')).fulfill({ status: 204, body: '' });
      case 'xstate.error.actor.setPassword':
        return refuse(await take(network.saves, 'the new password'), payload.error!);
      case 'RETRY':
        return view(page).getByTestId('reset-retry').click(ACT);
      case 'EDIT': {
        const field = input(page, payload.field!);
        // Typing the text the field holds again: clear it first, or React sees no change.
        if (contextOf(from).draft[payload.field!] === payload.value) await field.fill('', ACT);
        return field.fill(payload.value!, ACT);
      }
      case 'SUBMIT':
        return submitButton(page).click(ACT);
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, screen) {
    const { network } = screen;
    const context = contextOf(state);
    const name = String(state.value);
    await expect(view(page)).toHaveAttribute('data-state', name);
    // One check per visit of `checking`; only drafts without problems are sent, as typed, one POST per attempt.
    await expect.poll(() => network.checksSent, { message: 'one check per visit of checking' }).toBe(context.checks);
    await expect.poll(() => network.posts.length, { message: 'one POST per attempt' }).toBe(context.attempts);
    for (const body of network.posts) expect(body).toEqual({ password: PASSWORD_RESET_MODEL_TEXT.next });
    expect({ checks: network.checks.length, saves: network.saves.length }).toEqual({ checks: name === 'checking' ? 1 : 0, saves: name === 'saving' ? 1 : 0 });

    const problemPage = view(page).getByTestId('reset-link-problem');
    const form = view(page).getByTestId('reset-password-form');
    const notice = view(page).getByTestId('password-reset-done');

    if (name === 'checking') {
      await expect(view(page).getByRole('status').filter({ hasText: 'Checking the link…' })).toBeVisible();
      await expect(form).toHaveCount(0);
      await expect(problemPage).toHaveCount(0);
      return;
    }
    if (name === 'invalid') {
      const texts = PASSWORD_RESET_LINK_TEXTS[context.problem!];
      await expect(problemPage).toHaveAttribute('data-problem', context.problem!);
      await expect(problemPage).toContainText(texts.heading);
      await expect(problemPage).toContainText(texts.detail);
      await expect(view(page).getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/fotoweb/views/forgot-password');
      await expect(view(page).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/fotoweb/views/login');
      await expect(view(page).getByTestId('reset-retry')).toHaveCount(context.problem === 'unavailable' ? 1 : 0);
      await expect(form).toHaveCount(0);
      await audit(page, screen, 'link problem');
      return;
    }
    if (name === 'done') {
      await expect(notice).toContainText('Your new password is set.');
      await expect(view(page).getByRole('link', { name: 'Log in' })).toBeFocused();
      await expect(form).toHaveCount(0);
      await audit(page, screen, 'done');
      return;
    }

    await expect(problemPage).toHaveCount(0);
    await expect(notice).toHaveCount(0);
    await expect(view(page).getByTestId('reset-password-user')).toHaveText(`Choose a new password for ${PASSWORD_RESET_MODEL_LINK.userName}.`);
    const pending = name === 'saving';
    const refusal = name === 'failed' ? context.error : undefined;
    const error = view(page).getByTestId('reset-password-error');
    if (refusal) await expect(error).toHaveText(refusal.message);
    else await expect(error).toHaveCount(0);
    if (pending) await expect(submitButton(page)).toHaveAttribute('data-loading', /.*/);
    else await expect(submitButton(page)).not.toHaveAttribute('data-loading', /.*/);

    const problems = visiblePasswordResetProblems(context);
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
        await expect(box).toHaveAccessibleDescription(field === 'password' ? /^At least \d+ characters, without your user name\.$/ : /^$/);
      }
    }
    if (!pending) await audit(page, screen, name === 'failed' ? 'refused password' : 'form');
  },
};

registerModelTests({ model: passwordResetModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 10, timeoutMs: 120_000 });
