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
import { EMPTY_PROFILE_ID, prepareArchiveForSave, type ArchiveDraft } from './archiveValidation.ts';

/** Names of the archives that already exist. */
export const MODEL_EXISTING_NAMES: readonly string[] = ['Photos', 'Press'];

const MEMBERS: ArchiveDraft['MemberList'] = [
  { Id: 10000, Name: 'Everyone', Permissions: ['View', 'Preview'], MemberType: 'group' },
  { Id: 15001, Name: 'Ada Admin', Permissions: ['View', 'Preview', 'Download', 'Delete'], MemberType: 'user' },
];

/** A new archive as the dialog opens it: nothing chosen, one complete and one half-filled custom property. */
export const MODEL_NEW_ARCHIVE: ArchiveDraft = {
  Name: '',
  MetadataSetId: '',
  Path: '',
  Pool: null,
  MemberList: MEMBERS,
  Properties: [
    { key: 'department', value: 'Marketing' },
    { key: 'note', value: '' },
  ],
  EnableConsentManagement: false,
  DownloadProcessing: { ProcessingType: 0, SpecificProcessingProfile: EMPTY_PROFILE_ID, CustomProcessingProfileSet: EMPTY_PROFILE_ID },
};

/** An existing, valid archive named Photos (edit mode). */
export const MODEL_EXISTING_ARCHIVE: ArchiveDraft = {
  ...MODEL_NEW_ARCHIVE,
  Id: 5000,
  Name: 'Photos',
  MetadataSetId: 'ms-default',
  Pool: 'pool-1',
};

/** The machine input per variant: `shortest` creates a new archive, `simple` edits Photos. */
export const ARCHIVE_MODEL_INPUTS: Readonly<Record<PathVariant, ArchiveSaveInput>> = {
  shortest: { archive: MODEL_NEW_ARCHIVE, existingNames: MODEL_EXISTING_NAMES },
  simple: { archive: MODEL_EXISTING_ARCHIVE, existingNames: MODEL_EXISTING_NAMES },
};

/** The id the server gives a new archive in the model. */
export const MODEL_NEW_ARCHIVE_ID = 5001;

/** Every failed save of spec 03 §8: each server value, a heading, a heading with 500, no body. */
export const MODEL_SAVE_FAILURES: readonly unknown[] = [
  { status: 400, responseJSON: { value: 'name_required' } },
  { status: 409, responseJSON: { value: 'name_exists' } },
  { status: 400, responseJSON: { value: 'metadata_invalid' } },
  { status: 400, responseJSON: { value: 'path_invalid' } },
  { status: 400, responseJSON: { value: 'processing_profile_invalid' } },
  { status: 400, responseJSON: { value: 'processing_profile_set_invalid' } },
  { status: 403, responseJSON: { value: 'too_many_archives' } },
  { status: 403, responseJSON: { heading: 'You may not configure archives' } },
  { status: 500, responseJSON: { heading: 'Database unavailable' } },
  { status: 503 },
];

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;
const edit = (changes: Partial<ArchiveDraft>) => event('EDIT', { changes });
const processing = (ProcessingType: number, profile = EMPTY_PROFILE_ID, profileSet = EMPTY_PROFILE_ID) =>
  edit({ DownloadProcessing: { ProcessingType, SpecificProcessingProfile: profile, CustomProcessingProfileSet: profileSet } });

/**
 * Creating: the form is filled in order (name, metadata set, pool or path); an invalid processing choice is only
 * made on the untouched form, so a first SAVE shows four problems together and later edits fix them one by one.
 */
function newArchiveEdits(archive: ArchiveDraft): EventObject[] {
  const events: EventObject[] = [];
  const located = Boolean(archive.Pool) || Boolean(archive.Path);
  if (archive.Name === '') events.push(edit({ Name: 'photos ' }), edit({ Name: 'Campaigns' }));
  if (archive.Name === 'photos ') events.push(edit({ Name: 'Campaigns' }));
  if (archive.Name === 'Campaigns' && archive.MetadataSetId === '') events.push(edit({ MetadataSetId: 'ms-press' }));
  if (archive.MetadataSetId !== '' && !located) events.push(edit({ Pool: 'pool-2' }), edit({ Path: '\\\\nas\\campaigns' }));
  const { ProcessingType, SpecificProcessingProfile, CustomProcessingProfileSet } = archive.DownloadProcessing;
  if (archive.Name === '' && ProcessingType === 0) events.push(processing(1), processing(2));
  if (located && ProcessingType === 1 && SpecificProcessingProfile === EMPTY_PROFILE_ID) events.push(processing(1, 'pp-web'));
  if (located && ProcessingType === 2 && CustomProcessingProfileSet === EMPTY_PROFILE_ID) {
    events.push(processing(2, EMPTY_PROFILE_ID, 'pps-print'));
  }
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
      const { DownloadProcessing, Pool } = context.archive;
      // Every §8 failure once, from the plainest valid archive; elsewhere one failure is enough.
      const plain = Boolean(Pool) && DownloadProcessing.ProcessingType === 0;
      const failures =
        variant === 'shortest' && plain ? MODEL_SAVE_FAILURES : [{ status: 409, responseJSON: { value: 'name_exists' } }, { status: 503 }].slice(0, variant === 'simple' ? 2 : 1);
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
 * The archive save dialog's {@link MachineModel}: `shortest` creates a new archive through every §5 problem and
 * every §8 server failure; `simple` edits an existing one (rename to a taken name and back, save, fail, retry).
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
