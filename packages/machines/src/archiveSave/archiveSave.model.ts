/**
 * The archive save dialog's test model (spec 03 §2.12, §4 archive dialog, §5 Archive save, §8): the payload cases
 * that `archiveSave.test.ts` runs on real actors and `npm run paths -- archiveSave` prints for QA.
 *
 * The `saveArchive` invocation becomes its done/error events (testing/modelMachine.ts). Payloads are plain JSON: an
 * EDIT carries the changed top-level fields of the archive.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { archiveSaveMachine, type ArchiveSaveContext, type ArchiveSaveInput } from './archiveSave.machine.ts';
import { newArchiveDraft, prepareArchiveForSave, type ArchiveDraft } from './archiveValidation.ts';

/** Names of the archives that already exist. */
export const MODEL_EXISTING_NAMES: readonly string[] = ['Photos', 'Press'];

/** The one storage pool of the model's server (Magpie's: `default`; spec 03 §2.12 "other settings, including pools"). */
export const MODEL_POOL = 'default';

/** The metadata view the model's new archive chooses (one of the existing archives' views). */
export const MODEL_METADATA_SET_ID = 'ms-press';

const MEMBERS: ArchiveDraft['MemberList'] = [
  { Id: 10000, Name: 'Everyone', Permissions: ['View', 'Preview'], MemberType: 'group' },
  { Id: 15001, Name: 'Ada Admin', Permissions: ['View', 'Preview', 'Download', 'Delete'], MemberType: 'user' },
];

/**
 * A new archive as the add dialog opens it ({@link newArchiveDraft}): nothing named or chosen but the server's one
 * pool. What the dialog cannot offer on this server (a file-system path) and the download processing (a processing
 * profile is chosen in the archives journey, `archives.spec.ts`) are never edited here; `archiveValidation.test.ts`
 * states those rules directly.
 */
export const MODEL_NEW_ARCHIVE: ArchiveDraft = newArchiveDraft(MODEL_POOL);

/**
 * An existing, valid archive named Photos (edit mode), whose access list puts Everyone first and which keeps a
 * half-filled custom property: the save moves Everyone last and drops the property (spec 03 §4, §5).
 */
export const MODEL_EXISTING_ARCHIVE: ArchiveDraft = {
  ...MODEL_NEW_ARCHIVE,
  Id: 5000,
  Name: 'Photos',
  MetadataSetId: 'ms-default',
  MemberList: MEMBERS,
  Properties: [
    { key: 'department', value: 'Marketing' },
    { key: 'note', value: '' },
  ],
};

/** The machine input per variant: `shortest` creates a new archive, `simple` edits Photos. */
export const ARCHIVE_MODEL_INPUTS: Readonly<Record<PathVariant, ArchiveSaveInput>> = {
  shortest: { archive: MODEL_NEW_ARCHIVE, existingNames: MODEL_EXISTING_NAMES },
  simple: { archive: MODEL_EXISTING_ARCHIVE, existingNames: MODEL_EXISTING_NAMES },
};

/** The id the server gives a new archive in the model. */
export const MODEL_NEW_ARCHIVE_ID = 5001;

/**
 * A refusal that lists several problems (dam.yaml `ErrorIssue`, each with its own value): two of §8 and one the
 * server words itself (an AutoSearch that does not parse); the dialog shows the three together.
 */
export const MODEL_SAVE_FAILURE_WITH_ISSUES = {
  status: 400,
  responseJSON: {
    value: 'name_exists',
    heading: 'The archive was not saved',
    message: 'Several problems.',
    issues: [
      { path: 'body.Name', value: 'name_exists', message: 'An archive named “Campaigns” exists already.' },
      { path: 'body.MetadataSetId', value: 'metadata_invalid', message: 'Choose a metadata view that exists.' },
      { path: 'body.MemberList.0.AutoSearch', value: 'InvalidSearchExpression', message: 'The AutoSearch filter does not parse: A quoted phrase is not closed.' },
    ],
  },
} as const;

