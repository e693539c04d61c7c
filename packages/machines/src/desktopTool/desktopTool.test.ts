import { createActor, fromPromise, SimulatedClock, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import {
  compareVersions,
  decideDesktopTool,
  DEFAULT_DESKTOP_TOOL_VERSION,
  desktopToolMachine,
  installedDesktopToolVersion,
  isNewerVersion,
  markDesktopToolInstalled,
  type DesktopToolEvent,
  type DesktopToolFacts,
  type DesktopToolInput,
  type DesktopToolSettings,
} from './desktopTool.machine.ts';
import { DESKTOP_TOOL_MODEL_INPUT, desktopToolModel, MODEL_INSTALLER, MODEL_SAVE_FAILURE } from './desktopTool.model.ts';

const shortestPaths = desktopToolModel.testModel('shortest').getShortestPaths();
const simplePaths = desktopToolModel.testModel('simple').getSimplePaths();

const DECISION_STATES: ReadonlySet<string> = new Set(['hidden', 'shouldInstall', 'shouldUpdate', 'upToDate', 'ignored']);
const NOTHING_STORED: DesktopToolSettings = { ignoreFWDT: false, hasFWDT: false };

function createDesktopToolDriver(coverage?: CoverageTracker): PathDriver {
  const saves = createControlledPromiseActor<void, DesktopToolSettings>();
  /** What the fake store holds: the input's settings until a save succeeds. */
  let stored: DesktopToolSettings = NOTHING_STORED;
  const actor = createActor(desktopToolMachine.provide({ actors: { saveSettings: saves.logic } }), {
    input: DESKTOP_TOOL_MODEL_INPUT,
    clock: new SimulatedClock(),
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());

  return {
    async exec(event: EventObject) {
      const before = actor.getSnapshot();
      switch (event.type) {
        case 'xstate.done.actor.saveSettings': {
          const save = saves.current();
          save.resolve();
          stored = save.input;
          break;
        }
        case 'xstate.error.actor.saveSettings':
          saves.current().reject((event as unknown as { error: unknown }).error);
          break;
        default:
          actor.send(event as DesktopToolEvent);
      }
      await flushPromises();
      const after = actor.getSnapshot();
      if (event.type === 'ALREADY_HAVE_IT') {
        // spec 01 §4, §9: installed, with the given version, the offered update's, else 8.1.
        const { version } = event as Extract<DesktopToolEvent, { type: 'ALREADY_HAVE_IT' }>;
        const expected = version ?? (before.context.offer === 'update' ? MODEL_INSTALLER.version : DEFAULT_DESKTOP_TOOL_VERSION);
        expect(after.context.settings).toEqual({ ...before.context.settings, hasFWDT: true, FWDTversion: expected });
        expect(saves.current().input).toEqual(after.context.settings);
      }
      if (event.type === 'IGNORE') {
        expect(after.context.settings).toEqual({ ...before.context.settings, ignoreFWDT: true });
        expect(saves.current().input).toEqual(after.context.settings);
      }
    },
    verify(expected) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);
      const state = snapshot.value as string;

      // At rest the services show what the spec 01 §4 rules decide.
      if (DECISION_STATES.has(state)) expect(decideDesktopTool(context)).toBe(state);
      if (context.touchLayout && state !== 'saving') expect(state).toBe('hidden');
      if (context.settings.hasFWDT) expect(context.settings.FWDTversion).toEqual(expect.any(String));
      if (state === 'shouldUpdate') expect(context.offer).toBe('update');
      if (state === 'shouldInstall' || state === 'ignored') expect(context.offer).toBe('install');
      if (state === 'installView') expect(context.offer).toBeDefined();
      if (state === 'hidden' || state === 'upToDate') expect(context.offer).toBeUndefined();

      // Settings are persisted: saving sends exactly the new settings; after a successful save the store has them.
      if (state === 'saving') {
        expect(saves.current().input).toEqual(context.settings);
      } else {
        expect(saves.pending()).toHaveLength(0);
        if (!context.saveFailed) expect(stored).toEqual(context.settings);
      }
    },
  };
}

describeModelPaths('desktopTool model: shortest paths', shortestPaths, 60, () => createDesktopToolDriver());

