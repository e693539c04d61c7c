/**
 * The watermark save's generated paths (packages/machines watermarkSave.model.ts) run against the real dialog
 * (`apps/web/src/watermarks/WatermarkDialog.tsx`) on the Watermarks page (`/fotoweb/views/watermarks`) in Chromium.
 * The watermark list answers the model's watermark "Logo" (and its image) through `page.route` (the stack keeps no
 * such watermark), and the PUT to it (or, adding, the POST to the list) is held until the path says how it ends: the
 * saved watermark, or the DAM's 409, 400 (at the image) or 403.
 *
 * SAVE fills the dialog as the event's values say (name; the image: the model's `data:` URL given to the file input as
 * a file of its media type, or, for none, the chosen file removed; position, opacity, width) and presses Save. Every
 * state is checked on screen: each problem or the DAM's message at its field (or above the form when it names none),
 * the pending save, and the closed dialog.
 *
 * The machine's membership step is never reached (a watermark has no membership lists: the dialog always sends
 * `membershipsChanged: false`), so full coverage is not required; every other state and transition is run.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { watermarkBody, watermarkErrorField, type WatermarkField, type WatermarkFormValues, type WatermarkProblem } from '@magpie/machines/watermarkSave/watermarkSave.machine.ts';
import {
  MODEL_NEW_WATERMARK,
  MODEL_NEW_WATERMARK_SAVES,
  MODEL_WATERMARK,
  MODEL_WATERMARK_IMAGE,
  MODEL_WATERMARK_LIST,
  MODEL_WATERMARK_ORIGINAL,
  MODEL_WATERMARK_SAVES,
  watermarkSaveModel,
  watermarkSaveModelFor,
} from '@magpie/machines/watermarkSave/watermarkSave.model.ts';
import type { FormSaveContext } from '@magpie/machines/formSave/createFormSaveMachine.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ACT = { timeout: 15_000 };
const FIELDS: readonly WatermarkField[] = ['name', 'image', 'position', 'opacity', 'scale'];
const MODEL_IMAGE_HREF = `${MODEL_WATERMARK.href}/image`;

/** A `data:` URL as the file the dialog reads it from: its media type and bytes. */
function fileOf(dataUrl: string): { name: string; mimeType: string; buffer: Buffer } {
  const [head, payload] = dataUrl.split(',') as [string, string];
  const mimeType = head.slice('data:'.length).split(';')[0]!;
  return { name: `stamp.${mimeType.split('/')[1]}`, mimeType, buffer: Buffer.from(payload, 'base64') };
}

/** A watermark as the DAM answers it (dam.yaml `Watermark`), from what was sent (the 1 × 1 px model image). */
function wireWatermark(href: string, body: { name: string; position: string; opacity: number; scale: number }) {
  return { id: href.split('/').pop()!, href, imageHref: `${href}/image`, name: body.name, position: body.position, opacity: body.opacity, scale: body.scale, width: 1, height: 1 };
}

/** Answers the model's watermark list and image, and holds the PUT to {@link MODEL_WATERMARK} and the POST to the list. */
class WatermarkNetwork {
  private readonly held: Route[] = [];
  readonly puts: unknown[] = [];
  readonly posts: unknown[] = [];
  /** The last refusal the path answered, for the field its message shows at. */
  lastError: unknown;

  async install(page: Page): Promise<void> {
    await page.route(
      (url) => url.pathname === MODEL_WATERMARK_LIST || url.pathname === MODEL_WATERMARK.href || url.pathname === MODEL_IMAGE_HREF,
      (route) => {
        const method = route.request().method();
        const { pathname } = new URL(route.request().url());
        if (pathname === MODEL_IMAGE_HREF) return route.fulfill({ contentType: 'image/png', body: fileOf(MODEL_WATERMARK_IMAGE).buffer });
        if (method === 'GET') return route.fulfill({ json: { data: [wireWatermark(MODEL_WATERMARK.href, watermarkBody(MODEL_WATERMARK_ORIGINAL))] } });
        (method === 'POST' ? this.posts : this.puts).push(route.request().postDataJSON());
        this.held.push(route);
      },
    );
  }

  async take(): Promise<Route> {
    await expect.poll(() => this.held.length, { message: 'the dialog sends the watermark' }).toBe(1);
    return this.held.shift()!;
  }

  pending(): number {
    return this.held.length;
  }
}

const dialog = (page: Page) => page.getByTestId('watermark-dialog');

/** Opens the Watermarks page signed in. */
async function openWatermarks(page: Page, credentials: { readonly username: string; readonly password: string }): Promise<void> {
  await ensureSignedIn(page, credentials);
  await page.goto('/fotoweb/views/watermarks');
  await expect(page.getByTestId('watermarks-view').getByRole('heading', { name: 'Watermarks' })).toBeVisible(ACT);
}

