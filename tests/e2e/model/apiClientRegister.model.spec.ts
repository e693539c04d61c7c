/**
 * The API client registration's generated paths (packages/machines apiClientRegister.model.ts) run against the real
 * dialog (`apps/web/src/apiClients/RegisterApiClientDialog.tsx`, opened by "Register API client" in
 * `apps/web/src/apiClients/ApiClientsPanel.tsx` on the API clients view) in Chromium. The admin's own groups are answered with the model's group "Web shop" through
 * `page.route` (so the dialog offers it), and the registration `POST` is held until the path says how it ends; the
 * stack keeps no client of these paths.
 *
 * REGISTER fills the name and chooses "Acts as" (or leaves both empty) and presses Register; CANCEL and DONE are the
 * dialog's buttons. Every state is checked on screen: the problems or the refusal's message, the pending button, the
 * secret shown once, and the closed dialog with the view's notice.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { ApiClientDraft, ApiClientRegisterContext, RegisteredApiClient } from '@magpie/machines/apiClientRegister/apiClientRegister.machine.ts';
import { apiClientRegisterModel, MODEL_ACTING_AS, MODEL_REGISTERED } from '@magpie/machines/apiClientRegister/apiClientRegister.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';
import { ACT } from './usersAndGroupsScreen.ts';

const APPLICATIONS = '/fotoweb/api/config/applications';

/** Holds the registration POSTs and answers the admin's own groups with the model's group. */
class ClientNetwork {
  private held: Route[] = [];
  readonly posts: unknown[] = [];

  async install(page: Page): Promise<void> {
    await page.route(
      (url) => url.pathname === APPLICATIONS,
      (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        this.posts.push(route.request().postDataJSON());
        this.held.push(route);
      },
    );
    await page.route(
      (url) => /^\/fotoweb\/api\/users\/\d+\/member-of$/.test(url.pathname),
      (route) =>
        route.fulfill({ json: { groups: [{ href: MODEL_ACTING_AS.href, name: MODEL_ACTING_AS.name }] }, headers: { 'content-type': 'application/vnd.fotoware.memberof+json' } }),
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

const contextOf = (state: AnyMachineSnapshot) => state.context as ApiClientRegisterContext;
const dialog = (page: Page) => page.getByTestId('api-client-dialog');

const adapter: ScreenAdapter<{ readonly network: ClientNetwork }> = {
  async setup(page, { credentials }) {
    const network = new ClientNetwork();
    await network.install(page);
    await openSignedIn(page, credentials);
    await page.getByRole('button', { name: 'Settings' }).click(ACT);
    await page.getByTestId('settings-menu').getByRole('menuitem', { name: 'API clients' }).click(ACT);
    await expect(page.getByTestId('api-clients-view')).toBeVisible();
    await page.getByTestId('api-client-register').click(ACT);
    await expect(dialog(page).getByTestId('api-client-acting-as').locator('option', { hasText: MODEL_ACTING_AS.name })).toHaveCount(1);
    await expectAccessible(page, '[data-testid="api-client-dialog"]', 'register API client dialog');
    return { network };
  },

  async perform(event: EventObject, page, { network }) {
    const payload = event as EventObject & { draft?: ApiClientDraft; output?: RegisteredApiClient; error?: { status: number; responseJSON: unknown } };
    switch (event.type) {
      case 'REGISTER': {
        const { name, actingAs } = payload.draft!;
        await dialog(page).getByTestId('api-client-name').fill(name, ACT);
        await dialog(page).getByTestId('api-client-acting-as').selectOption(actingAs, ACT);
        return dialog(page).getByTestId('api-client-submit').click(ACT);
      }
      case 'CANCEL':
        return dialog(page).getByTestId('api-client-cancel').click(ACT);
      case 'DONE':
        return dialog(page).getByTestId('api-client-done').click(ACT);
      case 'xstate.done.actor.register': {
        const created = payload.output!;
        return (await network.take()).fulfill({
          status: 201,
          json: { ...created, actingAs: MODEL_ACTING_AS.href, created: '2026-11-25T07:00:00.000Z' },
          headers: { location: created.href },
        });
      }
      case 'xstate.error.actor.register':
        return (await network.take()).fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, { network }) {
    const context = contextOf(state);
    // The name goes trimmed, with the chosen group.
    for (const body of network.posts) expect(body).toEqual({ name: 'Shop sync', actingAs: MODEL_ACTING_AS.href });
    expect(network.pending()).toBe(state.matches('registering') ? 1 : 0);
    if (state.matches('closed')) {
      await expect(dialog(page)).toHaveCount(0);
      const notice = page.getByTestId('api-clients-notice');
      if (context.created) await expect(notice).toContainText(`“${MODEL_REGISTERED.name}” is registered`);
      else await expect(notice).toHaveCount(0);
      return;
    }
    await expect(dialog(page)).toHaveAttribute('data-state', String(state.value));
    if (state.matches('created')) {
      await expect(dialog(page).getByTestId('api-client-secret')).toHaveText(MODEL_REGISTERED.clientSecret);
      await expect(dialog(page).getByTestId('api-client-id')).toHaveText(MODEL_REGISTERED.clientId);
      return;
    }
    const problems = dialog(page).getByTestId('api-client-problem');
    const messages = [...context.problems, ...(context.error ? [context.error] : [])];
    if (messages.length > 0) await expect(problems).toHaveText(messages);
    else await expect(dialog(page).getByTestId('api-client-problems')).toHaveCount(0);
    const cancel = dialog(page).getByTestId('api-client-cancel');
    if (state.matches('registering')) await expect(cancel).toBeDisabled();
    else await expect(cancel).toBeEnabled();
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: apiClientRegisterModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, timeoutMs: 120_000 });
