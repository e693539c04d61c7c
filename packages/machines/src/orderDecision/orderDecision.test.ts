import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Order } from '@magpie/api-types';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { createPromiseActorDriver } from '../testing/promiseActorDriver.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  addDays,
  DEFAULT_ORDER_DOWNLOAD_DAYS,
  isCalendarDate,
  ORDER_NOT_PENDING_MESSAGE,
  orderDecisionErrorMessage,
  orderDecisionMachine,
  orderDecisionProblems,
  orderDecisionRequestOf,
  type OrderDecisionContext,
  type OrderDecisionRequest,
} from './orderDecision.machine.ts';
import { ORDER_DECISION_MODEL_APPROVED, ORDER_DECISION_MODEL_DECIDED, ORDER_DECISION_MODEL_INPUT, ORDER_DECISION_MODEL_ORDER, orderDecisionModel } from './orderDecision.model.ts';

const shortestPaths = orderDecisionModel.testModel('shortest').getShortestPaths();
const simplePaths = orderDecisionModel.testModel('simple').getSimplePaths();
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const decides = createControlledPromiseActor<Order, OrderDecisionRequest>();
  return createPromiseActorDriver(
    {
      machine: orderDecisionMachine,
      input: ORDER_DECISION_MODEL_INPUT,
      actors: [{ name: 'decide', controlled: decides, invokingState: 'deciding' }],
      verify(snapshot) {
        const context = snapshot.context as OrderDecisionContext;
        // Only a decision without problems is sent, to the order's approve href, the comment trimmed.
        if (snapshot.matches('deciding')) {
          expect(decides.current().input).toEqual(orderDecisionRequestOf(context));
          expect(decides.current().input.href).toBe(ORDER_DECISION_MODEL_ORDER.approve);
          expect(orderDecisionProblems(context)).toEqual({});
        }
        expect(context.decided !== undefined).toBe(snapshot.matches('decided'));
        if (snapshot.matches('decided')) expect(snapshot.status).toBe('done');
        // A message only after a refusal.
        expect(context.error !== undefined).toBe(snapshot.matches({ editing: 'failed' }));
      },
    },
    coverage,
  );
}

describeModelPaths('orderDecision model: shortest paths', shortestPaths, 40, () => createDriver());

describeModelPaths('orderDecision model: simple paths', simplePaths, 200, () => createDriver());

describe('orderDecision coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(orderDecisionMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('orderDecision', report));
    assertFullCoverage('orderDecision', report);
  });

  it('defaults the expiry to 14 days from today and refuses a day before today or no date', () => {
    const actor = createActor(orderDecisionMachine, { input: ORDER_DECISION_MODEL_INPUT }).start();
    expect(DEFAULT_ORDER_DOWNLOAD_DAYS).toBe(14);
    expect(actor.getSnapshot().context.expiresOn).toBe('2026-03-16');
    expect(orderDecisionProblems({ ...actor.getSnapshot().context, expiresOn: '2026-03-02' })).toEqual({});
    expect(orderDecisionProblems({ ...actor.getSnapshot().context, expiresOn: '2026-03-01' })).toEqual({ expiresOn: 'The download works until today or a later day.' });
    expect(orderDecisionProblems({ ...actor.getSnapshot().context, expiresOn: '' })).toEqual({ expiresOn: 'Give the date the download stops working.' });
    expect(orderDecisionProblems({ ...actor.getSnapshot().context, adminComment: 'x'.repeat(2_001) })).toHaveProperty('adminComment');
    actor.send({ type: 'SET_EXPIRY', date: '' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'idle' });
  });

  it('approves a download that never expires: no date needed, none sent; a reject ignores the choice', () => {
    const actor = createActor(orderDecisionMachine, { input: ORDER_DECISION_MODEL_INPUT }).start();
    actor.send({ type: 'SET_EXPIRY', date: '' });
    expect(orderDecisionProblems(actor.getSnapshot().context)).toHaveProperty('expiresOn');
    actor.send({ type: 'SET_NEVER_EXPIRES', never: true });
    expect(orderDecisionProblems(actor.getSnapshot().context)).toEqual({});
    expect(orderDecisionRequestOf(actor.getSnapshot().context)).toEqual({
      href: ORDER_DECISION_MODEL_INPUT.href,
      kind: 'approve',
      adminComment: '',
      expiresOn: null,
      neverExpires: true,
    });
    actor.send({ type: 'SET_NEVER_EXPIRES', never: false });
    expect(orderDecisionProblems(actor.getSnapshot().context)).toHaveProperty('expiresOn');
    const rejecting = createActor(orderDecisionMachine, { input: { kind: 'reject', href: ORDER_DECISION_MODEL_ORDER.reject!, today: '2026-03-02' } }).start();
    rejecting.send({ type: 'SET_NEVER_EXPIRES', never: true });
    expect(rejecting.getSnapshot().context.neverExpires).toBe(false);
  });

  it('rejects with a comment and no expiry', async () => {
    const sent: OrderDecisionRequest[] = [];
    const decide = fromPromise<Order, OrderDecisionRequest>(async ({ input }) => {
      sent.push(input);
      return { ...ORDER_DECISION_MODEL_ORDER, state: 'rejected' };
    });
    const actor = createActor(orderDecisionMachine.provide({ actors: { decide } }), {
      input: { kind: 'reject', href: ORDER_DECISION_MODEL_ORDER.reject!, today: '2026-03-02' },
    }).start();
    expect(actor.getSnapshot().context.expiresOn).toBe('');
    actor.send({ type: 'EDIT_COMMENT', text: '  Not for print.  ' });
    actor.send({ type: 'CONFIRM' });
    await flushPromises();
    expect(sent).toEqual([{ href: ORDER_DECISION_MODEL_ORDER.reject, kind: 'reject', adminComment: 'Not for print.', expiresOn: null, neverExpires: false }]);
    expect(actor.getSnapshot().value).toBe('decided');
    expect(actor.getSnapshot().context.decided?.state).toBe('rejected');
  });

  it('says why a decision was refused', () => {
    expect(orderDecisionErrorMessage(ORDER_DECISION_MODEL_DECIDED)).toBe(ORDER_DECISION_MODEL_DECIDED.responseJSON.message);
    expect(orderDecisionErrorMessage({ status: 409, responseJSON: null })).toBe(ORDER_NOT_PENDING_MESSAGE);
    expect(orderDecisionErrorMessage({ status: 403, responseJSON: { message: 'Needs approveOrders.' } })).toBe('Needs approveOrders.');
    expect(orderDecisionErrorMessage({ status: 500, responseJSON: { message: 'boom' } })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(ORDER_DECISION_MODEL_APPROVED.state).toBe('approved');
  });

  it('adds calendar days across months and years, and knows a real date', () => {
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
    expect(addDays('2028-02-20', 10)).toBe('2028-03-01');
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('29/02/2028')).toBe(false);
  });
});
