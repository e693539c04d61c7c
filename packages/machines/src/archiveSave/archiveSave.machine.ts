/**
 * Archive save: the archive add/edit dialog from open to saved (spec 03 §2.12 Archive add/edit dialog, §4 "Archive
 * dialog: open, saving (loading indicator), then closed on success (returning the saved archive), or an error message
 * is shown and the dialog stays open", §5 Archive save, §7 POST/PUT /fotoweb/api/config/archives, §8 Archive save).
 *
 * open → saving → closed. SAVE checks every §5 rule first and shows all problems together; only a valid archive is
 * sent. A server error keeps the dialog open with its §8 messages, one per problem the server listed.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { archiveSaveErrorMessages, prepareArchiveForSave, validateArchive, type ArchiveDraft, type ArchiveValidationError } from './archiveValidation.ts';

/**
 * Input of {@link archiveSaveMachine}.
 *
 * - `archive`: the archive to edit, or the defaults of a new one (no `Id`);
 * - `existingNames`: names of the other archives (spec 03 §5 uniqueness); may include the archive's own name.
 */
export interface ArchiveSaveInput {
  readonly archive: ArchiveDraft;
  readonly existingNames: readonly string[];
}

/**
 * Input of the injected `saveArchive` actor: `create` → `POST /fotoweb/api/config/archives`, `update` →
 * `PUT /fotoweb/api/config/archives/{archive.Id}` (spec 03 §7); `archive` is already prepared for saving.
 */
export interface SaveArchiveInput {
  readonly mode: 'create' | 'update';
  readonly archive: ArchiveDraft;
}

/**
 * Context of {@link archiveSaveMachine}.
 *
 * - `archive`: the draft as edited; `isNew`: no `Id` when opened; `originalName`: the name when opened (edit only);
 * - `existingNames`: the other archives' names;
 * - `saveAttempted`: SAVE was pressed once; from then on every EDIT re-checks the rules so the list shrinks as the
 *   administrator fixes things;
 * - `validationErrors`: every §5 problem found by the last check (empty when none or not yet checked);
 * - `serverErrors`: the §8 messages of the last failed save, one per problem the answer lists (`issues`), else one;
 *   empty when the last save did not fail (cleared by the next EDIT or SAVE);
 * - `saved`: the archive the server answered with.
 */
export interface ArchiveSaveContext {
  readonly archive: ArchiveDraft;
  readonly isNew: boolean;
  readonly originalName: string | undefined;
  readonly existingNames: readonly string[];
  readonly saveAttempted: boolean;
  readonly validationErrors: readonly ArchiveValidationError[];
  readonly serverErrors: readonly string[];
  readonly saved: ArchiveDraft | undefined;
}

/**
 * Events: `EDIT {changes}` merges top-level archive fields (a field the dialog changed, e.g. `{Name}` or a whole
 * `{DownloadProcessing}`); `SAVE`; `CLOSE` (the dialog's close button: static backdrop, no keyboard close, spec 03
 * §2.12). EDIT and CLOSE are ignored while saving.
 */
export type ArchiveSaveEvent = { type: 'EDIT'; changes: Partial<ArchiveDraft> } | { type: 'SAVE' } | { type: 'CLOSE' };

/** Output once `closed`: the saved archive, or `cancelled`. */
export type ArchiveSaveOutput = { readonly status: 'saved'; readonly archive: ArchiveDraft } | { readonly status: 'cancelled' };

function rulesOf(context: Pick<ArchiveSaveContext, 'existingNames' | 'originalName'>) {
  return { existingNames: context.existingNames, originalName: context.originalName };
}

/**
 * The archive save machine (spec 03 §2.12, §4, §5, §7, §8).
 *
 * States: `open` (editing; `validationErrors` and `serverErrors` shown), `saving` (loading indicator; runs
 * `saveArchive`), `closed` (final; output {@link ArchiveSaveOutput}).
 *
 * Actor to provide with `.provide({actors: {saveArchive}})`: {@link SaveArchiveInput} → the saved archive;
 * rejects with `ArchiveSaveRequestError` (`{status, responseJSON: {value, heading, issues}}`). The built-in one rejects,
 * which shows the general message.
 */
export const archiveSaveMachine = setup({
  types: {
    context: {} as ArchiveSaveContext,
    events: {} as ArchiveSaveEvent,
    input: {} as ArchiveSaveInput,
    output: {} as ArchiveSaveOutput,
  },
  actors: {
    saveArchive: fromPromise<ArchiveDraft, SaveArchiveInput>(async () => {
      throw new Error('archiveSave: provide `saveArchive` with .provide()');
    }),
  },
  guards: {
    'isArchiveValid?': ({ context }) => validateArchive(context.archive, rulesOf(context)).length === 0,
  },
  actions: {
    applyEdit: assign(({ context, event }) => {
      assertEvent(event, 'EDIT');
      const archive = { ...context.archive, ...event.changes } as ArchiveDraft;
      // After a first SAVE the problem list follows the edits; before it, nothing is shown yet. An edit makes the
      // server's last answer stale, so its message goes; the next SAVE asks again.
      return {
        archive,
        validationErrors: context.saveAttempted ? validateArchive(archive, rulesOf(context)) : [],
        serverErrors: [],
      };
    }),
    showValidationErrors: assign(({ context }) => ({
      saveAttempted: true,
      serverErrors: [],
      validationErrors: validateArchive(context.archive, rulesOf(context)),
    })),
    startSave: assign({ saveAttempted: true, validationErrors: [], serverErrors: [] }),
    storeSaved: assign((_, saved: ArchiveDraft) => ({ saved })),
    showServerErrors: assign((_, params: { error: unknown; sent: ArchiveDraft }) => ({ serverErrors: archiveSaveErrorMessages(params.error, params.sent) })),
  },
}).createMachine({
  id: 'archiveSave',
  initial: 'open',
  context: ({ input }) => {
    const isNew = input.archive.Id === undefined || input.archive.Id === null;
    return {
      archive: input.archive,
      isNew,
      originalName: isNew ? undefined : input.archive.Name,
      existingNames: input.existingNames,
      saveAttempted: false,
      validationErrors: [],
      serverErrors: [],
      saved: undefined,
    };
  },
  states: {
    open: {
      on: {
        EDIT: { actions: 'applyEdit' },
        SAVE: [
          { guard: 'isArchiveValid?', target: 'saving', actions: 'startSave' },
          // spec 03 §5: every problem is collected and shown together; nothing is sent.
          { actions: 'showValidationErrors' },
        ],
        CLOSE: 'closed',
      },
    },
    saving: {
      invoke: {
        id: 'saveArchive',
        src: 'saveArchive',
        input: ({ context }) => ({
          mode: context.isNew ? 'create' : 'update',
          archive: prepareArchiveForSave(context.archive),
        }),
        onDone: { target: 'closed', actions: { type: 'storeSaved', params: ({ event }) => event.output } },
        // spec 03 §4, §8: the dialog stays open with the message.
        onError: {
          target: 'open',
          actions: { type: 'showServerErrors', params: ({ context, event }) => ({ error: event.error, sent: prepareArchiveForSave(context.archive) }) },
        },
      },
    },
    closed: { type: 'final' },
  },
  output: ({ context }): ArchiveSaveOutput => (context.saved ? { status: 'saved', archive: context.saved } : { status: 'cancelled' }),
});
