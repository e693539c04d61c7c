/**
 * The cart page (issue 15 "Cart and orders"; spec 02 §7 Cart and orders: "PUT a cart update", "POST a cart submission",
 * "GET order config"; dam.yaml `getCart`, `updateCart`, `getOrderConfig`, `submitOrder`): the items of the user's
 * shopping cart, in order, which the user removes or moves up and down, the orderer's comment, the answers to the
 * order configuration's fields (the sign-up form's kinds: text, dropdown, checkbox; spec 03 §3.7) and the terms, then
 * Submit, which makes the cart a pending order.
 *
 * loading (the `load` actor reads the cart and the order configuration) → ready, or → loadFailed with the reason
 * (RETRY → loading). ready (idle | failed): REMOVE and MOVE → saving, where the `save` actor PUTs the complete new item
 * list (a `cart-update`) → ready.idle with that list (emits `cartChanged`), or → ready.failed with the reason and the
 * list as it was. EDIT_COMMENT, ANSWER and ACCEPT_TERMS change the form (→ ready.idle, the last failure forgotten).
 * SUBMIT → submitting when the form has no problems ({@link cartCheckoutProblems}); otherwise it marks the form
 * `attempted`, so the screen shows every problem. submitting: the `submit` actor POSTs the items, the comment, the
 * answers and the acceptance to the order history → submitted with the order's reference (emits `cartChanged`; the
 * cart is empty now), or → ready.failed with the reason (the form kept).
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import {
  signupAnswerProblems,
  type Order,
  type OrderConfig,
  type OrderItem,
  type OrderSubmission,
  type OrderSubmissionInfo,
  type SignupFieldAnswer,
  type SignupFieldDefinition,
} from '@magpie/api-types';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import type { UserSaveRequestError } from '../userSave/userSave.machine.ts';

/** The longest comment an orderer may write (dam.yaml `CartUpdate.userComment`, 2,000 characters). */
export const ORDER_COMMENT_MAX_LENGTH = 2_000;

/** What the page says when the cart or the order configuration could not be read and the DAM gave no reason. */
export const CART_LOAD_FAILED_MESSAGE = 'The cart could not be loaded.';

/** The problem shown on the terms while they are not accepted. */
export const TERMS_NOT_ACCEPTED_MESSAGE = 'Accept the terms and conditions to submit the order.';

/** The problem of a comment over {@link ORDER_COMMENT_MAX_LENGTH} characters. */
export const ORDER_COMMENT_TOO_LONG_MESSAGE = `A comment is at most ${ORDER_COMMENT_MAX_LENGTH.toLocaleString('en')} characters.`;

/** The input: the descriptor's `order.cart`, `order.config` and `order.history`. */
export interface CartCheckoutInput {
  readonly cartHref: string;
  readonly configHref: string;
  readonly historyHref: string;
}

/** What the `load` actor is given, and what it answers. */
export interface CartLoadInput {
  readonly cartHref: string;
  readonly configHref: string;
}

/** The `load` actor's answer: the cart (an `Order` in state `cart`) and the order configuration. */
export interface CartLoaded {
  readonly cart: Order;
  readonly config: OrderConfig;
}

/** What the `save` actor is given: the cart and the complete new item list, in order (`PUT` a `cart-update`). */
export interface CartSaveInput {
  readonly cartHref: string;
  readonly orderItems: readonly { readonly rendition: string }[];
}

/** What the `submit` actor is given: the order history's href (`POST`) and the submission. */
export interface CartSubmitInput {
  readonly historyHref: string;
  readonly submission: OrderSubmission;
}

/**
 * Context.
 *
 * - `items`: the cart's items as shown, in order; `pendingItems`: the list being saved (while `saving`).
 * - `config`: the order configuration (undefined until loaded): its fields and its terms (null: none).
 * - `comment`, `answers` (field id → value; a checkbox `'true'`/`'false'`), `acceptTerms`: the form as filled in.
 * - `attempted`: SUBMIT was pressed with problems, so the screen shows every problem (before, only those of values
 *   typed).
 * - `submitted`: the DAM's answer to the submission (its reference), once `submitted`.
 * - `error`: why loading, the last save or the submission failed.
 */
