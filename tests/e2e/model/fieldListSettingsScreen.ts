/**
 * The screen adapter of a settings page whose machine is a field-list settings machine
 * (`packages/machines/src/fieldListSettings`): the Sign-up settings (`signupSettings`) and the Order settings
 * (`orderSettings`) pages, which share the field editor (`apps/web/src/signups/SignupFieldEditor.tsx`) and the page's
 * frame. The page is opened through the settings menu, as people get there; its read and save of the settings are
 * held and answered as the path says (the model's settings, what the DAM would store, or its refusal), so the site's
 * real settings never change and no other spec is disturbed.
 *
 * RETRY presses Try again; the Add buttons, the field's label and choices, its Remove and Move up, Save and the
 * notices' close buttons are the user's (the page's own edits too, given by the spec); every state is checked on
 * screen: the page's state, the fields (labels, derived ids, choices), the problems shown, Save enabled only for a
 * valid change, the saved notice and the error (and the page's own settings, given by the spec).
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { FieldListDraft, FieldListSettingsContext } from '@magpie/machines/fieldListSettings/createFieldListSettingsMachine.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import type { ScreenAdapter } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';

/** A user action that cannot happen fails within this, not the whole test's timeout. */
export const ACT = { timeout: 15_000 };

/** The page's held requests to the settings, oldest first. */
export interface SettingsScreen {
  readonly held: Route[];
}

/** What differs between the pages {@link createFieldListSettingsAdapter} drives. */
export interface FieldListSettingsScreenOptions<Stored, Draft extends FieldListDraft> {
  /** The settings' API path (held) and the page's path. */
  readonly api: string;
  readonly view: string;
  /** The settings menu's item that opens the page. */
  readonly menuItem: string;
  /** The prefix of the page's test ids (`<prefix>-view`, `<prefix>-save`…). */
  readonly prefix: string;
  /** The body the page PUTs for a draft, and whether a draft differs from what is stored. */
  bodyOf(draft: Draft): unknown;
  changed(stored: Stored | undefined, draft: Draft): boolean;
  /** Makes one of the page's own edits (its events besides the field edits), or undefined for another event. */
  ownEdit(event: EventObject, page: Page): Promise<void> | undefined;
  /** Checks the page's own settings (besides the fields) in a `ready` or `saving` state. */
  expectOwnSettings(page: Page, draft: Draft): Promise<void>;
  /** The page's name in the axe report. */
  readonly accessibleName: string;
}

async function take(held: Route[]): Promise<Route> {
  await expect.poll(() => held.length, { message: 'the app sends the request' }).toBe(1);
  return held.shift()!;
}

/** The machine's state as the page names it in `data-state`. */
const stateName = (state: AnyMachineSnapshot) => (typeof state.value === 'string' ? state.value : String((state.value as { ready: string }).ready));

