/**
 * Model-based end-to-end tests: the paths a flow's {@link MachineModel} generates (`xstate/graph`), executed in real
 * Chromium against the real stack, one Playwright test per path.
 *
 * A screen plugs in with a {@link ScreenAdapter}: `setup` opens the screen, `perform` turns each model event into
 * what a user does (click, type, pick files) or into the network outcome the event names (through `page.route`),
 * and `assertState` checks each model state on the screen (visible and hidden elements, `data-*` attributes,
 * disabled controls). The harness knows nothing about any particular screen:
 *
 * ```ts
 * // tests/e2e/model/<flow>.model.spec.ts
 * import { <flow>Model } from '@magpie/machines/<flow>/<flow>.model.ts';
 * import { registerModelTests, type ScreenAdapter } from './harness.ts';
 *
 * const adapter: ScreenAdapter<MyScreen> = { setup, perform, assertState };
 * registerModelTests({ model: <flow>Model, variant: 'shortest', adapter, select: 'cover', maxPaths: 8 });
 * ```
 *
 * Browser steps take seconds where the unit tests' steps take microseconds, so a suite usually runs a subset:
 * `select: 'cover'` keeps the fewest paths that together reach every state and take every transition the variant's
 * paths reach (measured by replaying each path on the model with `testing/coverage.ts`). `MAGPIE_E2E_MODEL_PATHS=all`
 * runs every generated path instead, for a long run. Paths an adapter cannot execute are removed only through
 * {@link PathExclusion}s, each with its reason, and they show up as skipped tests: nothing disappears silently.
 */
import type { Page, TestInfo } from '@playwright/test';
import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';
import type { TestModel, TestPath } from 'xstate/graph';
import type { MachineModel, PathVariant } from '@magpie/machines/testing/machineModel.ts';
import { createCoverageTracker, formatCoverage, listStateNodes, listTransitions, type CoverageReport } from '@magpie/machines/testing/coverage.ts';
import { describePath, formatEvent } from '@magpie/machines/testing/modelPaths.ts';
import { expect, scopeAccessibilityChecks, test } from '../fixtures.ts';

/** One generated path: `steps[0]` is `xstate.init` with the initial state, then one step per event. */
export type ModelPath = TestPath<AnyMachineSnapshot, EventObject>;

/** Which paths of a variant run: every one, or the fewest that cover what they all cover. */
export type PathSelection = 'all' | 'cover';

/** Environment variable that overrides every suite's {@link PathSelection} (`all` or `cover`). */
export const MODEL_PATHS_ENV = 'MAGPIE_E2E_MODEL_PATHS';

/** What {@link ScreenAdapter.setup} learns about the path it prepares the screen for. */
export interface PathSetup {
  /** The path about to run (an adapter may look ahead, e.g. to prepare the files it will add). */
  readonly path: ModelPath;
  /** The path family it comes from. */
  readonly variant: PathVariant;
  /** Position of the path in the variant's generated list (stable for a given model). */
  readonly pathIndex: number;
  /** Position among the paths that run in this suite (0, 1, …), e.g. for picking different fixtures per path. */
  readonly position: number;
  /** The admin's credentials of the e2e stack (tests/e2e/fixtures.ts). */
  readonly credentials: { readonly username: string; readonly password: string };
  readonly testInfo: TestInfo;
}

/** Where a step is: what the adapter may need beyond the event itself. */
export interface StepInfo {
  /** Index in `path.steps` (1 is the first event; 0 is the initial state). */
  readonly index: number;
  /** The model state before the step (for `perform`) or the one just reached (for `assertState` of step 0). */
  readonly from: AnyMachineSnapshot;
  /** The model state the step leads to. */
  readonly to: AnyMachineSnapshot;
  /** The whole path, for look-ahead. */
  readonly path: ModelPath;
}

/**
 * How one screen executes model paths. `TContext` is whatever the adapter keeps per path (locators, the network
 * controller, the files it picked); the harness only passes it along.
 */
export interface ScreenAdapter<TContext> {
  /**
   * Opens the screen in the model's initial state (log in, navigate, install `page.route` handlers) and returns the
   * per-path context. Runs once per test, on a fresh page.
   */
  setup(page: Page, setup: PathSetup): Promise<TContext>;
  /**
   * Makes the real app receive `event` the way it would in production: a user action for a user event, the network
   * outcome for an actor's done/error event, the passing of time for a delay.
   *
   * @throws when the action cannot be performed (a Playwright timeout or a failed `expect`).
   */
  perform(event: EventObject, page: Page, context: TContext, step: StepInfo): Promise<void>;
  /**
   * Checks that the screen shows the model state `state` (its `value` and, where visible, its `context`). Use
   * web-first assertions (`await expect(locator)…`): they wait for the app to settle.
   *
   * @throws when the screen disagrees with the model.
   */
  assertState(state: AnyMachineSnapshot, page: Page, context: TContext, step: StepInfo): Promise<void>;
  /** Optional clean-up after the path, run even when it failed (the page itself is closed by Playwright). */
  teardown?(page: Page, context: TContext): Promise<void>;
}

