import { createActor, fromPromise, SimulatedClock, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import {
  ALERT_CONFIRMATION_CLOSE_MS,
  ALERT_CREATE_FAILED_MESSAGE,
  ALERT_INTERVALS,
  alertEditorMachine,
  alertNotice,
  DEFAULT_ALERT_INTERVAL,
  isAlertInterval,
  mayUseAlerts,
  type Alert,
  type AlertEditorEvent,
  type AlertEditorInput,
  type CreateAlertInput,
  type DeleteAlertInput,
  type SaveAlertInput,
} from './alertEditor.machine.ts';
import { ALERT_EDITOR_MODEL_INPUT, alertEditorModel, MODEL_CREATED_ALERT, MODEL_REQUEST_FAILURE, MODEL_SEARCH_TEXT } from './alertEditor.model.ts';
import { ALERT_QUERY_MAX_CHARS, alertConfirmationQuery, cutAlertQuery, escapeHtml, unescapeHtml } from './alertText.ts';

const shortestPaths = alertEditorModel.testModel('shortest').getShortestPaths();
const simplePaths = alertEditorModel.testModel('simple').getSimplePaths();

function pendingTimers(clock: SimulatedClock): number {
  // SimulatedClock keeps its timers private; the count is the cheapest way to catch a stray or doubled `after`.
  return (clock as unknown as { timeouts: Map<number, unknown> }).timeouts.size;
}

/** The confirmation text for the model's search: escaped, and at most 50 characters of it (plus the ellipsis). */
const EXPECTED_CONFIRMATION = alertConfirmationQuery(MODEL_SEARCH_TEXT);

function createAlertDriver(coverage?: CoverageTracker): PathDriver {
  const creates = createControlledPromiseActor<Alert, CreateAlertInput>();
  const saves = createControlledPromiseActor<Alert, SaveAlertInput>();
  const deletes = createControlledPromiseActor<void, DeleteAlertInput>();
  const clock = new SimulatedClock();
  const actor = createActor(
    alertEditorMachine.provide({
      actors: { createAlert: creates.logic, saveAlert: saves.logic, deleteAlert: deletes.logic },
    }),
    { input: ALERT_EDITOR_MODEL_INPUT, clock, ...(coverage ? { inspect: coverage.inspect } : {}) },
  );
  actor.start();
  coverage?.observe(actor.getSnapshot());
  /** When the popover last hid while a confirmation showed (simulated ms). */
  let hiddenAt: number | undefined;
  /** What the fake server holds: the alert after the last successful request. */
  let serverAlert: Alert | undefined;

  return {
    async exec(event: EventObject) {
      const before = actor.getSnapshot();
      const record = event as EventObject & { output?: unknown; error?: unknown };
      switch (event.type) {
        case 'xstate.done.actor.createAlert':
          serverAlert = record.output as Alert;
          creates.current().resolve(serverAlert);
          break;
        case 'xstate.error.actor.createAlert':
          creates.current().reject(record.error);
          break;
        case 'xstate.done.actor.saveAlert':
          serverAlert = record.output as Alert;
          saves.current().resolve(serverAlert);
          break;
        case 'xstate.error.actor.saveAlert':
          saves.current().reject(record.error);
          break;
        case 'xstate.done.actor.deleteAlert':
          serverAlert = undefined;
          deletes.current().resolve();
          break;
        case 'xstate.error.actor.deleteAlert':
          deletes.current().reject(record.error);
          break;
        case 'xstate.after.confirmationClose.alertEditor.confirmation.closing': {
          // spec 01 §2, §9: the confirmation closes exactly 5 s after the popover hid; not 1 ms earlier.
          const remaining = (hiddenAt ?? 0) + ALERT_CONFIRMATION_CLOSE_MS - clock.now();
          expect(remaining).toBe(ALERT_CONFIRMATION_CLOSE_MS);
          clock.increment(remaining - 1);
          expect(actor.getSnapshot().matches({ confirmation: 'closing' })).toBe(true);
          clock.increment(1);
          hiddenAt = undefined;
          break;
        }
        default:
          actor.send(event as AlertEditorEvent);
      }
      await flushPromises();
      const after = actor.getSnapshot();
      if (event.type === 'CLOSE' && after.matches({ confirmation: 'closing' })) hiddenAt = clock.now();
      // spec 01 §2: creating is followed by edit mode; saving returns to read mode.
      if (event.type === 'xstate.done.actor.createAlert') expect(after.matches({ popover: { open: 'edit' } })).toBe(true);
      if (event.type === 'xstate.done.actor.saveAlert') expect(after.matches({ popover: { open: 'read' } })).toBe(true);
      // spec 01 §8: alert creation failure shows a danger notice.
      if (event.type === 'xstate.error.actor.createAlert') {
        expect(after.context.notice).toEqual({ status: 'danger', action: 'create', message: MODEL_REQUEST_FAILURE.value });
      }
      if (event.type === 'SAVE' && before.context.draftInterval === before.context.alert?.interval) {
        expect(saves.invocations.length).toBe(saves.invocations.filter((s) => s.settled).length);
      }
    },
    verify(expected) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      // The client's alert is the server's whenever no request runs.
      const busy = (['creating', 'saving', 'deleting'] as const).some((s) => snapshot.matches({ popover: { open: s } }));
      if (!busy) expect(context.alert).toEqual(serverAlert);
      expect(creates.pending().length + saves.pending().length + deletes.pending().length).toBe(busy ? 1 : 0);

      if (snapshot.matches({ popover: 'closed' })) {
        expect(context.draftInterval).toBeUndefined();
        expect(context.notice).toBeUndefined();
      }
      if (snapshot.matches({ popover: { open: 'offering' } })) expect(context.alert).toBeUndefined();
      if (snapshot.matches({ popover: { open: 'read' } })) {
        expect(context.alert).toBeDefined();
        expect(context.draftInterval).toBeUndefined();
      }
      if (snapshot.matches({ popover: { open: 'edit' } })) {
        expect(context.alert).toBeDefined();
        expect(isAlertInterval(context.draftInterval)).toBe(true);
      }
      if (snapshot.matches({ popover: { open: 'creating' } })) {
        expect(creates.current().input).toEqual({
          collection: ALERT_EDITOR_MODEL_INPUT.collection.href,
          interval: DEFAULT_ALERT_INTERVAL,
          dtSearchString: MODEL_SEARCH_TEXT,
        });
      }
      if (snapshot.matches({ popover: { open: 'saving' } })) {
        expect(saves.current().input).toEqual({ ...context.alert, interval: context.draftInterval });
        expect(context.draftInterval).not.toBe(context.alert?.interval);
      }
      if (snapshot.matches({ popover: { open: 'deleting' } })) {
        expect(deletes.current().input).toEqual({ href: MODEL_CREATED_ALERT.href });
      }
      if (context.notice) expect(context.notice.status).toBe('danger');

      // The confirmation: shown only with the popover open, closing only with it closed (one 5 s timer).
      if (snapshot.matches({ confirmation: 'hidden' })) {
        expect(context.confirmationQuery).toBeUndefined();
        expect(pendingTimers(clock)).toBe(0);
      } else {
        expect(context.confirmationQuery).toBe(EXPECTED_CONFIRMATION);
        const open = snapshot.matches({ popover: 'open' });
        expect(snapshot.matches({ confirmation: open ? 'shown' : 'closing' })).toBe(true);
        expect(pendingTimers(clock)).toBe(open ? 0 : 1);
      }
    },
  };
}

