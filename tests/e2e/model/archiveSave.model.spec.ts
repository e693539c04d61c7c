/**
 * The archive save's generated paths (packages/machines archiveSave.model.ts) run against the real archive dialog
 * (`apps/web/src/archives/ArchiveDialog.tsx`) in Chromium on the real stack: the admin opens "Add new archive" on the
 * archives listing. The dialog's configuration loads of the archives and the metadata views are answered with the
 * model's archives, Photos and Press (their names must stay unique), and their two views; the pools are the DAM's. The
 * archive POST is held until the path says how it ends, so nothing is stored.
 *
 * EDIT types the name or chooses the metadata view, SAVE and CLOSE press Save and Cancel; a done event answers the
 * POST with the archive as saved, an error event with the failure's status and body. Every state is checked on
 * screen: the problems of §5 and the messages of §8 (one per problem the answer lists), the pending save, the
 * closed dialog.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { ArchiveSaveContext } from '@magpie/machines/archiveSave/archiveSave.machine.ts';
import type { ArchiveDraft } from '@magpie/machines/archiveSave/archiveValidation.ts';
import { archiveSaveModel, MODEL_EXISTING_NAMES, MODEL_METADATA_SET_ID, MODEL_POOL } from '@magpie/machines/archiveSave/archiveSave.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';
import { ACT } from './usersAndGroupsScreen.ts';

const ARCHIVE_CONFIGS = '/fotoweb/api/config/archives';
const METADATA_VIEWS = '/fotoweb/api/config/metadataviews';

/** An archive as the DAM answers it (dam.yaml ArchiveConfig), from a body as the dialog sends it. */
function wireArchive(id: number, body: Record<string, unknown>) {
  return {
    Description: '',
    Path: null,
    MemberList: [],
    Properties: [],
    EnableConsentManagement: false,
    InputFolder: '',
    InputLocation: '',
    MetadataMacros: [],
    DownloadProcessing: { ProcessingType: 0, SpecificProcessingProfile: null, CustomProcessingProfileSet: null },
    SocialSettings: { AnnotationsEnabled: false },
    NavigationPaneControl: { ShowFolders: true },
    Renditions: { WatermarkId: null, QuickRenditionSetId: null, CropProfileSetId: null },
    SortId: 0,
    ...body,
    Id: id,
    href: `${ARCHIVE_CONFIGS}/${id}`,
    collectionHref: `/fotoweb/archives/${id}-${String(body['Name'])}/`,
    assetCount: 0,
  };
}

/** The model's archives (their names are taken) and their metadata views, one each. */
const MODEL_ARCHIVES = MODEL_EXISTING_NAMES.map((Name, index) => ({ Id: 6000 + index, Name, MetadataSetId: index === 0 ? 'ms-default' : MODEL_METADATA_SET_ID }));
const EXISTING = MODEL_ARCHIVES.map(({ Id, Name, MetadataSetId }) => wireArchive(Id, { Name, MetadataSetId, Pool: MODEL_POOL }));

/** `GET /fotoweb/api/config/metadataviews`: the views of the model's archives. */
const VIEWS = MODEL_ARCHIVES.map(({ Id, Name, MetadataSetId }) => ({
  Id: MetadataSetId,
  Name: `${Name} view`,
  href: `/fotoweb/editors/${MetadataSetId}`,
  UsedBy: [{ Id, Name, SortId: 0 }],
}));

/** Answers the configuration loads and holds the archive POSTs. */
class ArchiveNetwork {
  private readonly held: Route[] = [];
  readonly posts: Record<string, unknown>[] = [];

  async install(page: Page): Promise<void> {
    await page.route(
      (url) => url.pathname === METADATA_VIEWS,
      (route) => route.fulfill({ json: { data: VIEWS } }),
    );
    await page.route(
      (url) => url.pathname === ARCHIVE_CONFIGS,
      (route) => {
        if (route.request().method() === 'GET') return route.fulfill({ json: { data: EXISTING, paging: null } });
        this.posts.push(route.request().postDataJSON() as Record<string, unknown>);
        this.held.push(route);
        return undefined;
      },
    );
  }

  async take(): Promise<Route> {
    await expect.poll(() => this.held.length, { message: 'the dialog sends the archive POST' }).toBe(1);
    return this.held.shift()!;
  }

  pending(): number {
    return this.held.length;
  }
}