/** Paths an adapter cannot execute in a real browser, and why; they are listed as skipped tests. */
export interface PathExclusion {
  /** Why these paths cannot run in the browser (shown in the skipped test's title). */
  readonly reason: string;
  /** `true` for a path to leave out. */
  matches(path: ModelPath): boolean;
}

/** Options of {@link planModelPaths} and {@link registerModelTests}. */
export interface ModelSuiteOptions<TContext> {
  /** The flow's model (`src/<flow>/<flow>.model.ts`). */
  readonly model: MachineModel;
  /** Which path family to generate. */
  readonly variant: PathVariant;
  /** The screen that executes the paths. */
  readonly adapter: ScreenAdapter<TContext>;
  /** Default `cover`; the {@link MODEL_PATHS_ENV} environment variable overrides it. */
  readonly select?: PathSelection;
  /** Paths the adapter cannot execute, each group with its reason. */
  readonly exclude?: readonly PathExclusion[];
  /**
   * Upper limit on the paths that run, so a model change cannot silently turn the suite into an hour-long run.
   * Checked only for `cover` (an explicit `all` run is meant to be long).
   */
  readonly maxPaths?: number;
  /**
   * Default `true`: a test fails unless the selected paths reach every state and take every transition of the
   * machine. Set `false` only when the variant's scope or an exclusion cannot reach everything, and say why.
   */
  readonly requireFullCoverage?: boolean;
  /** Per-test timeout in ms; default the config's. */
  readonly timeoutMs?: number;
  /**
   * An earlier plan of the same model (another variant): `cover` then picks only paths that reach states and
   * transitions that plan's paths miss, so two variants together cover the machine without running what the first
   * already ran.
   */
  readonly complementOf?: ModelPathPlan;
}

/** What will run: the chosen paths, what was excluded and why, and the coverage of the chosen paths. */
export interface ModelPathPlan {
  readonly name: string;
  readonly variant: PathVariant;
  readonly selection: PathSelection;
  /** Number of paths the variant generates. */
  readonly generated: number;
  /** The paths to run, in generation order, each with its index in the generated list. */
  readonly paths: readonly { readonly index: number; readonly path: ModelPath }[];
  /** Excluded paths per exclusion, in the order the exclusions were given. */
  readonly excluded: readonly { readonly reason: string; readonly paths: readonly ModelPath[] }[];
  /** Coverage of the machine by the chosen paths, measured on the model (`testing/coverage.ts`). */
  readonly coverage: CoverageReport;
}

const INIT_EVENT = 'xstate.init';

/** The model's paths for a variant: shortest paths or simple paths. */
export function generatePaths(model: MachineModel, variant: PathVariant): { testModel: TestModel<AnyMachineSnapshot, EventObject, unknown>; paths: ModelPath[] } {
  const testModel = model.testModel(variant);
  const paths = variant === 'shortest' ? testModel.getShortestPaths() : testModel.getSimplePaths();
  return { testModel, paths };
}

type Tracker = ReturnType<typeof createCoverageTracker>;

/**
 * Replays `path` on an actor of the model machine (no side effects, instantaneous) and records it on `tracker`.
 * Transition keys are the same in the model and the real machine (testing/modelMachine.ts), so the tracker can be
 * one of the real machine.
 *
 * @throws {Error} when the replay does not end in the path's final state (the model is not deterministic).
 */
function replayOnModel(testModel: TestModel<AnyMachineSnapshot, EventObject, unknown>, path: ModelPath, tracker: Tracker): void {
  const input = (testModel.options as { input?: unknown }).input;
  const actor = createActor(testModel.testLogic as AnyStateMachine, { input, inspect: tracker.inspect });
  actor.start();
  tracker.observe(actor.getSnapshot());
  for (const step of path.steps) if (step.event.type !== INIT_EVENT) actor.send(step.event);
  const reached = actor.getSnapshot();
  actor.stop();
  if (JSON.stringify([reached.value, reached.context]) !== JSON.stringify([path.state.value, path.state.context])) {
    throw new Error(`Replaying "${describePath(path)}" on the model did not reach the path's final state`);
  }
}

