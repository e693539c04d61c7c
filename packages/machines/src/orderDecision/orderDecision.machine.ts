/**
 * An approver's decision on a pending order (issue 15 "Cart and orders"; spec 02 §7 "APPROVE and REJECT custom methods
 * on an order URL with an order-update body", spec 03 §2.1 "Pending orders"; dam.yaml `approveOrder`, `rejectOrder`):
 * the Approve dialog (the approver's comment and the date the download stops working, {@link DEFAULT_ORDER_DOWNLOAD_DAYS}
 * days from today unless changed, or never: FotoWare's `orderupdate` "expires … null if it never expires") and the Reject
 * prompt (a comment).
 *
 * editing (idle | failed): EDIT_COMMENT, SET_EXPIRY and SET_NEVER_EXPIRES change the decision (→ editing.idle, the last failure
 * forgotten); CONFIRM → deciding when the decision has no problem ({@link orderDecisionProblems}); CANCEL → cancelled.
 * deciding: the `decide` actor POSTs the `orderupdate` to the order's `approve` or `reject` → decided with the order
 * as decided, or → editing.failed with the reason (409 `OrderNotPending`: another approver decided it first), the
 * decision kept (DISMISS → editing.idle). decided and cancelled are final: the dialog closes.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Order } from '@magpie/api-types';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import type { UserSaveRequestError } from '../userSave/userSave.machine.ts';

/** How many days an approved order's download works unless the approver says otherwise (the DAM's default too). */
export const DEFAULT_ORDER_DOWNLOAD_DAYS = 14;

/** The longest comment an approver may write (dam.yaml `OrderDecision.adminComment`). */
export const ORDER_DECISION_COMMENT_MAX_LENGTH = 2_000;

/** What a 409 `OrderNotPending` says when the DAM gives no message. */
export const ORDER_NOT_PENDING_MESSAGE = 'This order was approved or rejected already, perhaps by another approver.';

/** An approver's choice. */
export type OrderDecisionKind = 'approve' | 'reject';

/**
 * The input: approve or reject, where (the order's `approve` or `reject` href), and today's date on the approver's
 * calendar (`YYYY-MM-DD`), from which the expiry defaults and is checked.
 */
export interface OrderDecisionInput {
  readonly kind: OrderDecisionKind;
  readonly href: string;
  readonly today: string;
}

/** What the `decide` actor is given: the href and the decision (the expiry a calendar date, or null for a rejection). */
export interface OrderDecisionRequest {
  readonly href: string;
  readonly kind: OrderDecisionKind;
  readonly adminComment: string;
  /**
   * `YYYY-MM-DD`: the last day the download works (the screen sends the end of that day); null when rejecting, and when
   * approving a download that never expires ({@link OrderDecisionRequest.neverExpires}).
   */
  readonly expiresOn: string | null;
  /** Approving a download that never expires (the screen sends `expires: null`); false when rejecting. */
  readonly neverExpires: boolean;
}

/** Context: the decision as edited, the order as decided, and why the last attempt failed. */
export interface OrderDecisionContext {
  readonly kind: OrderDecisionKind;
  readonly href: string;
  readonly today: string;
  readonly adminComment: string;
  /** `YYYY-MM-DD` as typed ('' when cleared); only an approval has one. */
  readonly expiresOn: string;
  /** The approver chose "Never expires": the date is kept but not used. */
  readonly neverExpires: boolean;
  readonly decided: Order | undefined;
  readonly error: string | undefined;
}

/** The dialog's events. */
export type OrderDecisionEvent =
  | { type: 'EDIT_COMMENT'; text: string }
  | { type: 'SET_EXPIRY'; date: string }
  | { type: 'SET_NEVER_EXPIRES'; never: boolean }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'DISMISS' };

/** `date` (`YYYY-MM-DD`) plus `days` calendar days, as `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Whether `value` is a calendar date `YYYY-MM-DD` that exists. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return addDays(value, 0) === value;
}

/**
 * What is wrong with the decision, by key: `expiresOn` (an approval needs a date, today or later, unless it never
 * expires) and `adminComment`
 * (at most {@link ORDER_DECISION_COMMENT_MAX_LENGTH} characters). Empty when it may be sent.
 */