/**
 * A failure's body as the DAM sends it (dam.yaml ErrorBody: `value` and `message` always): the model gives the parts
 * FotoWeb clients read (`value`, `heading`, `issues`); the rest is filled in with what the DAM says for the status.
 */
function errorBody(status: number, responseJSON: Record<string, unknown>): Record<string, unknown> {
  const generic = status === 403 ? 'Forbidden' : status >= 500 ? 'InternalError' : 'InvalidRequest';
  return { value: generic, message: 'The archive was not saved.', ...responseJSON };
}

const contextOf = (state: AnyMachineSnapshot) => state.context as ArchiveSaveContext;
const dialog = (page: Page) => page.getByTestId('archive-dialog');

const adapter: ScreenAdapter<{ readonly network: ArchiveNetwork }> = {
  async setup(page, { credentials }) {
    const network = new ArchiveNetwork();
    await network.install(page);
    await openSignedIn(page, credentials);
    await page.getByTestId('add-archive-tile').click(ACT);
    await expect(dialog(page).getByTestId('archive-dialog-title')).toHaveText('Add archive');
    await expect(dialog(page)).toHaveAttribute('data-save-state', 'open');
    await expectAccessible(page, '[data-testid="archive-dialog"]', 'add archive dialog');
    return { network };
  },

  async perform(event: EventObject, page, { network }) {
    const payload = event as EventObject & { changes?: Partial<ArchiveDraft>; output?: Record<string, unknown>; error?: { status: number; responseJSON?: unknown } };
    switch (event.type) {
      case 'EDIT': {
        const changes = payload.changes!;
        if (changes.Name !== undefined) await dialog(page).getByTestId('archive-name').fill(changes.Name, ACT);
        if (changes.MetadataSetId !== undefined) await dialog(page).getByTestId('archive-metadata-view').selectOption(String(changes.MetadataSetId), ACT);
        return;
      }
      case 'SAVE':
        return dialog(page).getByTestId('archive-save').click(ACT);
      case 'CLOSE':
        return dialog(page).getByTestId('archive-cancel').click(ACT);
      case 'xstate.done.actor.saveArchive': {
        const route = await network.take();
        const body = route.request().postDataJSON() as Record<string, unknown>;
        return route.fulfill({ status: 201, json: wireArchive(Number(payload.output!['Id']), body) });
      }
      case 'xstate.error.actor.saveArchive': {
        const { status, responseJSON } = payload.error!;
        const route = await network.take();
        return responseJSON === undefined ? route.fulfill({ status, body: '' }) : route.fulfill({ status, json: errorBody(status, responseJSON as Record<string, unknown>) });
      }
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, { network }) {
    const context = contextOf(state);
    // Only archives that pass every §5 rule are sent, as the contract takes them: the pool, no path.
    for (const post of network.posts) expect(post).toMatchObject({ Name: 'Campaigns', MetadataSetId: MODEL_METADATA_SET_ID, Pool: MODEL_POOL, Path: null, MemberList: [] });
    await expect.poll(() => network.pending()).toBe(state.matches('saving') ? 1 : 0);
    if (state.matches('closed')) {
      await expect(dialog(page)).toHaveCount(0);
      await expect(page.getByTestId('archives-view')).toBeVisible();
      return;
    }
    await expect(dialog(page)).toHaveAttribute('data-save-state', String(state.value));
    await expect(dialog(page).getByTestId('archive-name')).toHaveValue(context.archive.Name);
    await expect(dialog(page).getByTestId('archive-metadata-view')).toHaveValue(String(context.archive.MetadataSetId ?? ''));
    if (state.matches('saving')) {
      await expect(dialog(page).getByTestId('archive-save')).toBeDisabled();
      return;
    }
    const messages = [...context.validationErrors.map((problem) => problem.message), ...context.serverErrors];
    if (messages.length > 0) await expect(dialog(page).getByTestId('archive-problem')).toHaveText(messages);
    else await expect(dialog(page).getByTestId('archive-problems')).toHaveCount(0);
    const nameInvalid = context.validationErrors.some((problem) => problem.field === 'Name');
    if (nameInvalid) await expect(dialog(page).getByTestId('archive-name')).toHaveAttribute('aria-invalid', 'true');
    else await expect(dialog(page).getByTestId('archive-name')).not.toHaveAttribute('aria-invalid', 'true');
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: archiveSaveModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 12, timeoutMs: 120_000 });