/** The state ids and transition keys one path reaches (prefixed `state:` / `transition:`). */
function itemsOf(model: MachineModel, testModel: TestModel<AnyMachineSnapshot, EventObject, unknown>, path: ModelPath): Set<string> {
  const tracker = createCoverageTracker(model.machine);
  replayOnModel(testModel, path, tracker);
  return coveredItems(model, tracker.report());
}

/**
 * Greedy set cover: repeatedly takes the path that reaches the most not-yet-reached states and transitions (ties:
 * fewer steps, then generation order) until nothing new is reached. Returns indexes into `candidates`, ascending.
 * Not always the smallest possible set, but close, deterministic and cheap. Items in `covered` (`state:<id>`,
 * `transition:<key>`) are reached already and count for nothing.
 */
export function selectCoveringPaths(
  model: MachineModel,
  testModel: TestModel<AnyMachineSnapshot, EventObject, unknown>,
  candidates: readonly ModelPath[],
  covered: ReadonlySet<string> = new Set(),
): number[] {
  const items = candidates.map((path) => itemsOf(model, testModel, path));
  const remaining = new Set(items.flatMap((set) => [...set]).filter((item) => !covered.has(item)));
  const chosen: number[] = [];
  while (remaining.size > 0) {
    let best = -1;
    let bestGain = 0;
    items.forEach((set, index) => {
      if (chosen.includes(index)) return;
      const gain = [...set].filter((item) => remaining.has(item)).length;
      const candidate = candidates[index];
      const incumbent = candidates[best];
      if (gain > bestGain || (gain === bestGain && gain > 0 && candidate && incumbent && candidate.steps.length < incumbent.steps.length)) {
        best = index;
        bestGain = gain;
      }
    });
    if (best < 0) break;
    chosen.push(best);
    for (const item of items[best] ?? []) remaining.delete(item);
  }
  return chosen.sort((a, b) => a - b);
}

/**
 * Coverage of the machine by `paths`, measured by replaying them on the model.
 *
 * @throws {Error} when a path does not replay to its final state.
 */
export function measureCoverage(model: MachineModel, testModel: TestModel<AnyMachineSnapshot, EventObject, unknown>, paths: readonly ModelPath[]): CoverageReport {
  const tracker = createCoverageTracker(model.machine);
  for (const path of paths) replayOnModel(testModel, path, tracker);
  return tracker.report();
}

/** The selection in force: {@link MODEL_PATHS_ENV} when set, else `fallback`. */
function selectionFromEnv(fallback: PathSelection): PathSelection {
  const value = process.env[MODEL_PATHS_ENV];
  if (value === undefined || value === '') return fallback;
  if (value === 'all' || value === 'cover') return value;
  throw new Error(`${MODEL_PATHS_ENV} must be "all" or "cover", got "${value}"`);
}

/**
 * Decides which paths run, without registering anything (pure; usable from a script or a unit test): generates the
 * variant's paths, removes the excluded ones, then keeps all of them or a covering subset.
 *
 * @throws {Error} when `cover` selects more than `maxPaths` paths, or a path does not replay on the model.
 */
export function planModelPaths<TContext>(options: ModelSuiteOptions<TContext>): ModelPathPlan {
  const { model, variant } = options;
  const selection = selectionFromEnv(options.select ?? 'cover');
  const { testModel, paths } = generatePaths(model, variant);
  const excluded = (options.exclude ?? []).map((exclusion) => ({ reason: exclusion.reason, paths: [] as ModelPath[] }));
  const candidates: { index: number; path: ModelPath }[] = [];
  paths.forEach((path, index) => {
    const rule = (options.exclude ?? []).findIndex((exclusion) => exclusion.matches(path));
    if (rule >= 0) excluded[rule]?.paths.push(path);
    else candidates.push({ index, path });
  });
  const chosen =
    selection === 'all'
      ? candidates
      : selectCoveringPaths(
          model,
          testModel,
          candidates.map((candidate) => candidate.path),
          options.complementOf && coveredItems(model, options.complementOf.coverage),
        ).flatMap((i) => candidates[i] ?? []);
  if (selection === 'cover' && options.maxPaths !== undefined && chosen.length > options.maxPaths) {
    throw new Error(`${model.name}: the covering set has ${chosen.length} paths, more than maxPaths ${options.maxPaths}`);
  }
  return {
    name: model.name,
    variant,
    selection,
    generated: paths.length,
    paths: chosen,
    excluded,
    coverage: measureCoverage(
      model,
      testModel,
      chosen.map((entry) => entry.path),
    ),
  };
}