describeModelPaths('alertEditor model: shortest paths', shortestPaths, 80, () => createAlertDriver());

describeModelPaths('alertEditor model: simple paths', simplePaths, 80, () => createAlertDriver());

describe('alertEditor coverage', () => {
  // Runs every path again on its own tracker, so the result does not depend on test order or filtering.
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(alertEditorMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createAlertDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('alertEditor', report));
    assertFullCoverage('alertEditor', report);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Spec rules and helpers, stated directly.
// ---------------------------------------------------------------------------------------------------------------

function startEditor(input: Partial<AlertEditorInput> = {}) {
  const creates = createControlledPromiseActor<Alert, CreateAlertInput>();
  const saves = createControlledPromiseActor<Alert, SaveAlertInput>();
  const deletes = createControlledPromiseActor<void, DeleteAlertInput>();
  const clock = new SimulatedClock();
  const actor = createActor(alertEditorMachine.provide({ actors: { createAlert: creates.logic, saveAlert: saves.logic, deleteAlert: deletes.logic } }), {
    input: { ...ALERT_EDITOR_MODEL_INPUT, ...input },
    clock,
  }).start();
  return { actor, clock, creates, saves, deletes };
}

describe('alertEditor spec rules', () => {
  it('knows exactly the six intervals of spec 01 §3', () => {
    expect(ALERT_INTERVALS).toEqual(['immediate', 'every_hour', 'every_6_hours', 'every_day', 'every_week', 'every_month']);
    for (const interval of ALERT_INTERVALS) expect(isAlertInterval(interval)).toBe(true);
    for (const other of ['every_minute', 'EVERY_DAY', '', undefined, 1]) expect(isAlertInterval(other)).toBe(false);
  });

  it('saves any of the six intervals, and ignores an unknown one (spec 01 §3)', async () => {
    for (const interval of ALERT_INTERVALS.filter((i) => i !== 'every_day')) {
      const { actor, saves } = startEditor({ alert: MODEL_CREATED_ALERT });
      actor.send({ type: 'OPEN' });
      actor.send({ type: 'EDIT' });
      actor.send({ type: 'SET_INTERVAL', interval: 'every_minute' });
      expect(actor.getSnapshot().context.draftInterval).toBe('every_day');
      actor.send({ type: 'SET_INTERVAL', interval });
      actor.send({ type: 'SAVE' });
      expect(saves.current().input).toEqual({ ...MODEL_CREATED_ALERT, interval });
      saves.current().resolve({ ...MODEL_CREATED_ALERT, interval });
      await flushPromises();
      expect(actor.getSnapshot().matches({ popover: { open: 'read' } })).toBe(true);
      expect(actor.getSnapshot().context.alert?.interval).toBe(interval);
    }
  });

  it('offers alerts only when logged in and the archive has the Alert permission (spec 01 §5, §6)', () => {
    const collection = ALERT_EDITOR_MODEL_INPUT.collection;
    expect(mayUseAlerts(true, collection)).toBe(true);
    expect(mayUseAlerts(false, collection)).toBe(false);
    expect(mayUseAlerts(true, { ...collection, permissions: ['View', 'Edit'] })).toBe(false);
    expect(mayUseAlerts(true, { ...collection, permissions: ['alert'] })).toBe(false);
    for (const input of [{ loggedIn: false }, { collection: { ...collection, permissions: ['View'] } }]) {
      const { actor } = startEditor(input);
      actor.send({ type: 'OPEN' });
      expect(actor.getSnapshot().matches({ popover: 'closed' })).toBe(true);
    }
  });

  it('opens in read mode when the alert exists, else offers to create it', () => {
    const existing = startEditor({ alert: MODEL_CREATED_ALERT }).actor;
    existing.send({ type: 'OPEN' });
    expect(existing.getSnapshot().matches({ popover: { open: 'read' } })).toBe(true);
    const none = startEditor().actor;
    none.send({ type: 'OPEN' });
    expect(none.getSnapshot().matches({ popover: { open: 'offering' } })).toBe(true);
  });

  it('closes the confirmation 5 s after the popover hides, not before (spec 01 §2, §9)', async () => {
    expect(ALERT_CONFIRMATION_CLOSE_MS).toBe(5_000);
    const { actor, clock, creates } = startEditor();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CREATE' });
    creates.current().resolve(MODEL_CREATED_ALERT);
    await flushPromises();
    clock.increment(60_000); // the confirmation stays as long as the popover is open
    expect(actor.getSnapshot().matches({ confirmation: 'shown' })).toBe(true);
    actor.send({ type: 'CLOSE' });
    clock.increment(4_999);
    expect(actor.getSnapshot().context.confirmationQuery).toBe(EXPECTED_CONFIRMATION);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ confirmation: 'hidden' })).toBe(true);
    expect(actor.getSnapshot().context.confirmationQuery).toBeUndefined();
  });

  it('restarts the 5 s when the popover is opened and hidden again', async () => {
    const { actor, clock, creates } = startEditor();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CREATE' });
    creates.current().resolve(MODEL_CREATED_ALERT);
    await flushPromises();
    actor.send({ type: 'CLOSE' });
    clock.increment(4_000);
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().matches({ confirmation: 'shown' })).toBe(true);
    actor.send({ type: 'CLOSE' });
    clock.increment(4_999);
    expect(actor.getSnapshot().matches({ confirmation: 'closing' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ confirmation: 'hidden' })).toBe(true);
  });

  it('keeps the popover open while a request runs', () => {
    const { actor } = startEditor();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CREATE' });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().matches({ popover: { open: 'creating' } })).toBe(true);
  });

  it('shows a danger notice when creation fails, with the default message when the server gives none (spec 01 §8)', async () => {
    const { actor, creates } = startEditor();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CREATE' });
    creates.current().reject(new TypeError(''));
    await flushPromises();
    expect(actor.getSnapshot().context.notice).toEqual({ status: 'danger', action: 'create', message: ALERT_CREATE_FAILED_MESSAGE });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().context.notice).toBeUndefined();
  });

  it('fails every request when no actors are provided', async () => {
    const actor = createActor(alertEditorMachine, { input: ALERT_EDITOR_MODEL_INPUT }).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CREATE' });
    await flushPromises();
    expect(actor.getSnapshot().context.notice?.action).toBe('create');
  });

  it('builds notices from the server message or value, else the fallback', () => {
    expect(alertNotice('save', { message: 'Nope' }, 'x')).toEqual({ status: 'danger', action: 'save', message: 'Nope' });
    expect(alertNotice('save', { value: 'Gone' }, 'x').message).toBe('Gone');
    expect(alertNotice('delete', 'boom', 'x').message).toBe('x');
    expect(alertNotice('delete', { message: '  ' }, 'x').message).toBe('x');
  });

  it('creates with the search text and then edits; the create uses a provided actor', async () => {
    const created: CreateAlertInput[] = [];
    const actor = createActor(
      alertEditorMachine.provide({
        actors: {
          createAlert: fromPromise<Alert, CreateAlertInput>(async ({ input }) => {
            created.push(input);
            return { ...input, href: '/fotoweb/me/alerts/1' };
          }),
        },
      }),
      { input: { ...ALERT_EDITOR_MODEL_INPUT, searchText: 'boats' } },
    ).start();
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CREATE' });
    await flushPromises();
    expect(created).toEqual([{ collection: '/fotoweb/archives/5000-photos/', interval: 'every_day', dtSearchString: 'boats' }]);
    expect(actor.getSnapshot().matches({ popover: { open: 'edit' } })).toBe(true);
    expect(actor.getSnapshot().context.confirmationQuery).toBe('boats');
  });
});

