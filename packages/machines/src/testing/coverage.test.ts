import { createActor, fromPromise, setup, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { flushPromises } from './controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, listStateNodes, listTransitions } from './coverage.ts';
import { toTestModelMachine } from './modelMachine.ts';

/** A machine with every kind of transition: on (guarded alternatives), always, invoke, after, state onDone, parallel. */
const sample = setup({
  types: { context: {} as { n: number }, events: {} as { type: 'GO' } | { type: 'BUMP' } },
  actors: { load: fromPromise(async () => 1) },
  guards: { 'isBig?': ({ context }) => context.n > 1 },
  delays: { tick: 100 },
}).createMachine({
  id: 'sample',
  context: { n: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        GO: [{ guard: 'isBig?', target: 'done' }, { target: 'loading' }],
        BUMP: { actions: ({ context }) => void context },
      },
    },
    loading: {
      invoke: { id: 'load', src: 'load', onDone: 'waiting', onError: 'idle' },
    },
    waiting: { after: { tick: 'check' } },
    check: { always: [{ guard: 'isBig?', target: 'done' }, { target: 'both' }] },
    both: {
      type: 'parallel',
      onDone: 'done',
      states: {
        left: { initial: 'a', states: { a: { on: { GO: 'b' } }, b: { type: 'final' } } },
        right: { initial: 'c', states: { c: { type: 'final' } } },
      },
    },
    done: { type: 'final' },
  },
});

describe('listStateNodes / listTransitions', () => {
  it('enumerates every state node below the root', () => {
    expect(listStateNodes(sample).map((n) => n.id)).toEqual([
      'sample.idle',
      'sample.loading',
      'sample.waiting',
      'sample.check',
      'sample.both',
      'sample.both.left',
      'sample.both.left.a',
      'sample.both.left.b',
      'sample.both.right',
      'sample.both.right.c',
      'sample.done',
    ]);
  });

  it('enumerates on, guarded alternatives, invoke done/error, after, always and state onDone', () => {
    expect(
      listTransitions(sample)
        .map((t) => t.key)
        .sort(),
    ).toEqual(
      [
        'sample.idle|GO|0',
        'sample.idle|GO|1',
        'sample.idle|BUMP|0',
        'sample.loading|xstate.done.actor.load|0',
        'sample.loading|xstate.error.actor.load|0',
        'sample.waiting|xstate.after.tick.sample.waiting|0',
        'sample.check|(always)|0',
        'sample.check|(always)|1',
        'sample.both|xstate.done.state.sample.both|0',
        'sample.both.left.a|GO|0',
      ].sort(),
    );
  });
});

describe('createCoverageTracker', () => {
  it('counts what a real actor entered and took, including transient states, delays and parallel regions', async () => {
    const tracker = createCoverageTracker(sample);
    const clock = new SimulatedClock();
    const actor = createActor(sample, { clock, inspect: tracker.inspect }).start();
    tracker.observe(actor.getSnapshot());
    actor.send({ type: 'GO' });
    await flushPromises();
    clock.increment(100);
    actor.send({ type: 'GO' });

    const report = tracker.report();
    expect(actor.getSnapshot().status).toBe('done');
    expect(formatCoverage('sample', report)).toBe('sample: states 11/11, transitions 6/10');
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual(['sample.idle|GO|0', 'sample.idle|BUMP|0', 'sample.loading|xstate.error.actor.load|0', 'sample.check|(always)|0']);
    expect(() => assertFullCoverage('sample', report)).toThrow(/transition never taken: sample\.idle\|BUMP\|0/);
  });

  it('reports a state never entered', () => {
    const tracker = createCoverageTracker(sample);
    const actor = createActor(sample, { inspect: tracker.inspect }).start();
    tracker.observe(actor.getSnapshot());
    const { states } = tracker.report();
    expect(states.reached).toBe(1);
    expect(states.missing).toContain('sample.both.right.c');
    expect(() => assertFullCoverage('sample', tracker.report())).toThrow(/state never reached: sample\.done/);
  });
});

describe('toTestModelMachine', () => {
  it('replaces invoke and after with the events the real actor would receive', () => {
    const model = toTestModelMachine(sample);
    expect(() => createTestModel(sample)).toThrow(/not supported/);
    expect(() => createTestModel(model)).not.toThrow();
    expect(
      listTransitions(model)
        .map((t) => t.key)
        .sort(),
    ).toEqual(
      listTransitions(sample)
        .map((t) => t.key)
        .sort(),
    );
    const paths = createTestModel(model).getShortestPaths();
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(reached).toContain('"done"');
  });

  it('insists on explicit invoke ids, which the paths name', () => {
    const anonymous = setup({ actors: { load: fromPromise(async () => 1) } }).createMachine({
      initial: 'a',
      states: { a: { invoke: { src: 'load', onDone: 'b' } }, b: {} },
    });
    expect(() => toTestModelMachine(anonymous)).toThrow(/explicit id/);
  });
});