export interface CartCheckoutContext {
  readonly cartHref: string;
  readonly configHref: string;
  readonly historyHref: string;
  readonly items: readonly OrderItem[];
  readonly pendingItems: readonly OrderItem[] | undefined;
  readonly config: OrderConfig | undefined;
  readonly comment: string;
  readonly answers: Readonly<Record<string, string>>;
  readonly acceptTerms: boolean;
  readonly attempted: boolean;
  readonly submitted: OrderSubmissionInfo | undefined;
  readonly error: string | undefined;
}

/** The screen's events. */
export type CartCheckoutEvent =
  | { type: 'RETRY' }
  | { type: 'REMOVE'; index: number }
  | { type: 'MOVE'; index: number; offset: -1 | 1 }
  | { type: 'EDIT_COMMENT'; text: string }
  | { type: 'ANSWER'; id: string; value: string }
  | { type: 'ACCEPT_TERMS'; value: boolean }
  | { type: 'SUBMIT' }
  | { type: 'DISMISS' };

/** Emitted when the cart's items changed on the DAM (saved, or submitted and so emptied): the header badge reads its count again. */
export interface CartChangedEvent {
  readonly type: 'cartChanged';
}

/** The answers of a configuration before anyone typed: '' for a text or dropdown field, `'false'` for a checkbox. */
export function initialOrderAnswers(fields: readonly SignupFieldDefinition[]): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field.id, field.dataType === 'checkbox' ? 'false' : '']));
}

/** The answers as `orderData`: one per field of the configuration, in its order. */
export function orderDataOf(fields: readonly SignupFieldDefinition[], answers: Readonly<Record<string, string>>): SignupFieldAnswer[] {
  return fields.map((field) => ({ id: field.id, value: answers[field.id] ?? (field.dataType === 'checkbox' ? 'false' : '') }));
}

/**
 * What keeps the form from being submitted, by key: each field's id (its own required flag and regex, the help text
 * being the message; api-types `signupAnswerProblems`, the DAM's own check), `terms` ({@link TERMS_NOT_ACCEPTED_MESSAGE}
 * while the configuration has terms and they are not accepted) and `comment` (over {@link ORDER_COMMENT_MAX_LENGTH}).
 * Empty when the form may be submitted.
 */
export function cartCheckoutProblems(context: Pick<CartCheckoutContext, 'config' | 'comment' | 'answers' | 'acceptTerms'>): Readonly<Record<string, string>> {
  const problems: Record<string, string> = {};
  const fields = context.config?.fields ?? [];
  for (const problem of signupAnswerProblems(fields, orderDataOf(fields, context.answers))) {
    const index = /^userData\.(\d+)\./.exec(problem.path)?.[1];
    const field = index === undefined ? undefined : fields[Number(index)];
    if (field && problems[field.id] === undefined) problems[field.id] = problem.message;
  }
  if (context.config?.termsAndConditions && !context.acceptTerms) problems['terms'] = TERMS_NOT_ACCEPTED_MESSAGE;
  if (context.comment.trim().length > ORDER_COMMENT_MAX_LENGTH) problems['comment'] = ORDER_COMMENT_TOO_LONG_MESSAGE;
  return problems;
}

/**
 * The problem the page shows on a field of the form now (`key` a field id, `comment`): its problem once Submit was
 * pressed with problems (`attempted`), or as soon as something is typed into it (a checkbox ticked); nothing while it
 * is untouched, so the form does not open in red. The terms' problem shows only after Submit.
 */
export function visibleCartProblem(problems: Readonly<Record<string, string>>, key: string, value: string, attempted: boolean): string | undefined {
  const problem = problems[key];
  if (problem === undefined) return undefined;
  return attempted || (value !== '' && value !== 'false') ? problem : undefined;
}

