import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { assign, createActor, setup, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntilDoneModel } from '../pollUntilDone/pollUntilDone.model.ts';
import {
  pollUntilDoneMachine,
  type CreateTaskInput,
  type CreateTaskOutput,
  type PollTaskInput,
  type PollTaskOutput,
  type PollUntilDoneInput,
} from '../pollUntilDone/pollUntilDone.machine.ts';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import type { MachineModel } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { formatListing, listMachines, runCli, type MachineListing } from './cli.ts';
import { discoverModels, isMachineModel, listFlowFolders, ModelDiscoveryError, type DiscoveredModel } from './discover.ts';
import { buildPlan, formatPlanJson, formatPlanMarkdown, formatStateValue, generatePaths, PathLimitError, toJsonValue, type PathPlan, type PlanStep } from './format.ts';
import { replay, ReplayError, type ReplaySession } from './replay.ts';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const BACKGROUND_JOB_STATES = new Set(['creating', 'polling', 'waiting', 'succeeded', 'failed']);

const exec = promisify(execFile);

/** Runs the CLI as `npm run paths` does: `node --import tsx cli.ts …` from the repository root. */
async function runPathsCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: REPO_ROOT,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** Runs the CLI in-process (fast), collecting its output. */
async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

const allSteps = (plan: PathPlan): PlanStep[] => plan.paths.flatMap((path) => path.steps);

// ---------------------------------------------------------------------------------------------------------------
// Discovery: every src/<flow>/<flow>.model.ts, no registry.
// ---------------------------------------------------------------------------------------------------------------

