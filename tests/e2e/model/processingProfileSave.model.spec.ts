/**
 * The processing profile save's generated paths (packages/machines processingProfileSave.model.ts) run against the
 * real dialog (`apps/web/src/processingProfiles/ProcessingProfileDialog.tsx`) on the Processing profiles page
 * (`/fotoweb/views/processing-profiles`) in Chromium. The profile list answers the model's profile "Web 1200" through
 * `page.route` (the stack keeps no such profile), and the PUT to it (or, adding, the POST to the list) is held until
 * the path says how it ends: the saved profile, or the DAM's 409, 400 (at the size) or 403.
 *
 * SAVE fills the dialog as the event's values say (name, "Original size", size, format, quality, watermark) and presses Save.
 * Every state is checked on screen: each problem or the DAM's message at its field (or above the form when it names
 * none), the pending save, and the closed dialog.
 *
 * The machine's membership step is never reached (a profile has no membership lists: the dialog always sends
 * `membershipsChanged: false`), so full coverage is not required; every other state and transition is run.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  processingProfileErrorField,
  type ProcessingProfileField,
  type ProcessingProfileFormValues,
  type ProcessingProfileProblem,
} from '@magpie/machines/processingProfileSave/processingProfileSave.machine.ts';
import {
  MODEL_NEW_PROFILE,
  MODEL_NEW_PROFILE_SAVES,
  MODEL_PROFILE,
  MODEL_PROFILE_LIST,
  MODEL_PROFILE_ORIGINAL,
  MODEL_PROFILE_SAVES,
  processingProfileSaveModel,
  processingProfileSaveModelFor,
} from '@magpie/machines/processingProfileSave/processingProfileSave.model.ts';
import type { FormSaveContext } from '@magpie/machines/formSave/createFormSaveMachine.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ACT = { timeout: 15_000 };
const FIELDS: readonly ProcessingProfileField[] = ['name', 'size', 'format', 'quality'];

/** A profile as the DAM answers it (dam.yaml `ProcessingProfile`). */
function wireProfile(href: string, values: ProcessingProfileFormValues) {
  return {
    id: href.split('/').pop()!,
    href,
    name: values.name.trim(),
    size: values.originalSize ? null : Number(values.size),
    format: values.format,
    quality: Number(values.quality),
    watermark: values.watermark,
  };
}

/** Answers the model's profile list and holds the PUT to {@link MODEL_PROFILE} and the POST to the list. */
class ProfileNetwork {
  private readonly held: Route[] = [];
  readonly puts: unknown[] = [];
  readonly posts: unknown[] = [];
  /** The last refusal the path answered, for the field its message shows at. */
  lastError: unknown;

  async install(page: Page): Promise<void> {
    await page.route(
      (url) => url.pathname === MODEL_PROFILE_LIST || url.pathname === MODEL_PROFILE.href,
      (route) => {
        const method = route.request().method();
        if (method === 'GET') return route.fulfill({ json: { data: [wireProfile(MODEL_PROFILE.href, MODEL_PROFILE_ORIGINAL)] } });
        (method === 'POST' ? this.posts : this.puts).push(route.request().postDataJSON());
        this.held.push(route);
      },
    );
  }

  async take(): Promise<Route> {
    await expect.poll(() => this.held.length, { message: 'the dialog sends the profile' }).toBe(1);
    return this.held.shift()!;
  }

  pending(): number {
    return this.held.length;
  }
}

const dialog = (page: Page) => page.getByTestId('processing-profile-dialog');

/** Opens the Processing profiles page signed in. */
async function openProfiles(page: Page, credentials: { readonly username: string; readonly password: string }): Promise<void> {
  await ensureSignedIn(page, credentials);
  await page.goto('/fotoweb/views/processing-profiles');
  await expect(page.getByTestId('processing-profiles-view').getByRole('heading', { name: 'Processing profiles' })).toBeVisible(ACT);
}

/** Fills the dialog with `values`: the size only when "Original size" is off (the input is disabled otherwise). */
async function fill(page: Page, values: ProcessingProfileFormValues): Promise<void> {
  const form = dialog(page);
  await form.getByTestId('processing-profile-name').fill(values.name, ACT);
  const original = form.getByTestId('processing-profile-original-size');
  if ((await original.locator('input').isChecked()) !== values.originalSize) await original.click(ACT);
  if (values.originalSize) await expect(form.getByTestId('processing-profile-size')).toBeDisabled();
  else await form.getByTestId('processing-profile-size').fill(values.size, ACT);
  await form.getByTestId('processing-profile-format').selectOption(values.format, ACT);
  await form.getByTestId('processing-profile-quality').fill(values.quality, ACT);
  const watermark = form.getByTestId('processing-profile-watermark');
  if ((await watermark.locator('input').isChecked()) !== values.watermark) await watermark.click(ACT);
}