/** Whether the cart may be submitted now: it has items and the form has no problems. */
export function canSubmitCart(context: Pick<CartCheckoutContext, 'items' | 'config' | 'comment' | 'answers' | 'acceptTerms'>): boolean {
  return context.items.length > 0 && Object.keys(cartCheckoutProblems(context)).length === 0;
}

/** The items as a `cart-update`'s `orderItems`: each item's rendition href, in order. */
export function orderItemsOf(items: readonly OrderItem[]): { rendition: string }[] {
  return items.map((item) => ({ rendition: item.rendition.href }));
}

/** The body of `submitOrder` for the form: the items, the comment trimmed, the answers, and the terms' acceptance when there are terms. */
export function orderSubmissionOf(context: Pick<CartCheckoutContext, 'items' | 'config' | 'comment' | 'answers' | 'acceptTerms'>): OrderSubmission {
  const fields = context.config?.fields ?? [];
  return {
    orderItems: orderItemsOf(context.items),
    userComment: context.comment.trim(),
    orderData: orderDataOf(fields, context.answers),
    ...(context.config?.termsAndConditions ? { acceptTerms: context.acceptTerms } : {}),
  };
}

/** `items` with the one at `index` moved by `offset` (-1 up, 1 down); unchanged when either place is outside the list. */
export function movedItems<T>(items: readonly T[], index: number, offset: -1 | 1): T[] {
  const result = [...items];
  const to = index + offset;
  if (index < 0 || index >= result.length || to < 0 || to >= result.length) return result;
  [result[index], result[to]] = [result[to]!, result[index]!];
  return result;
}

/**
 * What a failed call says, from `{status, responseJSON}`: the DAM's message for a 4xx (400 a missing or invalid answer,
 * terms not accepted, an empty cart; 403 an item that may no longer be ordered; 409 `CartFull`), the general error
 * otherwise (spec 01 §8).
 */
export function cartCheckoutErrorMessage(error: unknown): string {
  const { status, responseJSON } = (typeof error === 'object' && error !== null ? error : {}) as UserSaveRequestError;
  const message = responseJSON?.message?.trim();
  if (typeof status === 'number' && status >= 400 && status < 500 && message) return message;
  return DEFAULT_ERROR_MESSAGE;
}

/** A failed load: the DAM's message for a 4xx, else {@link CART_LOAD_FAILED_MESSAGE}. */
function loadErrorMessage(error: unknown): string {
  const message = cartCheckoutErrorMessage(error);
  return message === DEFAULT_ERROR_MESSAGE ? CART_LOAD_FAILED_MESSAGE : message;
}

/**
 * The machine. Provide `load` ({@link CartLoadInput} → {@link CartLoaded}), `save` ({@link CartSaveInput} → nothing) and
 * `submit` ({@link CartSubmitInput} → the `order-submission-info`), each rejecting with `{status, responseJSON}`, with
 * `.provide({actors})`; the built-in ones reject. Listen for `cartChanged` with `actor.on`.
 */
