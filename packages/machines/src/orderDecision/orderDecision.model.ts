/**
 * The approver's decision test model (issue 15 "Cart and orders"; spec 02 §7 APPROVE; spec 03 §2.1 Pending orders;
 * dam.yaml `approveOrder`): the paths `orderDecision.test.ts` runs on real actors,
 * `tests/e2e/model/orderDecision.model.spec.ts` runs in Chromium against the Pending orders page's Approve dialog, and
 * `npm run paths -- orderDecision` prints for QA.
 *
 * The dialog opens on today's date with the download working for 14 days. The approver writes a comment, and changes the
 * expiry to a day before today (refused, shortest paths only) or to the end of the month, or ticks "Never expires" (which
 * lifts the refused date's problem); Cancel closes it. Confirm is
 * offered only for a decision without problems: the DAM approves (the order as approved), or refuses with 409 (decided
 * already) and, for shortest paths, 500; the decision stays as it was.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { Order } from '@magpie/api-types';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { orderDecisionMachine, orderDecisionProblems, type OrderDecisionContext, type OrderDecisionInput } from './orderDecision.machine.ts';

/** The model's pending order (what the Pending orders page lists). */
export const ORDER_DECISION_MODEL_ORDER: Order = {
  href: '/fotoweb/orders/42',
  id: 42,
  orderReference: 'ORD-000042',
  state: 'pending',
  created: '2026-03-01T15:30:00.000Z',
  modified: '2026-03-01T15:30:00.000Z',
  expires: null,
  userComment: 'For the spring brochure, page 4.',
  adminComment: '',
  owner: { username: 'editor', fullName: 'Erin Editor', address: { email: 'erin@example.com', firstName: 'Erin', lastName: 'Editor' } },
  orderItems: [
    {
      asset: '/fotoweb/archives/5000-Photos/orders-model/harbour.jpg.info',
      filename: 'harbour.jpg',
      thumbnail: null,
      rendition: { href: '/fotoweb/archives/5000-Photos/orders-model/harbour.jpg.info/__renditions/ORIGINAL', name: 'Original', download: null },
      adminComment: '',
      expires: null,
      expired: false,
    },
  ],
  orderData: [{ id: 'project', value: 'AB-123' }],
  download: null,
  approve: '/fotoweb/orders/42/approve',
  reject: '/fotoweb/orders/42/reject',
};

/** The input of every path: approving the model's order on 2 March 2026. */
export const ORDER_DECISION_MODEL_INPUT: OrderDecisionInput = { kind: 'approve', href: ORDER_DECISION_MODEL_ORDER.approve!, today: '2026-03-02' };

/** What a path writes, the expiry it refuses (before today) and the one it keeps. */
export const ORDER_DECISION_MODEL_COMMENT = 'Approved: credit the photographer.';
export const ORDER_DECISION_MODEL_PAST = '2026-03-01';
export const ORDER_DECISION_MODEL_EXPIRY = '2026-03-31';

/** The DAM's answer: the order as approved. */
export const ORDER_DECISION_MODEL_APPROVED: Order = {
  ...ORDER_DECISION_MODEL_ORDER,
  state: 'approved',
  adminComment: ORDER_DECISION_MODEL_COMMENT,
  expires: '2026-03-31T21:59:59.000Z',
  approve: null,
  reject: null,
};

/** 409 `OrderNotPending`: another approver was first. */
export const ORDER_DECISION_MODEL_DECIDED = {
  status: 409,
  responseJSON: { value: 'OrderNotPending', heading: 'Order decided', message: 'ORD-000042 was approved already.' },
} as const;

/** A failure without a reason to show: the general error. */
export const ORDER_DECISION_MODEL_SERVER_ERROR = { status: 500, responseJSON: { value: 'InternalError', heading: 'Internal error', message: 'boom' } } as const;

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

function modelEvents(variant: PathVariant) {
  const shortest = variant === 'shortest';
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as OrderDecisionContext;
    if (snapshot.matches('deciding')) {
      return [
        event('xstate.done.actor.decide', { output: ORDER_DECISION_MODEL_APPROVED }),
        event('xstate.error.actor.decide', { error: ORDER_DECISION_MODEL_DECIDED }),
        ...(shortest ? [event('xstate.error.actor.decide', { error: ORDER_DECISION_MODEL_SERVER_ERROR })] : []),
      ];
    }
    if (!snapshot.matches('editing')) return [];
    const events: EventObject[] = [];
    // Once "Never expires" is ticked the path ends: only Confirm, Cancel and Dismiss follow.
    const editable = !context.neverExpires;
    if (editable && context.adminComment === '') events.push(event('EDIT_COMMENT', { text: ORDER_DECISION_MODEL_COMMENT }));
    if (editable && shortest && context.expiresOn !== ORDER_DECISION_MODEL_PAST && context.expiresOn !== ORDER_DECISION_MODEL_EXPIRY) {
      events.push(event('SET_EXPIRY', { date: ORDER_DECISION_MODEL_PAST }));
    }
    if (editable && context.expiresOn !== ORDER_DECISION_MODEL_EXPIRY) events.push(event('SET_EXPIRY', { date: ORDER_DECISION_MODEL_EXPIRY }));
    // "Never expires": ticked once and never unticked (SET_EXPIRY's paths cover a dated approval): on the refused date
    // before the comment for shortest paths (Confirm is offered again), after the comment on the default date for simple paths.
    const tick = shortest
      ? context.expiresOn === ORDER_DECISION_MODEL_PAST && context.adminComment === ''
      : context.adminComment !== '' && context.expiresOn !== ORDER_DECISION_MODEL_EXPIRY;
    if (editable && tick && !snapshot.matches({ editing: 'failed' })) {
      events.push(event('SET_NEVER_EXPIRES', { never: true }));
    }
    if (Object.keys(orderDecisionProblems(context)).length === 0) events.push(event('CONFIRM'));
    events.push(event('CANCEL'));
    if (snapshot.matches({ editing: 'failed' })) events.push(event('DISMISS'));
    return events;
  };
}

const modelMachine = toTestModelMachine(orderDecisionMachine);

/** The `xstate/graph` test model for a variant, with {@link ORDER_DECISION_MODEL_INPUT}. */
export function createOrderDecisionTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { input: ORDER_DECISION_MODEL_INPUT, events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The approver's decision {@link MachineModel}. */
export const orderDecisionModel: MachineModel = {
  name: 'orderDecision',
  title: 'Approve a pending order: a comment and the download expiry (14 days unless changed, not before today, or never); a refusal (409 decided already, 500) keeps the decision',
  spec: 'issue 15 Cart and orders; spec 02 §7 APPROVE and REJECT with an order-update body; spec 03 §2.1 Pending orders; dam.yaml approveOrder, rejectOrder (409 OrderNotPending); spec 01 §8 default error',
  machine: orderDecisionMachine,
  testModel(variant: PathVariant) {
    return createOrderDecisionTestModel(variant);
  },
};
