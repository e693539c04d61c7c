import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { archiveSaveMachine, type ArchiveSaveEvent, type ArchiveSaveInput, type SaveArchiveInput } from './archiveSave.machine.ts';
import { ARCHIVE_MODEL_INPUTS, archiveSaveModel } from './archiveSave.model.ts';
import { ARCHIVE_SAVE_GENERAL_ERROR, EMPTY_PROFILE_ID, prepareArchiveForSave, SPECIAL_MEMBER_ID, validateArchive, type ArchiveDraft } from './archiveValidation.ts';

const shortestPaths = archiveSaveModel.testModel('shortest').getShortestPaths();
const simplePaths = archiveSaveModel.testModel('simple').getSimplePaths();

/** spec 03 §8: the messages expected for each server failure the model produces. */
function expectedServerMessages(error: { status?: number; responseJSON?: { value?: string; heading?: string; issues?: unknown[] } }): string[] {
  if (error.responseJSON?.issues) {
    // MODEL_SAVE_FAILURE_WITH_ISSUES: two §8 values and the server's own sentence (the model's new archive has no members).
    return ['archive name must be unique', 'metadata set is required', 'The AutoSearch filter does not parse: A quoted phrase is not closed.'];
  }
  return [expectedServerMessage(error)];
}

function expectedServerMessage(error: { status?: number; responseJSON?: { value?: string; heading?: string } }): string {
  const byValue: Record<string, string> = {
    name_required: 'archive name is required',
    name_exists: 'archive name must be unique',
    metadata_invalid: 'metadata set is required',
    path_invalid: 'metadata set is required',
    processing_profile_invalid: 'processing profile is required',
    processing_profile_set_invalid: 'processing profile set is required',
    too_many_archives: 'too many archives',
  };
  const value = error.responseJSON?.value;
  if (value !== undefined) return byValue[value] ?? 'unexpected';
  if (error.responseJSON?.heading && error.status !== 500) return error.responseJSON.heading;
  return ARCHIVE_SAVE_GENERAL_ERROR;
}

/** spec 03 §5, written out independently of `validateArchive`: the messages for the model's archives, in order. */
function expectedProblems(archive: ArchiveDraft, input: ArchiveSaveInput): string[] {
  const problems: string[] = [];
  const name = archive.Name.trim().toLowerCase();
  const original = input.archive.Id === undefined ? undefined : input.archive.Name.toLowerCase();
  if (name === '') problems.push('archive name is required');
  else if (name !== original && input.existingNames.some((n) => n.toLowerCase() === name)) problems.push('archive name must be unique');
  if (!archive.MetadataSetId) problems.push('metadata set is required');
  if (!archive.Path && !archive.Pool) problems.push('path or pool is required');
  const { ProcessingType: type, SpecificProcessingProfile: profile, CustomProcessingProfileSet: set } = archive.DownloadProcessing;
  if (type === 1 && (!profile || profile === EMPTY_PROFILE_ID)) problems.push('processing profile is required');
  if (type === 2 && (!set || set === EMPTY_PROFILE_ID)) problems.push('processing profile set is required');
  return problems;
}

