/**
 * The sign-up page's generated paths (packages/machines signup.model.ts) run against the real public sign-up page
 * (`apps/web/src/signups/SignupView.tsx`) in Chromium, without signing in: the page is opened at the model's invitation
 * link, and its two calls (the link's form, `GET /fotoweb/signup/?invitation=`, and the sign-up, `POST /fotoweb/signup/`)
 * are held until the path says how each ends, then answered with the model's form, outcome or refusal. Each held
 * sign-up is checked to be the form as typed (names trimmed, every extra field answered).
 *
 * CHANGE fills the field, ANSWER fills the staff number or ticks the terms checkbox, SUBMIT presses Sign up, RETRY
 * presses Try again. Every state is checked on screen: the page's state, the field values, whether Sign up may be
 * pressed, the refusals on their fields and above the form, the page of a link that does not work, and the pending and
 * approved pages.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { signupProblems, signupRequestOf, type SignupContext } from '@magpie/machines/signup/signup.machine.ts';
import { SIGNUP_MODEL_TOKEN, signupModel } from '@magpie/machines/signup/signup.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';

const ACT = { timeout: 15_000 };
const SIGNUP_API = '/fotoweb/signup/';

interface SignupScreen {
  readonly forms: Route[];
  readonly submits: Route[];
}

const view = (page: Page) => page.getByTestId('signup-view');
const contextOf = (state: AnyMachineSnapshot) => state.context as SignupContext;
const stateName = (state: AnyMachineSnapshot) => (typeof state.value === 'string' ? state.value : Object.keys(state.value)[0]!);

async function take(routes: Route[], what: string): Promise<Route> {
  await expect.poll(() => routes.length, { message: `the page sends ${what}` }).toBe(1);
  return routes.shift()!;
}

const adapter: ScreenAdapter<SignupScreen> = {
  async setup(page) {
    const screen: SignupScreen = { forms: [], submits: [] };
    await page.route(
      (url) => url.pathname === SIGNUP_API,
      (route) => void (route.request().method() === 'GET' ? screen.forms : screen.submits).push(route),
    );
    await page.context().clearCookies();
    await page.goto(`/fotoweb/views/signup?invitation=${SIGNUP_MODEL_TOKEN}`);
    await expect(view(page)).toHaveAttribute('data-state', 'loading');
    return screen;
  },

  async perform(event: EventObject, page, screen, { from }) {
    const payload = event as EventObject & { field?: string; id?: string; value?: string; output?: unknown; error?: { status: number; responseJSON: unknown } };
    switch (event.type) {
      case 'CHANGE':
        return page.getByTestId(`signup-${payload.field}`).fill(payload.value!);
      case 'ANSWER': {
        const control = page.getByTestId(`signup-answer-${payload.id}`);
        if (payload.id === 'terms') return control.click(ACT);
        return control.fill(payload.value!);
      }
      case 'SUBMIT':
        return page.getByTestId('signup-submit').click(ACT);
      case 'RETRY':
        return page.getByRole('button', { name: 'Try again' }).click(ACT);
      case 'xstate.done.actor.loadForm':
      case 'xstate.error.actor.loadForm': {
        const route = await take(screen.forms, 'the form request');
        expect(new URL(route.request().url()).searchParams.get('invitation')).toBe(SIGNUP_MODEL_TOKEN);
        if (event.type === 'xstate.done.actor.loadForm') return route.fulfill({ json: payload.output });
        return route.fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
      }
      case 'xstate.done.actor.submit':
      case 'xstate.error.actor.submit': {
        const route = await take(screen.submits, 'the sign-up');
        expect(route.request().postDataJSON()).toEqual(signupRequestOf(contextOf(from)));
        if (event.type === 'xstate.done.actor.submit') return route.fulfill({ status: 201, json: payload.output });
        return route.fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
      }
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, screen) {
    const name = stateName(state);
    const context = contextOf(state);
    await expect(view(page)).toHaveAttribute('data-state', name);
    await expect.poll(() => screen.forms.length).toBe(name === 'loading' ? 1 : 0);
    await expect.poll(() => screen.submits.length).toBe(name === 'submitting' ? 1 : 0);
    const form = page.getByTestId('signup-form');
    if (name === 'ready' || name === 'submitting') {
      await expect(form).toBeVisible();
      for (const [field, value] of Object.entries(context.values)) await expect(page.getByTestId(`signup-${field}`)).toHaveValue(value);
      await expect(page.getByTestId('signup-answer-staffNumber')).toHaveValue(context.answers.staffNumber ?? '');
      await expect(page.getByTestId('signup-answer-terms')).toHaveAttribute('data-state', context.answers.terms === 'true' ? 'checked' : 'unchecked');
      await expect(page.getByTestId('signup-password-help')).toContainText('At least 10 characters');
      const submit = page.getByTestId('signup-submit');
      if (name === 'submitting') await expect(submit).toHaveAttribute('data-loading', /.*/);
      else await expect(submit).toBeEnabled({ enabled: Object.keys(signupProblems(context)).length === 0 });
      // The server's refusals show on their fields at once.
      for (const [key, message] of Object.entries(context.serverIssues)) {
        const testId = key.startsWith('answer:') ? `signup-answer-${key.slice('answer:'.length)}-error` : `signup-${key}-error`;
        await expect(page.getByTestId(testId)).toHaveText(message);
      }
      if (context.error !== undefined) await expect(page.getByTestId('signup-error')).toHaveText(context.error);
      else await expect(page.getByTestId('signup-error')).toHaveCount(0);
      if (name === 'ready' && Object.keys(context.values).every((key) => context.values[key as keyof typeof context.values] === '')) {
        await expectAccessible(page, '[data-testid="signup-view"]', 'sign-up form');
      }
    } else await expect(form).toHaveCount(0);
    if (name === 'unavailable') {
      await expect(page.getByTestId('signup-unavailable')).toHaveAttribute('data-reason', context.unavailable!);
      await expectAccessible(page, '[data-testid="signup-view"]', 'sign-up page of a link that does not work');
    } else await expect(page.getByTestId('signup-unavailable')).toHaveCount(0);
    if (name === 'loadFailed') await expect(page.getByTestId('error-state')).toContainText(context.error!);
    await expect(page.getByTestId('signup-pending')).toHaveCount(name === 'pending' ? 1 : 0);
    await expect(page.getByTestId('signup-approved')).toHaveCount(name === 'approved' ? 1 : 0);
    if (name === 'pending' || name === 'approved') await expect(page.getByTestId('signup-login')).toBeVisible();
  },
};

registerModelTests({ model: signupModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 10, timeoutMs: 120_000 });
