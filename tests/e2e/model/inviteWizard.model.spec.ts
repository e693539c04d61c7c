/**
 * The invitation wizard's generated paths (packages/machines inviteWizard.model.ts) run against the real Create
 * invitations view (`apps/web/src/invitations/InvitationWizard.tsx`) in Chromium, opened by its address (so a cancel
 * goes to Manage invitations, having no page of the app to go back to). The group search and the `POST` of the invitations are held until the path
 * says how each ends, and answered with the model's groups, answer or refusal (the model's groups are not the
 * DAM's, so nothing reaches the DAM; the journey in invitations.spec.ts does it for real). In paths that search
 * groups, the page's clock is Playwright's, paused from the first search on, so the search goes out only when the
 * path lets its 500 ms pass.
 *
 * Typing goes through the fields as a person types: ADD_EMAIL types an address and presses Enter, PASTE_EMAILS pastes
 * into the address field, SET_DOMAIN, SET_MESSAGE and SET_DESCRIPTION fill their fields, SEARCH_GROUPS fills the
 * group search, ADD_GROUP presses a result, REMOVE_GROUP a group's remove button (Registered Users has none, so the
 * path's attempt to remove it is checked by its absence), NEXT, SUBMIT and BACK the wizard's buttons, CLOSE its close
 * button. Every
 * state is checked on screen: the step, the type, the addresses, the domain and the messages, the groups, the
 * search's results and error, the submit error and the link; once closed, the page the wizard went to.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { GROUP_SEARCH_DELAY_MS, type InviteWizardContext } from '@magpie/machines/inviteWizard/inviteWizard.machine.ts';
import { MODEL_REGISTERED_USERS, inviteWizardModel } from '@magpie/machines/inviteWizard/inviteWizard.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ACT = { timeout: 15_000 };
const INVITATIONS = '/fotoweb/invitations/';
const GRANTABLE = '/fotoweb/groups/grantable';
const CREATE = '/fotoweb/views/invitations';

interface WizardScreen {
  readonly searches: Route[];
  readonly posts: Route[];
  /** Whether the page's clock is Playwright's (paths that search groups), and whether it is paused yet. */
  readonly clock: boolean;
  paused: boolean;
}

const wizard = (page: Page) => page.getByTestId('invite-wizard');
const contextOf = (state: AnyMachineSnapshot) => state.context as InviteWizardContext;

function stateName(state: AnyMachineSnapshot): string {
  return typeof state.value === 'string' ? state.value : Object.keys(state.value as object)[0]!;
}

async function take(held: Route[], what: string): Promise<Route> {
  await expect.poll(() => held.length, { message: `the app sends ${what}` }).toBe(1);
  return held.shift()!;
}

/** The model's group name as the screen shows it: the preset Registered Users is the real one. */
const groupNames = (context: InviteWizardContext) => context.groups.map((group) => group.name);