/** The `state:` and `transition:` items a coverage report reached. */
function coveredItems(model: MachineModel, coverage: CoverageReport): Set<string> {
  const missingStates = new Set(coverage.states.missing);
  const missingTransitions = new Set(coverage.transitions.missing);
  return new Set([
    ...listStateNodes(model.machine)
      .map((node) => node.id)
      .filter((id) => !missingStates.has(id))
      .map((id) => `state:${id}`),
    ...listTransitions(model.machine)
      .map((transition) => transition.key)
      .filter((key) => !missingTransitions.has(key))
      .map((key) => `transition:${key}`),
  ]);
}

/** Short text for a state value: `open`, `uploading.sending`. */
export function formatStateValue(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${formatStateValue(child as StateValue)}`))
    .join(', ');
}

/**
 * Registers the model's paths as Playwright tests inside a `describe` named after the model: one test per chosen
 * path (title: its events, see `describePath`), one skipped test per exclusion (title: reason and count), and one
 * test that reports the coverage of the chosen paths in its title and fails below 100 % when
 * `requireFullCoverage` is on.
 *
 * Each path test gets a fresh page, calls `adapter.setup`, asserts the initial state, then for every step calls
 * `perform` and `assertState`, each inside a `test.step` named after the event or state (so a failure names the
 * step). Call it at the top level of a `*.spec.ts` file.
 *
 * @returns the plan, for logging.
 * @throws {Error} at registration when `planModelPaths` does.
 */
export function registerModelTests<TContext>(options: ModelSuiteOptions<TContext>): ModelPathPlan {
  const plan = planModelPaths(options);
  const { adapter, model } = options;
  const requireFull = options.requireFullCoverage ?? true;

  test.describe(`${model.name} model: ${plan.variant} paths (${plan.selection})`, () => {
    if (options.timeoutMs !== undefined) test.describe.configure({ timeout: options.timeoutMs });

    const coverageLine = `${formatCoverage(model.name, plan.coverage)} over ${plan.paths.length} of ${plan.generated} ${plan.variant} paths`;
    test(`coverage: ${coverageLine}`, () => {
      if (requireFull) expect(plan.coverage.states.missing.concat(plan.coverage.transitions.missing), coverageLine).toEqual([]);
      expect(plan.paths.length, 'at least one path runs').toBeGreaterThan(0);
    });

    for (const { reason, paths } of plan.excluded) {
      if (paths.length > 0) test.skip(`excluded (${paths.length} paths): ${reason}`, () => {});
    }

    const titles = new Set<string>();
    for (const [position, { index: pathIndex, path }] of plan.paths.entries()) {
      let title = describePath(path);
      for (let n = 2; titles.has(title); n++) title = `${describePath(path)} #${n}`;
      titles.add(title);

      test(title, async ({ page, credentials }, testInfo) => {
        const steps = path.steps;
        // The screen a setup opens is checked once per model and variant in the worker, like each state below.
        scopeAccessibilityChecks(`${model.name}/${plan.variant}/setup`);
        const context = await test
          .step('setup', () => adapter.setup(page, { path, variant: plan.variant, pathIndex, position, credentials, testInfo }))
          .finally(() => scopeAccessibilityChecks(undefined));
        try {
          for (let index = 0; index < steps.length; index++) {
            const step = steps[index]!;
            const info: StepInfo = { index, from: steps[index - 1]?.state ?? step.state, to: step.state, path };
            if (step.event.type !== INIT_EVENT) {
              await test.step(`${index}. ${formatEvent(step.event)}`, () => adapter.perform(step.event, page, context, info));
            }
            // Axe checks run once per state of this model in the worker (fixtures.ts scopeAccessibilityChecks).
            scopeAccessibilityChecks(`${model.name}/${plan.variant}/${formatStateValue(step.state.value)}`);
            await test.step(`${index}. → ${formatStateValue(step.state.value)}`, () => adapter.assertState(step.state, page, context, info));
            scopeAccessibilityChecks(undefined);
          }
        } finally {
          scopeAccessibilityChecks(undefined);
          await adapter.teardown?.(page, context);
          // Requests a path held and never answered must not reach the server once their handlers go (unrouting lets
          // Chromium continue paused requests: a held rename then renamed the file for the next path). Offline first,
          // so they fail in the browser; then a route handler still awaiting its real answer must not fail the path.
          await page
            .context()
            .setOffline(true)
            .catch(() => undefined);
          await page.unrouteAll({ behavior: 'ignoreErrors' });
        }
      });
    }
  });
  return plan;
}