/** Fills the dialog with `values`: the image as a chosen file, or none (a chosen file removed). */
async function fill(page: Page, values: WatermarkFormValues): Promise<void> {
  const form = dialog(page);
  await form.getByTestId('watermark-name').fill(values.name, ACT);
  if (values.image !== null) {
    await form.getByTestId('watermark-image').setInputFiles(fileOf(values.image), ACT);
    await expect(form.getByTestId('watermark-image-clear')).toBeVisible();
  } else if (await form.getByTestId('watermark-image-clear').isVisible()) {
    await form.getByTestId('watermark-image-clear').click(ACT);
    await expect(form.getByTestId('watermark-image-clear')).toHaveCount(0);
  }
  await form.getByTestId('watermark-position').selectOption(values.position, ACT);
  await form.getByTestId('watermark-opacity').fill(values.opacity, ACT);
  await form.getByTestId('watermark-scale').fill(values.scale, ACT);
}

/** Checks the dialog in `state`: closed once saved, else its state, and each message at its field or above the form. */
async function assertDialog(state: AnyMachineSnapshot, page: Page, network: WatermarkNetwork): Promise<void> {
  await expect.poll(() => network.pending()).toBe(state.matches('saving') ? 1 : 0);
  if (state.matches('saved')) {
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.getByTestId('watermarks-view')).toBeVisible();
    return;
  }
  await expect(dialog(page)).toHaveAttribute('data-state', String(state.value));
  if (state.matches('saving')) return;
  const { problems, error } = state.context as FormSaveContext<WatermarkFormValues, WatermarkProblem, typeof MODEL_WATERMARK>;
  const refused = error === undefined ? undefined : watermarkErrorField(network.lastError);
  for (const field of FIELDS) {
    const message = problems.find((problem) => problem.field === field)?.message ?? (refused === field ? error : undefined);
    const shown = dialog(page).getByTestId(`watermark-${field}-error`);
    if (message === undefined) await expect(shown).toHaveCount(0);
    else await expect(shown).toHaveText(message);
  }
  const above = dialog(page).getByTestId('watermark-error');
  if (error !== undefined && refused === undefined) await expect(above).toContainText(error);
  else await expect(above).toHaveCount(0);
}

const adapter: ScreenAdapter<{ readonly network: WatermarkNetwork }> = {
  async setup(page, { credentials }) {
    const network = new WatermarkNetwork();
    await network.install(page);
    await openWatermarks(page, credentials);
    await page.getByRole('button', { name: `Edit ${MODEL_WATERMARK_ORIGINAL.name}` }).click(ACT);
    await expect(dialog(page).getByTestId('watermark-opacity')).toHaveValue(MODEL_WATERMARK_ORIGINAL.opacity);
    await expect(dialog(page).getByRole('img', { name: 'The current image' })).toBeVisible();
    await expectAccessible(page, '[data-testid="watermark-dialog"]', 'edit watermark dialog');
    return { network };
  },

  async perform(event: EventObject, page, { network }) {
    const payload = event as EventObject & { values?: WatermarkFormValues; error?: { status: number; responseJSON: unknown } };
    switch (event.type) {
      case 'SAVE':
        await fill(page, payload.values!);
        return dialog(page).getByTestId('watermark-save').click(ACT);
      case 'xstate.done.actor.save': {
        const route = await network.take();
        const created = route.request().method() === 'POST';
        const href = created ? MODEL_NEW_WATERMARK.href : MODEL_WATERMARK.href;
        return route.fulfill({ status: created ? 201 : 200, json: wireWatermark(href, route.request().postDataJSON()) });
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
    // An edit PUTs the whole changed watermark with the new image, never anything else; nothing is created.
    expect(network.posts).toEqual([]);
    for (const body of network.puts) expect(body).toEqual(watermarkBody(MODEL_WATERMARK_SAVES.changed));
    await assertDialog(state, page, network);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

// The membership step of the shared form-save machine is unreachable from this dialog (see the module comment).
registerModelTests({ model: watermarkSaveModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, requireFullCoverage: false, timeoutMs: 120_000 });

/** The New watermark dialog: SAVE fills what the add model's events give (`MODEL_NEW_WATERMARK_SAVES`). */
const addAdapter: ScreenAdapter<{ readonly network: WatermarkNetwork }> = {
  async setup(page, { credentials }) {
    const network = new WatermarkNetwork();
    await network.install(page);
    await openWatermarks(page, credentials);
    await page.getByTestId('watermark-create').click(ACT);
    await expect(dialog(page).getByRole('heading', { name: 'New watermark' })).toBeVisible();
    return { network };
  },

  perform: adapter.perform,

  async assertState(state, page, { network }) {
    // The new watermark is POSTed whole with its image, every time (dam.yaml createWatermark); nothing is PUT.
    expect(network.puts).toEqual([]);
    for (const body of network.posts) expect(body).toEqual(watermarkBody(MODEL_NEW_WATERMARK_SAVES.valid));
    await assertDialog(state, page, network);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({
  model: watermarkSaveModelFor('add'),
  variant: 'shortest',
  adapter: addAdapter,
  select: 'cover',
  maxPaths: 8,
  requireFullCoverage: false,
  timeoutMs: 120_000,
});