export function orderDecisionProblems(context: Pick<OrderDecisionContext, 'kind' | 'today' | 'adminComment' | 'expiresOn' | 'neverExpires'>): Readonly<Record<string, string>> {
  const problems: Record<string, string> = {};
  if (context.kind === 'approve' && !context.neverExpires) {
    if (!isCalendarDate(context.expiresOn)) problems['expiresOn'] = 'Give the date the download stops working.';
    else if (context.expiresOn < context.today) problems['expiresOn'] = 'The download works until today or a later day.';
  }
  if (context.adminComment.trim().length > ORDER_DECISION_COMMENT_MAX_LENGTH) {
    problems['adminComment'] = `A comment is at most ${ORDER_DECISION_COMMENT_MAX_LENGTH.toLocaleString('en')} characters.`;
  }
  return problems;
}

/** The request the `decide` actor gets for the decision: the comment trimmed, the expiry only when approving (none when it never expires). */
export function orderDecisionRequestOf(context: Pick<OrderDecisionContext, 'kind' | 'href' | 'adminComment' | 'expiresOn' | 'neverExpires'>): OrderDecisionRequest {
  const approving = context.kind === 'approve';
  const neverExpires = approving && context.neverExpires;
  return { href: context.href, kind: context.kind, adminComment: context.adminComment.trim(), expiresOn: approving && !neverExpires ? context.expiresOn : null, neverExpires };
}

/**
 * What a refused decision says, from `{status, responseJSON}`: 409 the DAM's message or {@link ORDER_NOT_PENDING_MESSAGE};
 * another 4xx the DAM's message (403 without `approveOrders`, 404 an order gone, 400); the general error otherwise
 * (spec 01 §8).
 */
export function orderDecisionErrorMessage(error: unknown): string {
  const { status, responseJSON } = (typeof error === 'object' && error !== null ? error : {}) as UserSaveRequestError;
  const message = responseJSON?.message?.trim();
  if (status === 409) return message || ORDER_NOT_PENDING_MESSAGE;
  if (typeof status === 'number' && status >= 400 && status < 500 && message) return message;
  return DEFAULT_ERROR_MESSAGE;
}

/**
 * The machine. Provide `decide` ({@link OrderDecisionRequest} → the order as decided; rejecting with
 * `{status, responseJSON}`) with `.provide({actors})`; the built-in one rejects.
 */
export const orderDecisionMachine = setup({
  types: { context: {} as OrderDecisionContext, events: {} as OrderDecisionEvent, input: {} as OrderDecisionInput },
  actors: {
    decide: fromPromise<Order, OrderDecisionRequest>(async () => {
      throw new Error('orderDecision: provide `decide` with .provide()');
    }),
  },
  guards: {
    'mayDecide?': ({ context }) => Object.keys(orderDecisionProblems(context)).length === 0,
  },
  actions: {
    forgetError: assign({ error: undefined }),
  },
}).createMachine({
  id: 'orderDecision',
  initial: 'editing',
  context: ({ input }) => ({
    kind: input.kind,
    href: input.href,
    today: input.today,
    adminComment: '',
    expiresOn: input.kind === 'approve' ? addDays(input.today, DEFAULT_ORDER_DOWNLOAD_DAYS) : '',
    neverExpires: false,
    decided: undefined,
    error: undefined,
  }),
  states: {
    editing: {
      initial: 'idle',
      on: {
        EDIT_COMMENT: {
          target: '.idle',
          actions: assign({
            adminComment: ({ event }) => {
              assertEvent(event, 'EDIT_COMMENT');
              return event.text;
            },
          }),
        },
        SET_EXPIRY: {
          target: '.idle',
          actions: assign({
            expiresOn: ({ event }) => {
              assertEvent(event, 'SET_EXPIRY');
              return event.date;
            },
          }),
        },
        SET_NEVER_EXPIRES: {
          target: '.idle',
          actions: assign({
            neverExpires: ({ context, event }) => {
              assertEvent(event, 'SET_NEVER_EXPIRES');
              return context.kind === 'approve' && event.never;
            },
          }),
        },
        CONFIRM: { guard: 'mayDecide?', target: 'deciding', actions: 'forgetError' },
        CANCEL: { target: 'cancelled', actions: 'forgetError' },
      },
      states: {
        idle: { entry: 'forgetError' },
        failed: { on: { DISMISS: 'idle' } },
      },
    },
    deciding: {
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => orderDecisionRequestOf(context),
        onDone: { target: 'decided', actions: assign({ decided: ({ event }) => event.output }) },
        onError: { target: 'editing.failed', actions: assign({ error: ({ event }) => orderDecisionErrorMessage(event.error) }) },
      },
    },
    decided: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