/** The {@link ScreenAdapter} of one field-list settings page (see the module comment). */
export function createFieldListSettingsAdapter<Stored, Draft extends FieldListDraft>(options: FieldListSettingsScreenOptions<Stored, Draft>): ScreenAdapter<SettingsScreen> {
  const { prefix } = options;
  const view = (page: Page) => page.getByTestId(`${prefix}-view`);
  const fields = (page: Page) => page.getByTestId('signup-field');
  const contextOf = (state: AnyMachineSnapshot) => state.context as FieldListSettingsContext<Stored, Draft>;
  return {
    async setup(page, { credentials }) {
      await openSignedIn(page, credentials);
      const screen: SettingsScreen = { held: [] };
      await page.route(
        (url) => url.pathname === options.api,
        (route) => (route.request().resourceType() === 'fetch' ? void screen.held.push(route) : route.fallback()),
      );
      // Through the settings menu, as people get there.
      await page.getByTestId('settings-menu-trigger').click(ACT);
      await page.getByTestId('settings-menu').getByRole('menuitem', { name: options.menuItem }).click(ACT);
      await expect(page).toHaveURL((url) => url.pathname === options.view);
      await expect(view(page)).toHaveAttribute('data-state', 'loading');
      return screen;
    },

    async perform(event: EventObject, page, screen, { from }) {
      const payload = event as EventObject & {
        dataType?: string;
        index?: number;
        offset?: number;
        change?: { label?: string; choices?: string };
        output?: unknown;
        error?: { status: number; responseJSON: unknown };
      };
      const context = contextOf(from);
      const own = options.ownEdit(event, page);
      if (own) return own;
      switch (event.type) {
        case 'RETRY':
          return view(page).getByRole('button', { name: 'Try again' }).click(ACT);
        case 'ADD_FIELD':
          return page.getByTestId(`${prefix}-add-${payload.dataType}`).click(ACT);
        case 'CHANGE_FIELD': {
          const field = fields(page).nth(payload.index!);
          if (payload.change!.label !== undefined) return field.getByTestId('signup-field-label').fill(payload.change!.label);
          if (payload.change!.choices !== undefined) return field.getByTestId('signup-field-choices').fill(payload.change!.choices);
          throw new Error(`unexpected change ${JSON.stringify(payload.change)}`);
        }
        case 'REMOVE_FIELD':
          return fields(page).nth(payload.index!).getByTestId('signup-field-remove').click(ACT);
        case 'MOVE_FIELD':
          return fields(page)
            .nth(payload.index!)
            .getByTestId(payload.offset === -1 ? 'signup-field-up' : 'signup-field-down')
            .click(ACT);
        case 'SAVE':
          return page.getByTestId(`${prefix}-save`).click(ACT);
        case 'DISMISS':
          return page.getByTestId(from.matches({ ready: 'saved' }) ? `${prefix}-saved-dismiss` : `${prefix}-error-dismiss`).click(ACT);
        case 'xstate.done.actor.load':
        case 'xstate.error.actor.load': {
          const route = await take(screen.held);
          expect(route.request().method()).toBe('GET');
          if (event.type === 'xstate.done.actor.load') return route.fulfill({ json: payload.output });
          return route.fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
        }
        case 'xstate.done.actor.save':
        case 'xstate.error.actor.save': {
          // The whole settings as edited, nothing the rules refuse.
          const route = await take(screen.held);
          expect(route.request().method()).toBe('PUT');
          expect(route.request().postDataJSON()).toEqual(options.bodyOf(context.draft));
          if (event.type === 'xstate.done.actor.save') return route.fulfill({ json: payload.output });
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
      await expect.poll(() => screen.held.length).toBe(name === 'loading' || name === 'saving' ? 1 : 0);
      if (name === 'loading') return;
      if (name === 'loadFailed') {
        await expect(page.getByTestId(`${prefix}-load-error`)).toBeVisible();
        await expect(view(page).getByTestId('error-state')).toBeVisible();
        return;
      }
      const { draft } = context;
      await options.expectOwnSettings(page, draft);
      await expect(fields(page)).toHaveCount(draft.fields.length);
      await expect(page.getByTestId(`${prefix}-empty`)).toHaveCount(draft.fields.length === 0 ? 1 : 0);
      for (const [index, field] of draft.fields.entries()) {
        const shown = fields(page).nth(index);
        await expect(shown.getByTestId('signup-field-label')).toHaveValue(field.label);
        await expect(shown.getByTestId('signup-field-id')).toHaveValue(field.id);
        await expect(shown.getByTestId('signup-field-type')).toHaveValue(field.dataType);
        if (field.dataType === 'dropdown') await expect(shown.getByTestId('signup-field-choices')).toHaveValue(field.choices);
        // Each of the field's problems (the rules' and the last answer's) on it.
        const messages = [...context.problems, ...context.serverIssues].filter((problem) => problem.path.startsWith(`fields.${index}.`)).map((problem) => problem.message);
        await expect(shown.getByTestId('signup-field-problem')).toHaveText(messages);
      }
      const save = page.getByTestId(`${prefix}-save`);
      if (name === 'saving') await expect(save).toHaveAttribute('data-loading', /.*/);
      else {
        await expect(save).not.toHaveAttribute('data-loading', /.*/);
        await expect(save).toBeEnabled({ enabled: context.problems.length === 0 && options.changed(context.stored, draft) });
      }
      await expect(page.getByTestId(`${prefix}-saved`)).toHaveCount(name === 'saved' ? 1 : 0);
      if (name === 'failed') await expect(page.getByTestId(`${prefix}-error`)).toContainText(context.error!);
      else await expect(page.getByTestId(`${prefix}-error`)).toHaveCount(0);
      if (draft.fields.length > 0 && name === 'idle') await expectAccessible(page, `[data-testid="${prefix}-page"]`, options.accessibleName);
    },

    async teardown(page) {
      await keepSession(page);
    },
  };
}