/** Every failed save of spec 03 §8: each server value, a list of issues, a heading, a heading with 500, no body. */
export const MODEL_SAVE_FAILURES: readonly unknown[] = [
  { status: 400, responseJSON: { value: 'name_required' } },
  { status: 409, responseJSON: { value: 'name_exists' } },
  { status: 400, responseJSON: { value: 'metadata_invalid' } },
  { status: 400, responseJSON: { value: 'path_invalid' } },
  { status: 400, responseJSON: { value: 'processing_profile_invalid' } },
  { status: 400, responseJSON: { value: 'processing_profile_set_invalid' } },
  { status: 403, responseJSON: { value: 'too_many_archives' } },
  MODEL_SAVE_FAILURE_WITH_ISSUES,
  { status: 403, responseJSON: { heading: 'You may not configure archives' } },
  { status: 500, responseJSON: { heading: 'Database unavailable' } },
  { status: 503 },
];

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;
const edit = (changes: Partial<ArchiveDraft>) => event('EDIT', { changes });

/**
 * Creating: the name is typed (first a duplicate of "Photos" in another case with a trailing space, then a free
 * one), then the metadata view is chosen; a first SAVE on the untouched form shows both problems together, and
 * later edits fix them one by one.
 */
function newArchiveEdits(archive: ArchiveDraft): EventObject[] {
  const events: EventObject[] = [];
  if (archive.Name === '') events.push(edit({ Name: 'photos ' }), edit({ Name: 'Campaigns' }));
  if (archive.Name === 'photos ') events.push(edit({ Name: 'Campaigns' }));
  if (archive.Name === 'Campaigns' && archive.MetadataSetId === '') events.push(edit({ MetadataSetId: MODEL_METADATA_SET_ID }));
  return events;
}

/** Editing Photos: rename to a taken name and back to its own (unchanged names are never duplicates). */
function existingArchiveEdits(archive: ArchiveDraft): EventObject[] {
  return [edit({ Name: archive.Name === 'Photos' ? 'Press' : 'Photos' })];
}

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as ArchiveSaveContext;
    if (snapshot.matches('open')) {
      const edits = context.isNew ? newArchiveEdits(context.archive) : existingArchiveEdits(context.archive);
      return [event('SAVE'), event('CLOSE'), ...edits];
    }
    if (snapshot.matches('saving')) {
      const saved = prepareArchiveForSave(context.archive);
      const done = event('xstate.done.actor.saveArchive', {
        output: context.isNew ? { ...saved, Id: MODEL_NEW_ARCHIVE_ID } : saved,
      });
      // Creating: every §8 failure (the dialog reaches one valid archive); editing: a conflict and an outage.
      const failures = variant === 'shortest' ? MODEL_SAVE_FAILURES : [{ status: 409, responseJSON: { value: 'name_exists' } }, { status: 503 }];
      return [done, ...failures.map((error) => event('xstate.error.actor.saveArchive', { error }))];
    }
    return [];
  };
}

/** XState proposes every event a state handles, bare; keep only the cases {@link modelEvents} gave for this state. */
function modelFilter(variant: PathVariant) {
  const events = modelEvents(variant);
  return (snapshot: AnyMachineSnapshot, candidate: EventObject): boolean => {
    const key = JSON.stringify(candidate);
    return events(snapshot).some((listed) => JSON.stringify(listed) === key);
  };
}

const modelMachine = toTestModelMachine(archiveSaveMachine);

/** The `xstate/graph` test model of the dialog for a variant's scope, starting from {@link ARCHIVE_MODEL_INPUTS}. */
export function createArchiveSaveTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, {
    input: ARCHIVE_MODEL_INPUTS[variant],
    events: modelEvents(variant),
    filterEvents: modelFilter(variant),
    serializeState: (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot),
  });
}

/**
 * The archive save dialog's {@link MachineModel}, as the add/edit dialog offers it on a server with one storage pool
 * and no file-system paths (Magpie's), downloads left unmodified: `shortest` creates a new archive through the §5 problems
 * the dialog can produce and every §8 server failure; `simple` edits an existing one (rename to a taken name and back,
 * save, fail, retry).
 */
export const archiveSaveModel: MachineModel = {
  name: 'archiveSave',
  title: 'Add or edit an archive: fill the dialog, see every problem at once, save, or read the server error',
  spec: 'spec 03 §2.12 Archive add/edit dialog, §4 archive dialog, §5 Archive save, §7, §8 Archive save',
  machine: archiveSaveMachine,
  testModel(variant: PathVariant) {
    return createArchiveSaveTestModel(variant);
  },
};