const adapter: ScreenAdapter<WizardScreen> = {
  async setup(page, { credentials, path }) {
    // Paths that search groups run on Playwright's clock, paused from their first search on, so that the 500 ms
    // pass only when the path says so (and a search cleared at once never goes out).
    const clock = path.steps.some((step) => step.event.type === 'SEARCH_GROUPS');
    if (clock) await page.clock.install();
    await ensureSignedIn(page, credentials);
    const screen: WizardScreen = { searches: [], posts: [], clock, paused: false };
    await page.route(
      (url) => url.pathname === GRANTABLE,
      (route) => void screen.searches.push(route),
    );
    await page.route(
      (url) => url.pathname === INVITATIONS,
      (route) => (route.request().method() === 'POST' ? void screen.posts.push(route) : route.continue()),
    );
    // Opened by its address: a cancel has no page of the app to go back to, so it goes to Manage invitations.
    await page.goto(CREATE);
    await expect(wizard(page)).toHaveAttribute('data-state', 'details');
    await expectAccessible(page, '[data-testid="invite-wizard"]', 'invitation wizard');
    return screen;
  },

  async perform(event: EventObject, page, screen, { from }) {
    const payload = event as EventObject & Record<string, unknown>;
    const context = contextOf(from);
    switch (event.type) {
      case 'SET_TYPE':
        return wizard(page)
          .getByTestId(`invite-type-${payload.invitationType as string}`)
          .click(ACT);
      case 'ADD_EMAIL': {
        const field = wizard(page).getByTestId('invite-email');
        await field.fill(payload.email as string);
        return field.press('Enter');
      }
      case 'PASTE_EMAILS': {
        const field = wizard(page).getByTestId('invite-email');
        await field.focus();
        // A paste event with the text on its clipboard data, as a browser sends it.
        return field.evaluate((element, text) => {
          const data = new DataTransfer();
          data.setData('text', text);
          element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
        }, payload.text as string);
      }
      case 'REMOVE_EMAIL':
        return wizard(page)
          .getByRole('button', { name: `Remove ${payload.email as string}` })
          .click(ACT);
      case 'SET_DOMAIN':
        return wizard(page)
          .getByTestId('invite-domain')
          .fill(payload.domain as string);
      case 'SET_MESSAGE':
        return wizard(page)
          .getByTestId('invite-message')
          .fill(payload.message as string);
      case 'SET_DESCRIPTION':
        return wizard(page)
          .getByTestId('invite-description')
          .fill(payload.description as string);
      case 'NEXT':
        return wizard(page).getByTestId('invite-next').click(ACT);
      case 'SUBMIT':
        return wizard(page).getByTestId('invite-submit').click(ACT);
      case 'BACK':
        return wizard(page).getByTestId('invite-cancel').click(ACT);
      case 'CLOSE':
        return wizard(page).getByTestId('invite-close').click(ACT);
      case 'SEARCH_GROUPS':
        if (screen.clock && !screen.paused) {
          await page.clock.pauseAt(new Date(Date.now() + 1_000));
          screen.paused = true;
        }
        return wizard(page)
          .getByTestId('invite-group-search')
          .fill(payload.text as string);
      case 'ADD_GROUP': {
        const group = payload.group as { href: string; name: string };
        // From the search's results when they list it, else (the group is chosen already) nothing to press.
        const result = wizard(page).locator(`[data-testid="invite-group-result"][data-href="${group.href}"]`);
        if (context.groups.some((chosen) => chosen.href === group.href)) return expect(result).toBeDisabled();
        return result.click(ACT);
      }
      case 'REMOVE_GROUP': {
        const href = payload.href as string;
        // Registered Users (the model's preset) cannot be removed: it has no remove button.
        if (href === MODEL_REGISTERED_USERS.href)
          return expect(wizard(page).getByTestId('invite-group-item').filter({ hasText: 'Registered Users' }).getByTestId('invite-group-remove')).toHaveCount(0);
        return wizard(page).locator(`[data-testid="invite-group-item"][data-href="${href}"]`).getByTestId('invite-group-remove').click(ACT);
      }
      case 'xstate.done.actor.searchGroups': {
        const route = await take(screen.searches, 'the group search');
        expect(new URL(route.request().url()).searchParams.get('q')).toBe(context.groupSearchText.trim());
        return route.fulfill({ json: { data: payload.output } });
      }
      case 'xstate.error.actor.searchGroups': {
        const route = await take(screen.searches, 'the group search');
        return route.fulfill({ status: (payload.error as { status: number }).status, json: { value: 'InternalError', message: 'boom' } });
      }
      case 'xstate.done.actor.submitInvitations': {
        const route = await take(screen.posts, 'the invitations');
        const body = route.request().postDataJSON() as { emails: string[]; organizationDomain: string; link: boolean; groups: string[] };
        expect(body.emails).toEqual(context.invitationType === 'users' ? [...context.emails] : []);
        expect(body.link).toBe(context.invitationType !== 'users');
        expect(body.groups).toHaveLength(context.groups.length);
        const output = payload.output as { totalInvitationsCreated: number; invitationLink?: string | null };
        return route.fulfill({ status: 201, json: { type: context.invitationType, invitationLink: null, ...output } });
      }
      case 'xstate.error.actor.submitInvitations': {
        const route = await take(screen.posts, 'the invitations');
        const status = (payload.error as { status: number }).status;
        return route.fulfill({ status, json: { value: status === 400 ? 'InvalidRequest' : 'InternalError', message: 'refused' } });
      }
      default:
        if (event.type.startsWith('xstate.after.')) {
          await expect.poll(() => screen.searches.length).toBe(0);
          return page.clock.runFor(GROUP_SEARCH_DELAY_MS);
        }
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, screen) {
    const name = stateName(state);
    const context = contextOf(state);
    if (name === 'closed') {
      const sent = context.totalInvitationsCreated !== undefined;
      await expect(wizard(page)).toHaveCount(0);
      // Sent: Manage invitations with the notice; cancelled: Manage invitations too (the wizard was opened by its address).
      await expect(page.getByTestId('invitations-view')).toBeVisible();
      if (sent) await expect(page.getByTestId('invitations-notice')).toBeVisible();
      return;
    }
    await expect(wizard(page)).toHaveAttribute('data-state', name);
    await expect.poll(() => screen.posts.length).toBe(name === 'submitting' ? 1 : 0);
    if (name === 'details') {
      await expect(wizard(page).getByTestId(`invite-type-${context.invitationType}`).locator('input')).toBeChecked();
      if (context.invitationType === 'users') {
        await expect(wizard(page).getByTestId('invite-email-item')).toHaveText([...context.emails]);
        if (context.emailError) await expect(wizard(page).getByTestId('invite-email-error')).toHaveText(context.emailError);
        else await expect(wizard(page).getByTestId('invite-email-error')).toHaveCount(0);
        await expect(wizard(page).getByTestId('invite-message')).toHaveValue(context.message);
      }
      if (context.invitationType === 'organization') {
        await expect(wizard(page).getByTestId('invite-domain')).toHaveValue(context.organizationDomain);
        if (context.domainError) await expect(wizard(page).getByTestId('invite-domain-error')).toHaveText(context.domainError);
        else await expect(wizard(page).getByTestId('invite-domain-error')).toHaveCount(0);
      }
      await expect(wizard(page).getByTestId('invite-description')).toHaveValue(context.description);
      await expect(wizard(page).getByTestId('invite-cancel')).toHaveText('Cancel');
      return;
    }
    if (name === 'groups' || name === 'submitting') {
      await expect(wizard(page).getByTestId('invite-step')).toContainText(`Step 2 of ${context.invitationType === 'users' ? 2 : 3}`);
      await expect(wizard(page).getByTestId('invite-group-item')).toHaveText(groupNames(context));
      await expect(wizard(page).getByTestId('invite-cancel')).toHaveText('Back');
      await expect(wizard(page).getByTestId('invite-group-search')).toHaveValue(context.groupSearchText);
      await expect(wizard(page).getByTestId('invite-group-result')).toHaveCount(context.groupSearchResults.length);
      const searching = state.matches({ groups: 'searching' });
      await expect.poll(() => screen.searches.length).toBe(searching ? 1 : 0);
      if (context.groupSearchError) await expect(wizard(page).getByText(context.groupSearchError)).toBeVisible();
      if (context.submitError) await expect(wizard(page).getByTestId('invite-submit-error')).toContainText(context.submitError);
      else await expect(wizard(page).getByTestId('invite-submit-error')).toHaveCount(0);
      const submit = wizard(page).getByTestId('invite-submit');
      if (name === 'submitting') await expect(submit).toHaveAttribute('data-loading', /.*/);
      else await expect(submit).toBeEnabled();
      await expect(submit).toContainText(context.invitationType === 'users' ? 'Send invitations' : 'Create link');
      return;
    }
    // link (step 3)
    await expect(wizard(page).getByTestId('invite-link')).toHaveValue(context.invitationLink!);
    await expect(wizard(page).getByTestId('invite-cancel')).toHaveText('Close');
    await expect(wizard(page).getByTestId('invite-step')).toContainText(`Step 3 of 3`);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: inviteWizardModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 16, timeoutMs: 120_000 });