export const cartCheckoutMachine = setup({
  types: {
    context: {} as CartCheckoutContext,
    events: {} as CartCheckoutEvent,
    input: {} as CartCheckoutInput,
    emitted: {} as CartChangedEvent,
  },
  actors: {
    load: fromPromise<CartLoaded, CartLoadInput>(async () => {
      throw new Error('cartCheckout: provide `load` with .provide()');
    }),
    save: fromPromise<void, CartSaveInput>(async () => {
      throw new Error('cartCheckout: provide `save` with .provide()');
    }),
    submit: fromPromise<OrderSubmissionInfo, CartSubmitInput>(async () => {
      throw new Error('cartCheckout: provide `submit` with .provide()');
    }),
  },
  guards: {
    'isListed?': ({ context, event }) => {
      assertEvent(event, 'REMOVE');
      return event.index >= 0 && event.index < context.items.length;
    },
    'mayMove?': ({ context, event }) => {
      assertEvent(event, 'MOVE');
      const to = event.index + event.offset;
      return event.index >= 0 && event.index < context.items.length && to >= 0 && to < context.items.length;
    },
    'maySubmit?': ({ context }) => canSubmitCart(context),
    'hasItems?': ({ context }) => context.items.length > 0,
  },
  actions: {
    forgetError: assign({ error: undefined }),
    emitCartChanged: emit({ type: 'cartChanged' as const }),
  },
}).createMachine({
  id: 'cartCheckout',
  initial: 'loading',
  context: ({ input }) => ({
    cartHref: input.cartHref,
    configHref: input.configHref,
    historyHref: input.historyHref,
    items: [],
    pendingItems: undefined,
    config: undefined,
    comment: '',
    answers: {},
    acceptTerms: false,
    attempted: false,
    submitted: undefined,
    error: undefined,
  }),
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ cartHref: context.cartHref, configHref: context.configHref }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            items: event.output.cart.orderItems,
            comment: event.output.cart.userComment,
            config: event.output.config,
            answers: initialOrderAnswers(event.output.config.fields),
            error: undefined,
          })),
        },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => loadErrorMessage(event.error) }) },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: 'forgetError' } },
    },
    ready: {
      initial: 'idle',
      on: {
        REMOVE: {
          guard: 'isListed?',
          target: 'saving',
          actions: [
            'forgetError',
            assign({
              pendingItems: ({ context, event }) => {
                assertEvent(event, 'REMOVE');
                return context.items.filter((_, index) => index !== event.index);
              },
            }),
          ],
        },
        MOVE: {
          guard: 'mayMove?',
          target: 'saving',
          actions: [
            'forgetError',
            assign({
              pendingItems: ({ context, event }) => {
                assertEvent(event, 'MOVE');
                return movedItems(context.items, event.index, event.offset);
              },
            }),
          ],
        },
        EDIT_COMMENT: {
          target: '.idle',
          actions: assign({
            comment: ({ event }) => {
              assertEvent(event, 'EDIT_COMMENT');
              return event.text;
            },
          }),
        },
        ANSWER: {
          target: '.idle',
          actions: assign({
            answers: ({ context, event }) => {
              assertEvent(event, 'ANSWER');
              return { ...context.answers, [event.id]: event.value };
            },
          }),
        },
        ACCEPT_TERMS: {
          target: '.idle',
          actions: assign({
            acceptTerms: ({ event }) => {
              assertEvent(event, 'ACCEPT_TERMS');
              return event.value;
            },
          }),
        },
        SUBMIT: [
          { guard: 'maySubmit?', target: 'submitting', actions: 'forgetError' },
          // Problems (or an empty cart): show them all, send nothing.
          { guard: 'hasItems?', target: '.idle', actions: assign({ attempted: true }) },
        ],
      },
      states: {
        idle: { entry: 'forgetError' },
        failed: { on: { DISMISS: 'idle' } },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ cartHref: context.cartHref, orderItems: orderItemsOf(context.pendingItems ?? context.items) }),
        onDone: {
          target: 'ready.idle',
          actions: [assign(({ context }) => ({ items: context.pendingItems ?? context.items, pendingItems: undefined })), 'emitCartChanged'],
        },
        onError: {
          target: 'ready.failed',
          actions: assign({ pendingItems: undefined, error: ({ event }) => cartCheckoutErrorMessage(event.error) }),
        },
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ historyHref: context.historyHref, submission: orderSubmissionOf(context) }),
        onDone: { target: 'submitted', actions: [assign({ submitted: ({ event }) => event.output, items: [] }), 'emitCartChanged'] },
        onError: { target: 'ready.failed', actions: assign({ error: ({ event }) => cartCheckoutErrorMessage(event.error) }) },
      },
    },
    submitted: {},
  },
});