describe('discoverModels', () => {
  let discovered: DiscoveredModel[];
  beforeAll(async () => {
    discovered = await discoverModels();
  });

  it('finds at least the upload popover and the background job, sorted by name, names unique', () => {
    const names = discovered.map((entry) => entry.model.name);
    expect(names).toEqual(expect.arrayContaining(['pollUntilDone', 'uploadPopover']));
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
    const job = discovered.find((entry) => entry.model.name === 'pollUntilDone');
    expect(job?.model).toBe(pollUntilDoneModel);
    expect(job?.exportName).toBe('pollUntilDoneModel');
    expect(job?.file.endsWith(join('pollUntilDone', 'pollUntilDone.model.ts'))).toBe(true);
  });

  it('every flow folder with a .machine.ts has a model named after the folder', async () => {
    const folders = await listFlowFolders();
    const withMachine = folders.filter((flow) => flow.machineFiles.length > 0).map((flow) => flow.folder);
    expect(withMachine).toEqual(expect.arrayContaining(['pollUntilDone', 'uploadPopover']));
    const modelled = new Set(discovered.map((entry) => entry.folder));
    expect(withMachine.filter((folder) => !modelled.has(folder))).toEqual([]);
    for (const entry of discovered) expect(entry.model.name).toBe(entry.folder);
  });

  it('recognises models by shape only', () => {
    expect(isMachineModel(pollUntilDoneModel)).toBe(true);
    expect(isMachineModel({ ...pollUntilDoneModel })).toBe(true);
    expect(isMachineModel(pollUntilDoneMachine)).toBe(false);
    expect(isMachineModel({ name: 'x', title: 'x', spec: 'x', machine: pollUntilDoneMachine })).toBe(false);
    expect(isMachineModel(null)).toBe(false);
  });

  describe('on a scratch source tree', () => {
    let root: string;
    beforeAll(async () => {
      root = await mkdtemp(join(tmpdir(), 'magpie-paths-'));
      await mkdir(join(root, 'broken'));
      await writeFile(join(root, 'broken', 'broken.model.ts'), "throw new Error('half-written model');\n");
      await mkdir(join(root, 'helpersOnly'));
      await writeFile(join(root, 'helpersOnly', 'util.ts'), 'export const x = 1;\n');
    });
    afterAll(async () => {
      await rm(root, { recursive: true, force: true });
    });

    it('names the model file that does not import', async () => {
      const failure = discoverModels({ root });
      await expect(failure).rejects.toBeInstanceOf(ModelDiscoveryError);
      await expect(failure).rejects.toThrow(/broken\.model\.ts: half-written model/);
    });

    it('lists only folders with a machine or a model', async () => {
      expect((await listFlowFolders(root)).map((flow) => flow.folder)).toEqual(['broken']);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Plans: numbered steps, sentences for XState's internal events, dotted states; the same every time.
// ---------------------------------------------------------------------------------------------------------------

describe('buildPlan / formatPlanMarkdown / formatPlanJson (pollUntilDone)', () => {
  const shortest = buildPlan(pollUntilDoneModel, 'shortest');
  const simple = buildPlan(pollUntilDoneModel, 'simple');

  it('is deterministic and plain JSON', () => {
    const again = buildPlan(pollUntilDoneModel, 'shortest');
    expect(again).toEqual(shortest);
    expect(formatPlanJson(again)).toBe(formatPlanJson(shortest));
    expect(formatPlanMarkdown(again)).toBe(formatPlanMarkdown(shortest));
    expect(JSON.parse(formatPlanJson(shortest))).toEqual(shortest);
  });

  it('has one plan path per generated path, numbered P1… with steps numbered 1…n', () => {
    expect(shortest.paths).toHaveLength(generatePaths(pollUntilDoneModel, 'shortest').length);
    expect(simple.paths).toHaveLength(generatePaths(pollUntilDoneModel, 'simple').length);
    for (const plan of [shortest, simple]) {
      plan.paths.forEach((path, index) => {
        expect(path.id).toBe(`P${index + 1}`);
        expect(path.steps.map((step) => step.step)).toEqual(path.steps.map((_, i) => i + 1));
        expect(path.title.startsWith(`${path.steps.at(-1)?.expect.state}: `)).toBe(true);
      });
    }
  });

  it('states the machine, its spec, the variant, the input and the initial state', () => {
    expect(shortest).toMatchObject({
      machine: 'pollUntilDone',
      spec: pollUntilDoneModel.spec,
      variant: 'shortest',
      input: { task: { type: 'rename' } },
      initial: { state: 'creating', context: { attempts: 0, maxAttempts: 15, pollIntervalMs: 1000 } },
    });
    expect(simple).toMatchObject({ variant: 'simple', input: { maxAttempts: 3 } });
  });

  it('says what a done, an error or an after event means to a person', () => {
    const humans = new Set(allSteps(shortest).map((step) => step.human));
    expect(humans).toContain('the createTask call succeeds with {"status":201,"location":"/fotoweb/me/background-tasks/42"}');
    expect(humans).toContain('the createTask call fails with {"message":"Failed to fetch"}');
    expect(humans).toContain('the pollTask call succeeds with {"status":"pending"}');
    expect(humans).toContain('the pollTask call fails with {"message":"Failed to fetch"}');
    expect(humans).toContain('wait 1000 ms (pollInterval)');
    // The job's updates.frequency (250 ms) sets the next wait: the delay is computed from the model's context.
    expect(humans).toContain('wait 250 ms (pollInterval)');

    for (const step of allSteps(shortest)) {
      expect(step.human).not.toMatch(/xstate\./);
      if (step.kind === 'done') expect(step.event.type).toBe(`xstate.done.actor.${step.actor}`);
      if (step.kind === 'error') expect(step.event.type).toBe(`xstate.error.actor.${step.actor}`);
      if (step.kind === 'after') {
        expect(step.event.type).toBe('xstate.after.pollInterval.pollUntilDone.waiting');
        expect(step.delay?.name).toBe('pollInterval');
      }
    }
  });

  it('times each wait with the frequency of the poll before it', () => {
    for (const path of shortest.paths) {
      path.steps.forEach((step, index) => {
        if (step.kind !== 'after') return;
        const poll = path.steps[index - 1]?.event as { output?: PollTaskOutput } | undefined;
        expect(step.delay?.ms).toBe(poll?.output?.updates?.frequency ?? 1000);
      });
    }
  });

  it('expects dotted state values and summarises what changed in the context', () => {
    for (const step of allSteps(simple)) expect(BACKGROUND_JOB_STATES.has(step.expect.state)).toBe(true);
    const first = shortest.paths.find((path) => path.steps[0]?.event['output'] !== undefined)?.steps[0];
    expect(first?.expect).toEqual({
      state: 'polling',
      context: { location: '/fotoweb/me/background-tasks/42', attempts: 1 },
    });
    const timeout = allSteps(shortest).find((step) => {
      const error = step.expect.context?.['error'] as { value?: string } | undefined;
      return error?.value === 'pollTimeout';
    });
    expect(timeout?.expect.state).toBe('failed');
  });

  it('prints Markdown: a heading per path and a numbered Step | Do | Expect state table', () => {
    const md = formatPlanMarkdown(shortest);
    const lines = md.split('\n');
    expect(lines[0]).toBe('# pollUntilDone: shortest paths');
    expect(md).toContain(`- Implements: ${pollUntilDoneModel.spec}`);
    expect(lines.filter((line) => line.startsWith('## P'))).toHaveLength(shortest.paths.length);
    expect(lines.filter((line) => line === '| Step | Do | Expect state |')).toHaveLength(shortest.paths.length);
    expect(md).toContain('## P1: ends in failed (30 steps)');
    expect(md).toContain(
      '| 1 | the createTask call succeeds with `{"status":201,"location":"/fotoweb/me/background-tasks/42"}` | `polling` · location = `"/fotoweb/me/background-tasks/42"`, attempts = `1` |',
    );
    expect(md).toContain('| 3 | wait 1000 ms (pollInterval) | `polling` · attempts = `2` |');
    const rows = lines.filter((line) => /^\| \d+ \|/.test(line));
    expect(rows).toHaveLength(allSteps(shortest).length);
  });
});

describe('formatStateValue / toJsonValue', () => {
  it('writes nested states with dots and parallel regions with commas', () => {
    expect(formatStateValue('closed')).toBe('closed');
    expect(formatStateValue({ uploading: 'sending' })).toBe('uploading.sending');
    expect(formatStateValue({ a: { b: 'c' } })).toBe('a.b.c');
    expect(formatStateValue({ both: { left: 'a', right: { inner: 'c' } } })).toBe('both.left.a, both.right.inner.c');
  });

  it('turns anything into plain JSON', () => {
    const cyclic: Record<string, unknown> = { n: 1 };
    cyclic['self'] = cyclic;
    expect(toJsonValue(undefined)).toBeNull();
    expect(toJsonValue({ a: undefined, b: () => 1, c: [undefined, 2] })).toEqual({ c: [null, 2] });
    expect(toJsonValue(new TypeError('nope'))).toEqual({ name: 'TypeError', message: 'nope' });
    expect(toJsonValue(new Map([['k', new Set([1])]]))).toEqual({ k: [1] });
    expect(toJsonValue(cyclic)).toEqual({ n: 1, self: '[Circular]' });
    expect(toJsonValue(Number.NaN)).toBe('NaN');
  });
});

describe('plans of other machines', () => {
  it('the upload popover: user events are "send …", nested states are dotted', async () => {
    const [entry] = await discoverModels({ folders: ['uploadPopover'] });
    expect(entry).toBeDefined();
    const plan = buildPlan(entry!.model, 'shortest');
    const steps = allSteps(plan);
    expect(steps.some((step) => step.kind === 'send' && step.human === 'send OPEN')).toBe(true);
    expect(steps.some((step) => step.kind === 'send' && step.human.startsWith('send ADD_FILES with {"files":'))).toBe(true);
    expect(steps.some((step) => step.human.startsWith('the uploadFile call succeeds with '))).toBe(true);
    expect(steps.some((step) => step.expect.state.includes('.'))).toBe(true);
  });

  /** Every kind of delay: a named number, a literal number, a function of the context, a function it cannot run. */
  const delays = setup({
    types: { context: {} as { wait: number }, events: {} as { type: 'GO'; wait: number } },
    delays: {
      notice: 2_000,
      fromContext: ({ context }) => context.wait,
      needsActor: ({ self }: { self: { id: string } }) => self.id.length,
    },
  }).createMachine({
    id: 'delays',
    context: { wait: 0 },
    initial: 'idle',
    states: {
      idle: { on: { GO: { target: 'a', actions: assign({ wait: ({ event }) => event.wait }) } } },
      a: { after: { notice: 'b' } },
      b: { after: { 500: 'c' } },
      c: { after: { fromContext: 'd' } },
      d: { after: { needsActor: 'e' } },
      e: { type: 'final' },
    },
  });
  const delaysModel: MachineModel = {
    name: 'delays',
    title: 'Delays',
    spec: 'test only',
    machine: delays,
    testModel: () => createTestModel(toTestModelMachine(delays), { events: [{ type: 'GO', wait: 750 }] }),
  };

  it('resolves a delay to ms when it can, else names it', () => {
    const path = buildPlan(delaysModel, 'shortest').paths.find((candidate) => candidate.steps.length === 5);
    expect(path?.steps.map((step) => step.human)).toEqual([
      'send GO with {"wait":750}',
      'wait 2000 ms (notice)',
      'wait 500 ms',
      'wait 750 ms (fromContext)',
      'wait the needsActor delay',
    ]);
    expect(path?.steps.map((step) => step.expect.state)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(path?.steps[4]?.delay).toEqual({ name: 'needsActor', ms: null });
  });

  it('refuses a model whose context grows without bound instead of running out of memory', () => {
    const counter = setup({ types: { context: {} as { n: number }, events: {} as { type: 'ADD' } } }).createMachine({
      id: 'counter',
      context: { n: 0 },
      on: { ADD: { actions: assign({ n: ({ context }) => context.n + 1 }) } },
    });
    const unbounded: MachineModel = {
      name: 'counter',
      title: 'Counter',
      spec: 'test only',
      machine: counter,
      testModel: () => createTestModel(toTestModelMachine(counter), { events: [{ type: 'ADD' }] }),
    };
    expect(() => generatePaths(unbounded, 'shortest', { traversal: 200, simplePaths: 100 })).toThrow(PathLimitError);
    expect(() => generatePaths(unbounded, 'simple', { traversal: 200, simplePaths: 100 })).toThrow(PathLimitError);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Replay: a printed JSON plan is a script a real actor follows.
// ---------------------------------------------------------------------------------------------------------------

/** A real background job with controlled createTask/pollTask calls and simulated time, driven by the plan's hooks. */
function startPollUntilDone(_path: unknown, plan: PathPlan): ReplaySession {
  const calls = {
    createTask: createControlledPromiseActor<CreateTaskOutput, CreateTaskInput>(),
    pollTask: createControlledPromiseActor<PollTaskOutput, PollTaskInput>(),
  };
  const clock = new SimulatedClock();
  const actor = createActor(pollUntilDoneMachine.provide({ actors: { createTask: calls.createTask.logic, pollTask: calls.pollTask.logic } }), {
    input: plan.input as unknown as PollUntilDoneInput,
    clock,
  }).start();
  const call = (id: string) => {
    if (id !== 'createTask' && id !== 'pollTask') throw new Error(`pollUntilDone has no actor ${id}`);
    return calls[id].current();
  };
  return {
    actor,
    hooks: {
      done: (id, output) => call(id).resolve(output as never),
      error: (id, error) => call(id).reject(error),
      after: (delay) => clock.increment(delay.ms),
      settle: () => flushPromises(),
    },
  };
}

describe('replay', () => {
  it('runs every shortest and simple path of the printed pollUntilDone plan on a real actor', async () => {
    for (const variant of ['shortest', 'simple'] as const) {
      const printed = JSON.parse(formatPlanJson(buildPlan(pollUntilDoneModel, variant))) as PathPlan;
      const report = await replay(printed, startPollUntilDone);
      expect(report.paths).toBe(printed.paths.length);
      expect(report.steps).toBe(allSteps(printed).length);
    }
  });

  it('stops at the first step where the actor disagrees with the plan', async () => {
    const plan = JSON.parse(formatPlanJson(buildPlan(pollUntilDoneModel, 'shortest'))) as {
      paths: Array<{ id: string; steps: Array<{ expect: { state: string; context?: Record<string, unknown> } }> }>;
    };
    const target = plan.paths[0]!;
    target.steps[2]!.expect.state = 'succeeded';
    const failure = replay(plan as unknown as PathPlan, startPollUntilDone, [target.id]);
    await expect(failure).rejects.toBeInstanceOf(ReplayError);
    await expect(failure).rejects.toThrow(`${target.id} step 3: expected state succeeded, the actor is in polling`);

    const again = JSON.parse(formatPlanJson(buildPlan(pollUntilDoneModel, 'shortest'))) as typeof plan;
    again.paths[0]!.steps[0]!.expect.context = { attempts: 7 };
    await expect(replay(again as unknown as PathPlan, startPollUntilDone, ['P1'])).rejects.toThrow('P1 step 1: expected context.attempts = 7, the actor has 1');
  });

  it('fails clearly when a step needs a hook the caller did not give', async () => {
    const plan = buildPlan(pollUntilDoneModel, 'shortest');
    const start = (path: unknown, printed: PathPlan): ReplaySession => {
      const session = startPollUntilDone(path, printed);
      return { actor: session.actor, hooks: { done: session.hooks.done, settle: session.hooks.settle } };
    };
    await expect(replay(plan, start, ['P1'])).rejects.toThrow("P1 step 3: no 'after' hook to wait 1000 ms (pollInterval)");
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The CLI: `npm run paths -- …` (spawned like the npm script, and in-process for the cheap cases).
// ---------------------------------------------------------------------------------------------------------------

describe('npm run paths', () => {
  it('--list prints every machine with its path counts', { timeout: 120_000 }, async () => {
    const { code, stdout } = await runPathsCli('--list', '--format', 'json');
    const listing = JSON.parse(stdout) as MachineListing[];
    expect(listing.map((row) => row.name)).toEqual(expect.arrayContaining(['pollUntilDone', 'uploadPopover']));
    expect(listing.find((row) => row.name === 'pollUntilDone')).toEqual({
      name: 'pollUntilDone',
      title: pollUntilDoneModel.title,
      spec: pollUntilDoneModel.spec,
      shortestPaths: generatePaths(pollUntilDoneModel, 'shortest').length,
      simplePaths: generatePaths(pollUntilDoneModel, 'simple').length,
    });
    // Exit 1 only when some machine's paths could not be counted (the row says why).
    const uncounted = listing.filter((row) => typeof row.shortestPaths !== 'number' || typeof row.simplePaths !== 'number');
    expect(code).toBe(uncounted.length > 0 ? 1 : 0);
  });

  it('--list formats a Markdown table (the default) or JSON', () => {
    const entry = { model: pollUntilDoneModel, folder: 'pollUntilDone', file: '', exportName: 'pollUntilDoneModel' };
    const listing = listMachines([entry]);
    const lines = formatListing(listing, 'md').split('\n');
    expect(lines[0]).toBe('| Machine | Shortest | Simple | Title | Spec |');
    const counts = `${generatePaths(pollUntilDoneModel, 'shortest').length} | ${generatePaths(pollUntilDoneModel, 'simple').length}`;
    expect(lines[2]).toBe(`| pollUntilDone | ${counts} | ${pollUntilDoneModel.title} | ${pollUntilDoneModel.spec} |`);
    expect(JSON.parse(formatListing(listing, 'json'))).toEqual(listing);
  });

  it('prints the pollUntilDone plan as JSON that a script can replay', { timeout: 60_000 }, async () => {
    const { code, stdout, stderr } = await runPathsCli('pollUntilDone', '--format', 'json');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const printed = JSON.parse(stdout) as PathPlan;
    expect(printed).toEqual(buildPlan(pollUntilDoneModel, 'shortest'));
    const report = await replay(printed, startPollUntilDone);
    expect(report.paths).toBe(printed.paths.length);
  });

  it('prints Markdown by default and the simple paths with --simple', async () => {
    const md = await cli('pollUntilDone');
    expect(md.code).toBe(0);
    expect(md.out).toBe(formatPlanMarkdown(buildPlan(pollUntilDoneModel, 'shortest')));
    const simple = await cli('pollUntilDone', '--simple', '--format', 'md');
    expect(simple.out).toBe(formatPlanMarkdown(buildPlan(pollUntilDoneModel, 'simple')));
  });

  it('exits 2 with the list of machines for an unknown name', { timeout: 60_000 }, async () => {
    const { code, stdout, stderr } = await runPathsCli('noSuchMachine');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('Unknown machine "noSuchMachine"');
    expect(stderr).toMatch(/^ {2}pollUntilDone +Create a background task/m);
    expect(stderr).toMatch(/^ {2}uploadPopover +/m);
  });

  it('exits 2 on bad usage and 0 on --help', async () => {
    expect((await cli()).code).toBe(2);
    expect((await cli('pollUntilDone', 'uploadPopover')).code).toBe(2);
    expect((await cli('pollUntilDone', '--format', 'xml')).code).toBe(2);
    expect((await cli('--list', 'pollUntilDone')).code).toBe(2);
    expect((await cli('--bogus')).code).toBe(2);
    const help = await cli('--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('npm run paths -- <machine> [--format md|json] [--simple]');
  });
});
