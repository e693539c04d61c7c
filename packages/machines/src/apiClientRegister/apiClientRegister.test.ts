import { createActor, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  API_CLIENT_ACTING_AS_REQUIRED,
  API_CLIENT_FORBIDDEN,
  API_CLIENT_NAME_REQUIRED,
  API_CLIENT_NAME_TOO_LONG,
  apiClientErrorMessage,
  apiClientProblems,
  apiClientRegisterMachine,
  type ApiClientDraft,
  type ApiClientRegisterEvent,
  type RegisteredApiClient,
} from './apiClientRegister.machine.ts';
import { apiClientRegisterModel, MODEL_ACTING_AS, MODEL_REGISTERED } from './apiClientRegister.model.ts';

const shortestPaths = apiClientRegisterModel.testModel('shortest').getShortestPaths();
const simplePaths = apiClientRegisterModel.testModel('simple').getSimplePaths();

const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const registers = createControlledPromiseActor<RegisteredApiClient, ApiClientDraft>();
  const actor = createActor(apiClientRegisterMachine.provide({ actors: { register: registers.logic } }), {
    clock: new SimulatedClock(),
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: RegisteredApiClient; error?: unknown; draft?: ApiClientDraft };
      if (event.type === 'xstate.done.actor.register') registers.current().resolve(payload.output!);
      else if (event.type === 'xstate.error.actor.register') registers.current().reject(payload.error);
      else actor.send(event as ApiClientRegisterEvent);
      await flushPromises();
      const after = actor.getSnapshot();
      // Oracles, independent of the machine's guards: both problems at once for an empty form; the DAM's reason.
      if (event.type === 'REGISTER') {
        const empty = payload.draft!.name.trim() === '';
        expect(after.value).toBe(empty ? 'editing' : 'registering');
        if (empty) expect(after.context.problems).toEqual([API_CLIENT_NAME_REQUIRED, API_CLIENT_ACTING_AS_REQUIRED]);
      }
      if (event.type === 'xstate.error.actor.register') expect([after.value, after.context.error]).toEqual(['editing', apiClientErrorMessage(payload.error)]);
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      // The name goes trimmed, with the chosen principal.
      for (const { input } of registers.invocations) expect(input).toEqual({ name: 'Shop sync', actingAs: MODEL_ACTING_AS.href });
      expect(registers.pending()).toHaveLength(snapshot.matches('registering') ? 1 : 0);
      if (snapshot.matches('created')) expect(snapshot.context.created?.clientSecret).toBe(MODEL_REGISTERED.clientSecret);
    },
  };
}

describeModelPaths('apiClientRegister model: shortest paths (every refusal)', shortestPaths, 60, () => createDriver());

describeModelPaths('apiClientRegister model: simple paths (one refusal)', simplePaths, 60, () => createDriver());

describe('apiClientRegister coverage', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(apiClientRegisterMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('apiClientRegister', report));
    assertFullCoverage('apiClientRegister', report);
  });
});

describe('API client rules', () => {
  it('checks the name and the principal before sending', () => {
    expect(apiClientProblems({ name: 'Shop', actingAs: '/fotoweb/api/users/15001' })).toEqual([]);
    expect(apiClientProblems({ name: 'x'.repeat(101), actingAs: '/fotoweb/api/users/15001' })).toEqual([API_CLIENT_NAME_TOO_LONG]);
    expect(apiClientProblems({ name: ` ${'x'.repeat(100)} `, actingAs: '/fotoweb/api/users/15001' })).toEqual([]);
  });

  it('says the DAM reason for 403 and 400, the general error otherwise', () => {
    expect(apiClientErrorMessage({ status: 403, responseJSON: { value: 'Forbidden', message: 'Not that group.' } })).toBe('Not that group.');
    expect(apiClientErrorMessage({ status: 403, responseJSON: null })).toBe(API_CLIENT_FORBIDDEN);
    expect(apiClientErrorMessage({ status: 400, responseJSON: { value: 'InvalidRequest', message: 'bad', issues: [{ message: 'Name too long.' }] } })).toBe('Name too long.');
    expect(apiClientErrorMessage({ status: 503, responseJSON: null })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(apiClientErrorMessage(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