describe('alert confirmation text (spec 01 §2, §9)', () => {
  it('cuts the query to 50 characters and marks the cut', () => {
    expect(ALERT_QUERY_MAX_CHARS).toBe(50);
    const fifty = 'x'.repeat(50);
    expect(cutAlertQuery(fifty)).toBe(fifty);
    expect(cutAlertQuery(`${fifty}y`)).toBe(`${fifty}…`);
    expect(cutAlertQuery('  boats  ')).toBe('boats');
    expect(cutAlertQuery('abc', 0)).toBe('…');
    expect(() => cutAlertQuery('abc', -1)).toThrow(RangeError);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const cut = cutAlertQuery('⛵'.repeat(49) + '🚤🚤');
    expect(Array.from(cut)).toHaveLength(51);
    expect(cut.endsWith('🚤…')).toBe(true);
  });

  it('escapes after cutting, so an entity is never cut in half', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
    const text = `${'x'.repeat(49)}&&&`;
    expect(alertConfirmationQuery(text)).toBe(`${'x'.repeat(49)}&amp;…`);
    expect(EXPECTED_CONFIRMATION).toBe('harbour &amp; &quot;sunset&quot; &lt;boats&gt; at dawn, Bergen waterfr…');
  });

  it('unescapes exactly what it escaped, so a text view shows each character once', () => {
    for (const text of [MODEL_SEARCH_TEXT, `Tom & Jerry's "<b>"`, '&amp;lt; already an entity', '&copy; &#40; & ;', '']) {
      expect(unescapeHtml(escapeHtml(text))).toBe(text);
    }
    expect(unescapeHtml(EXPECTED_CONFIRMATION)).toBe('harbour & "sunset" <boats> at dawn, Bergen waterfr…');
    expect(unescapeHtml('&amp;lt;')).toBe('&lt;');
    expect(unescapeHtml('&copy; &#40;')).toBe('&copy; &#40;');
  });
});