describeModelPaths('desktopTool model: simple paths', simplePaths, 120, () => createDesktopToolDriver());

describe('desktopTool coverage', () => {
  // Runs every path again on its own tracker, so the result does not depend on test order or filtering.
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(desktopToolMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDesktopToolDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('desktopTool', report));
    assertFullCoverage('desktopTool', report);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Spec rules and helpers, stated directly.
// ---------------------------------------------------------------------------------------------------------------

const FACTS: DesktopToolFacts = {
  hasRights: true,
  touchLayout: false,
  installer: { href: '/fotoweb/fwdt/setup.msi', version: '8.2' },
  settings: NOTHING_STORED,
};

describe('desktopTool decision (spec 01 §4 Desktop tool)', () => {
  it('offers installing with rights, when not ignoring it and not installed', () => {
    expect(decideDesktopTool(FACTS)).toBe('shouldInstall');
    expect(decideDesktopTool({ ...FACTS, installer: undefined })).toBe('shouldInstall');
    expect(decideDesktopTool({ ...FACTS, settings: { ignoreFWDT: true, hasFWDT: false } })).toBe('ignored');
  });

  it('offers the update when installed and the installer is newer', () => {
    const installed = (FWDTversion?: string) => ({ ...FACTS, settings: { ignoreFWDT: false, hasFWDT: true, FWDTversion } });
    expect(decideDesktopTool(installed('8.1'))).toBe('shouldUpdate');
    expect(decideDesktopTool(installed(undefined))).toBe('shouldUpdate'); // unknown counts as 8.1
    expect(decideDesktopTool(installed('8.2'))).toBe('upToDate');
    expect(decideDesktopTool(installed('8.10'))).toBe('upToDate');
    expect(decideDesktopTool({ ...installed('8.1'), installer: undefined })).toBe('upToDate');
    // Ignoring only stops the install offer.
    expect(decideDesktopTool({ ...FACTS, settings: { ignoreFWDT: true, hasFWDT: true, FWDTversion: '8.0' } })).toBe('shouldUpdate');
  });

  it('shows nothing without the fwdt rights or on a mobile/touch layout (spec 01 §2, §6)', () => {
    expect(decideDesktopTool({ ...FACTS, hasRights: false })).toBe('hidden');
    expect(decideDesktopTool({ ...FACTS, touchLayout: true })).toBe('hidden');
    expect(decideDesktopTool({ ...FACTS, touchLayout: true, settings: { ignoreFWDT: false, hasFWDT: true, FWDTversion: '1' } })).toBe('hidden');
  });

  it("sets installed with version 8.1 on 'already have it' when the version is unknown (spec 01 §4, §9)", () => {
    expect(DEFAULT_DESKTOP_TOOL_VERSION).toBe('8.1');
    const base = { settings: { ignoreFWDT: true, hasFWDT: false }, installer: FACTS.installer };
    expect(markDesktopToolInstalled({ ...base, offer: 'install' })).toEqual({ ignoreFWDT: true, hasFWDT: true, FWDTversion: '8.1' });
    expect(markDesktopToolInstalled({ ...base, offer: 'install' }, ' ')).toMatchObject({ FWDTversion: '8.1' });
    expect(markDesktopToolInstalled({ ...base, offer: 'install' }, '9.0.1')).toMatchObject({ FWDTversion: '9.0.1' });
    // Answering the update offer: the user has the offered version.
    expect(markDesktopToolInstalled({ ...base, offer: 'update' })).toMatchObject({ FWDTversion: '8.2' });
    expect(markDesktopToolInstalled({ ...base, offer: 'update', installer: undefined })).toMatchObject({ FWDTversion: '8.1' });
    expect(installedDesktopToolVersion({ ignoreFWDT: false, hasFWDT: true })).toBe('8.1');
    expect(installedDesktopToolVersion({ ignoreFWDT: false, hasFWDT: true, FWDTversion: '' })).toBe('8.1');
  });
});

describe('version comparison', () => {
  it('compares dotted versions part by part as numbers', () => {
    expect(compareVersions('8.2', '8.1')).toBe(1);
    expect(compareVersions('8.1', '8.2')).toBe(-1);
    expect(compareVersions('8.10', '8.9')).toBe(1);
    expect(compareVersions('8.1', '8.1.0')).toBe(0);
    expect(compareVersions('8.1.0.1', '8.1')).toBe(1);
    expect(compareVersions('10', '9.9.9')).toBe(1);
    expect(compareVersions('v8.2', '8.2')).toBe(0);
    expect(compareVersions('8.2-beta', '8.2')).toBe(0);
    expect(compareVersions('8.x', '8.0')).toBe(0);
  });

  it('never calls a missing or blank version newer', () => {
    expect(isNewerVersion('8.2', '8.1')).toBe(true);
    expect(isNewerVersion('8.1', '8.1')).toBe(false);
    expect(isNewerVersion(undefined, '8.1')).toBe(false);
    expect(isNewerVersion('', '0')).toBe(false);
  });
});

describe('desktopTool machine', () => {
  function start(input: Partial<DesktopToolInput>, save = async (_settings: DesktopToolSettings) => {}) {
    const saved: DesktopToolSettings[] = [];
    const actor = createActor(
      desktopToolMachine.provide({
        actors: {
          saveSettings: fromPromise<void, DesktopToolSettings>(async ({ input: settings }) => {
            await save(settings);
            saved.push(settings);
          }),
        },
      }),
      { input: { ...DESKTOP_TOOL_MODEL_INPUT, ...input } },
    ).start();
    return { actor, saved };
  }

  it('persists ignore, and does not offer installing again on the next start (spec 01 §4)', async () => {
    const first = start({});
    first.actor.send({ type: 'IGNORE' });
    await flushPromises();
    expect(first.saved).toEqual([{ ignoreFWDT: true, hasFWDT: false }]);
    expect(first.actor.getSnapshot().value).toBe('ignored');
    const next = start({ settings: first.saved[0] });
    expect(next.actor.getSnapshot().value).toBe('ignored');
  });

  it('starts from the stored settings', () => {
    expect(start({ settings: { ignoreFWDT: false, hasFWDT: true, FWDTversion: '8.2' } }).actor.getSnapshot().value).toBe('upToDate');
    expect(start({ settings: { ignoreFWDT: false, hasFWDT: true, FWDTversion: '7.9' } }).actor.getSnapshot().value).toBe('shouldUpdate');
    expect(start({ hasRights: false }).actor.getSnapshot().value).toBe('hidden');
    expect(start({ touchLayout: true }).actor.getSnapshot().value).toBe('hidden');
  });

  it('keeps the new settings for this page when saving them fails', async () => {
    const { actor, saved } = start({}, async () => {
      throw MODEL_SAVE_FAILURE;
    });
    actor.send({ type: 'ALREADY_HAVE_IT', version: '8.2' });
    await flushPromises();
    expect(saved).toEqual([]);
    expect(actor.getSnapshot().value).toBe('upToDate');
    expect(actor.getSnapshot().context).toMatchObject({ saveFailed: true, settings: { hasFWDT: true, FWDTversion: '8.2' } });
  });

  it('ignores a layout report that does not change the layout (an open install view stays open)', () => {
    const { actor } = start({});
    actor.send({ type: 'INSTALL' });
    actor.send({ type: 'LAYOUT_CHANGED', touchLayout: false });
    expect(actor.getSnapshot().value).toBe('installView');
    actor.send({ type: 'LAYOUT_CHANGED', touchLayout: true });
    expect(actor.getSnapshot().value).toBe('hidden');
  });

  it('offers no ignore on the update offer, and nothing when up to date', () => {
    const { actor } = start({ settings: { ignoreFWDT: false, hasFWDT: true, FWDTversion: '8.0' } });
    actor.send({ type: 'IGNORE' });
    expect(actor.getSnapshot().value).toBe('shouldUpdate');
    const upToDate = start({ settings: { ignoreFWDT: false, hasFWDT: true, FWDTversion: '8.2' } }).actor;
    upToDate.send({ type: 'INSTALL' });
    upToDate.send({ type: 'ALREADY_HAVE_IT' });
    expect(upToDate.getSnapshot().value).toBe('upToDate');
  });
});