function createArchiveDriver(input: ArchiveSaveInput, coverage?: CoverageTracker): PathDriver {
  const saves = createControlledPromiseActor<ArchiveDraft, SaveArchiveInput>();
  const actor = createActor(archiveSaveMachine.provide({ actors: { saveArchive: saves.logic } }), {
    input,
    clock: new SimulatedClock(),
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  let answered: ArchiveDraft | undefined;

  return {
    async exec(event: EventObject) {
      const before = actor.getSnapshot();
      const payload = event as unknown as { output?: ArchiveDraft; error?: never };
      switch (event.type) {
        case 'xstate.done.actor.saveArchive':
          answered = payload.output;
          saves.current().resolve(payload.output as ArchiveDraft);
          break;
        case 'xstate.error.actor.saveArchive':
          saves.current().reject(payload.error);
          await flushPromises();
          // spec 03 §4, §8: the dialog stays open with the mapped message.
          expect(actor.getSnapshot().value).toBe('open');
          expect(actor.getSnapshot().context.serverErrors).toEqual(expectedServerMessages(payload.error as never));
          return;
        default:
          actor.send(event as ArchiveSaveEvent);
      }
      await flushPromises();
      const after = actor.getSnapshot();
      if (event.type === 'SAVE') {
        const problems = expectedProblems(before.context.archive, input);
        // spec 03 §5: every problem at once, nothing sent; or a valid archive goes to saving.
        if (problems.length > 0) {
          expect(after.value).toBe('open');
          expect(after.context.validationErrors.map((e) => e.message)).toEqual(problems);
        } else {
          expect(after.value).toBe('saving');
        }
      }
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      expect(context.isNew).toBe(input.archive.Id === undefined);
      expect(saves.pending()).toHaveLength(snapshot.matches('saving') ? 1 : 0);
      // Only valid archives are ever sent, prepared as spec 03 §4/§5 say.
      for (const { input: request } of saves.invocations) {
        expect(validateArchive(request.archive, { existingNames: input.existingNames, originalName: context.originalName })).toEqual([]);
        expect(request.mode).toBe(context.isNew ? 'create' : 'update');
        expect(request.archive.Properties.every((p) => p.key !== '' && p.value !== '')).toBe(true);
        const special = request.archive.MemberList.findIndex((m) => m.Id === SPECIAL_MEMBER_ID);
        if (special >= 0) expect(special).toBe(request.archive.MemberList.length - 1);
      }
      if (context.saveAttempted) {
        expect(context.validationErrors.map((e) => e.message)).toEqual(snapshot.matches('saving') ? [] : expectedProblems(context.archive, input));
      } else {
        expect(context.validationErrors).toEqual([]);
        expect(context.serverErrors).toEqual([]);
      }
      // A server error is only ever shown for an archive that passed the checks.
      if (context.serverErrors.length > 0) expect(context.validationErrors).toEqual([]);

      switch (snapshot.value) {
        case 'open':
          expect(snapshot.status).toBe('active');
          break;
        case 'saving':
          expect(saves.current().input).toEqual({
            mode: context.isNew ? 'create' : 'update',
            archive: prepareArchiveForSave(context.archive),
          });
          expect(context.serverErrors).toEqual([]);
          break;
        case 'closed':
          expect(snapshot.status).toBe('done');
          expect(snapshot.output).toEqual(answered ? { status: 'saved', archive: answered } : { status: 'cancelled' });
          break;
        default:
          throw new Error(`unexpected state ${JSON.stringify(snapshot.value)}`);
      }
    },
  };
}

describeModelPaths("archiveSave model: shortest paths (new archive, the dialog's §5 problems and every §8 failure)", shortestPaths, 100, () =>
  createArchiveDriver(ARCHIVE_MODEL_INPUTS.shortest),
);

describeModelPaths('archiveSave model: simple paths (editing an existing archive)', simplePaths, 40, () => createArchiveDriver(ARCHIVE_MODEL_INPUTS.simple));

describe('archiveSave coverage', () => {
  // Runs every path again on its own tracker, so the result does not depend on test order or filtering.
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(archiveSaveMachine);
    for (const path of shortestPaths) await runPath(path, createArchiveDriver(ARCHIVE_MODEL_INPUTS.shortest, coverage));
    for (const path of simplePaths) await runPath(path, createArchiveDriver(ARCHIVE_MODEL_INPUTS.simple, coverage));
    const report = coverage.report();
    console.log(formatCoverage('archiveSave', report));
    assertFullCoverage('archiveSave', report);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Spec rules stated directly.
// ---------------------------------------------------------------------------------------------------------------

describe('archiveSave behaviour', () => {
  it('keeps the problem list in step with edits after the first SAVE, and ignores EDIT and CLOSE while saving', () => {
    const saves = createControlledPromiseActor<ArchiveDraft, SaveArchiveInput>();
    const actor = createActor(archiveSaveMachine.provide({ actors: { saveArchive: saves.logic } }), {
      input: ARCHIVE_MODEL_INPUTS.shortest,
    }).start();
    actor.send({ type: 'EDIT', changes: { Name: 'Campaigns' } });
    expect(actor.getSnapshot().context.validationErrors).toEqual([]);
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.validationErrors.map((e) => e.field)).toEqual(['MetadataSetId']);
    actor.send({ type: 'EDIT', changes: { MetadataSetId: 'ms-press', Pool: null } });
    expect(actor.getSnapshot().context.validationErrors.map((e) => e.field)).toEqual(['PathOrPool']);
    actor.send({ type: 'EDIT', changes: { Path: '/mnt/c' } });
    expect(actor.getSnapshot().context.validationErrors).toEqual([]);
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'EDIT', changes: { Name: 'Other' } });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(saves.current().input.archive.Name).toBe('Campaigns');
    expect(saves.current().input.mode).toBe('create');
  });

  it('updates an existing archive and returns the saved archive', async () => {
    const calls: SaveArchiveInput[] = [];
    const actor = createActor(
      archiveSaveMachine.provide({
        actors: {
          saveArchive: fromPromise<ArchiveDraft, SaveArchiveInput>(async ({ input }) => {
            calls.push(input);
            return { ...input.archive, SortId: 3 };
          }),
        },
      }),
      { input: ARCHIVE_MODEL_INPUTS.simple },
    ).start();
    actor.send({ type: 'SAVE' });
    await flushPromises();
    expect(calls.map((c) => [c.mode, c.archive.Id])).toEqual([['update', 5000]]);
    expect(actor.getSnapshot().output).toMatchObject({ status: 'saved', archive: { Id: 5000, SortId: 3 } });
  });

  it('shows the general message when no saver is provided, and cancels with status cancelled', async () => {
    const actor = createActor(archiveSaveMachine, { input: ARCHIVE_MODEL_INPUTS.simple }).start();
    actor.send({ type: 'SAVE' });
    await flushPromises();
    expect(actor.getSnapshot().context.serverErrors).toEqual([ARCHIVE_SAVE_GENERAL_ERROR]);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().output).toEqual({ status: 'cancelled' });
  });
});