/** Checks the dialog in `state`: closed once saved, else its state, and each message at its field or above the form. */
async function assertDialog(state: AnyMachineSnapshot, page: Page, network: ProfileNetwork): Promise<void> {
  await expect.poll(() => network.pending()).toBe(state.matches('saving') ? 1 : 0);
  if (state.matches('saved')) {
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.getByTestId('processing-profiles-view')).toBeVisible();
    return;
  }
  await expect(dialog(page)).toHaveAttribute('data-state', String(state.value));
  if (state.matches('saving')) return;
  const { problems, error } = state.context as FormSaveContext<ProcessingProfileFormValues, ProcessingProfileProblem, typeof MODEL_PROFILE>;
  const refused = error === undefined ? undefined : processingProfileErrorField(network.lastError);
  for (const field of FIELDS) {
    const message = problems.find((problem) => problem.field === field)?.message ?? (refused === field ? error : undefined);
    const shown = dialog(page).getByTestId(`processing-profile-${field}-error`);
    if (message === undefined) await expect(shown).toHaveCount(0);
    else await expect(shown).toHaveText(message);
  }
  const above = dialog(page).getByTestId('processing-profile-error');
  if (error !== undefined && refused === undefined) await expect(above).toContainText(error);
  else await expect(above).toHaveCount(0);
}

const adapter: ScreenAdapter<{ readonly network: ProfileNetwork }> = {
  async setup(page, { credentials }) {
    const network = new ProfileNetwork();
    await network.install(page);
    await openProfiles(page, credentials);
    await page.getByRole('button', { name: `Edit ${MODEL_PROFILE_ORIGINAL.name}` }).click(ACT);
    await expect(dialog(page).getByTestId('processing-profile-size')).toHaveValue(MODEL_PROFILE_ORIGINAL.size);
    await expectAccessible(page, '[data-testid="processing-profile-dialog"]', 'edit processing profile dialog');
    return { network };
  },

  async perform(event: EventObject, page, { network }) {
    const payload = event as EventObject & { values?: ProcessingProfileFormValues; error?: { status: number; responseJSON: unknown } };
    switch (event.type) {
      case 'SAVE':
        await fill(page, payload.values!);
        return dialog(page).getByTestId('processing-profile-save').click(ACT);
      case 'xstate.done.actor.save': {
        const route = await network.take();
        const created = route.request().method() === 'POST';
        const href = created ? MODEL_NEW_PROFILE.href : MODEL_PROFILE.href;
        const body = route.request().postDataJSON() as { name: string; size: number | null; format: string; quality: number };
        return route.fulfill({ status: created ? 201 : 200, json: { id: href.split('/').pop(), href, ...body } });
      }
      case 'xstate.error.actor.save': {
        const { status, responseJSON } = payload.error!;
        network.lastError = payload.error;
        return (await network.take()).fulfill({ status, json: responseJSON });
      }
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, { network }) {
    // An edit PUTs the whole changed profile, never anything else; nothing is created (dam.yaml updateProcessingProfile).
    expect(network.posts).toEqual([]);
    for (const body of network.puts) expect(body).toEqual({ name: 'Web 1200', size: null, format: MODEL_PROFILE_SAVES.changed.format, quality: 70, watermark: true });
    await assertDialog(state, page, network);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

// The membership step of the shared form-save machine is unreachable from this dialog (see the module comment).
registerModelTests({ model: processingProfileSaveModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, requireFullCoverage: false, timeoutMs: 120_000 });

/** The New profile dialog: SAVE fills what the add model's events give (`MODEL_NEW_PROFILE_SAVES`). */
const addAdapter: ScreenAdapter<{ readonly network: ProfileNetwork }> = {
  async setup(page, { credentials }) {
    const network = new ProfileNetwork();
    await network.install(page);
    await openProfiles(page, credentials);
    await page.getByTestId('processing-profile-create').click(ACT);
    await expect(dialog(page).getByRole('heading', { name: 'New processing profile' })).toBeVisible();
    return { network };
  },

  perform: adapter.perform,

  async assertState(state, page, { network }) {
    // The new profile is POSTed whole, every time (dam.yaml createProcessingProfile); nothing is PUT.
    expect(network.puts).toEqual([]);
    for (const body of network.posts) expect(body).toEqual({ name: 'Thumbnail 200', size: 200, format: MODEL_NEW_PROFILE_SAVES.valid.format, quality: 90, watermark: false });
    await assertDialog(state, page, network);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({
  model: processingProfileSaveModelFor('add'),
  variant: 'shortest',
  adapter: addAdapter,
  select: 'cover',
  maxPaths: 8,
  requireFullCoverage: false,
  timeoutMs: 120_000,
});
