/**
 * The cart page's test model (issue 15 "Cart and orders"; spec 02 §7; dam.yaml `getCart`, `updateCart`,
 * `getOrderConfig`, `submitOrder`): the paths `cartCheckout.test.ts` runs on real actors,
 * `tests/e2e/model/cartCheckout.model.spec.ts` runs in Chromium against the cart page, and `npm run paths --
 * cartCheckout` prints for QA.
 *
 * The cart loads with two items and a configuration of one required text field with a rule and terms, or loading
 * fails (500) and is retried. Before the form is touched, the user may move the second item up (once) or remove the
 * first (down to an empty cart); each change is saved (a 500 and a 403 keep the list). With both items, the user
 * writes a comment, answers the field and accepts the terms (shortest paths in any order and first with an answer its
 * rule refuses; simple paths in that order). Submit is offered while the cart has items: with problems it shows them; else the DAM makes the
 * order (its reference), or refuses (500, and for shortest paths 400 with the DAM's reason).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { Order, OrderConfig, OrderItem, OrderSubmissionInfo } from '@magpie/api-types';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { canSubmitCart, cartCheckoutMachine, type CartCheckoutContext, type CartCheckoutInput } from './cartCheckout.machine.ts';

/** The input of every path: the descriptor's `order.cart`, `order.config` and `order.history`. */
export const CART_CHECKOUT_MODEL_INPUT: CartCheckoutInput = { cartHref: '/fotoweb/me/cart', configHref: '/fotoweb/order-config', historyHref: '/fotoweb/me/orders/' };

/** One item of the model's cart: an asset of the Photos archive and its original. */
function modelItem(name: string): OrderItem {
  const asset = `/fotoweb/archives/5000-Photos/cart-model/${name}.info`;
  return {
    asset,
    filename: name,
    thumbnail: null,
    rendition: { href: `${asset}/__renditions/ORIGINAL`, name: 'Original', download: null },
    adminComment: '',
    expires: null,
    expired: false,
  };
}

/** The items every path loads, in the cart's order. */
export const CART_CHECKOUT_MODEL_ITEMS: readonly OrderItem[] = [modelItem('harbour.jpg'), modelItem('lighthouse.jpg')];

/** The cart every path loads. */
export const CART_CHECKOUT_MODEL_CART: Order = {
  href: CART_CHECKOUT_MODEL_INPUT.cartHref,
  id: 7,
  orderReference: null,
  state: 'cart',
  created: '2026-03-02T09:00:00.000Z',
  modified: '2026-03-02T09:05:00.000Z',
  expires: null,
  userComment: '',
  adminComment: '',
  owner: { username: 'admin', fullName: 'Site Admin', address: { email: '', firstName: 'Site', lastName: 'Admin' } },
  orderItems: [...CART_CHECKOUT_MODEL_ITEMS],
  orderData: [],
  download: null,
  approve: null,
  reject: null,
};

/** The order configuration every path loads: a required project code with a rule, and terms. */
export const CART_CHECKOUT_MODEL_CONFIG: OrderConfig = {
  fields: [
    {
      id: 'project',
      label: 'Project code',
      dataType: 'text',
      values: [],
      required: true,
      validation: { regex: '^[A-Z]{2}-[0-9]{3}$', helpText: 'Two capital letters, a dash and three digits, as AB-123.' },
    },
  ],
  termsAndConditions: 'The files are for the project named above only, and are deleted when it ends.',
};

/** What a path writes as its comment, the answer the rule refuses, and the one it takes. */
export const CART_CHECKOUT_MODEL_COMMENT = 'For the spring brochure, page 4.';
export const CART_CHECKOUT_MODEL_BAD_ANSWER = 'ab-12';
export const CART_CHECKOUT_MODEL_ANSWER = 'AB-123';

/** The DAM's answer to a submission. */
export const CART_CHECKOUT_MODEL_SUBMITTED: OrderSubmissionInfo = {
  orderLocation: '/fotoweb/orders/42',
  orderReference: 'ORD-000042',
  checkoutPageLocation: '/fotoweb/views/orders',
};

/** A failure without a reason to show: the general error. */
export const CART_CHECKOUT_MODEL_SERVER_ERROR = { status: 500, responseJSON: { value: 'InternalError', heading: 'Internal error', message: 'boom' } } as const;

/** 403 as the DAM words it when an item's archive no longer allows ordering. */
export const CART_CHECKOUT_MODEL_FORBIDDEN = {
  status: 403,
  responseJSON: { value: 'Forbidden', heading: 'Access denied', message: 'You may no longer order lighthouse.jpg.' },
} as const;

/** 400 as the DAM words it when the answers are refused (its rules and the page's disagree). */
export const CART_CHECKOUT_MODEL_INVALID = {
  status: 400,
  responseJSON: { value: 'InvalidRequest', heading: 'Invalid request', message: 'Project code: this project is closed.' },
} as const;

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

/** Whether the form is as loaded: no comment, no answer, terms not accepted, Submit not pressed. */
function untouched(context: CartCheckoutContext): boolean {
  return context.comment === '' && context.answers['project'] === '' && !context.acceptTerms && !context.attempted;
}

function modelEvents(variant: PathVariant) {
  const shortest = variant === 'shortest';
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as CartCheckoutContext;
    if (snapshot.matches('loading')) {
      return [
        event('xstate.done.actor.load', { output: { cart: CART_CHECKOUT_MODEL_CART, config: CART_CHECKOUT_MODEL_CONFIG } }),
        event('xstate.error.actor.load', { error: CART_CHECKOUT_MODEL_SERVER_ERROR }),
      ];
    }
    if (snapshot.matches('loadFailed')) return [event('RETRY')];
    if (snapshot.matches('saving')) {
      return [
        event('xstate.done.actor.save'),
        event('xstate.error.actor.save', { error: shortest ? CART_CHECKOUT_MODEL_SERVER_ERROR : CART_CHECKOUT_MODEL_FORBIDDEN }),
        ...(shortest ? [event('xstate.error.actor.save', { error: CART_CHECKOUT_MODEL_FORBIDDEN })] : []),
      ];
    }
    if (snapshot.matches('submitting')) {
      return [
        event('xstate.done.actor.submit', { output: CART_CHECKOUT_MODEL_SUBMITTED }),
        event('xstate.error.actor.submit', { error: CART_CHECKOUT_MODEL_SERVER_ERROR }),
        ...(shortest ? [event('xstate.error.actor.submit', { error: CART_CHECKOUT_MODEL_INVALID })] : []),
      ];
    }
    if (!snapshot.matches('ready')) return [];
    const events: EventObject[] = [];
    const { items } = context;
    const inLoadedOrder = items.length === 2 && items[0]!.asset === CART_CHECKOUT_MODEL_ITEMS[0]!.asset;
    const answer = context.answers['project'];
    if (untouched(context)) {
      if (inLoadedOrder) events.push(event('MOVE', { index: 1, offset: -1 }));
      // Simple paths remove only from the cart as loaded (and not down to empty): the loops stay few.
      if (items.length > 0 && (shortest || inLoadedOrder)) events.push(event('REMOVE', { index: 0 }));
    }
    if (items.length === 2 && shortest) {
      if (context.comment === '') events.push(event('EDIT_COMMENT', { text: CART_CHECKOUT_MODEL_COMMENT }));
      if (answer === '') events.push(event('ANSWER', { id: 'project', value: CART_CHECKOUT_MODEL_BAD_ANSWER }));
      if (answer === CART_CHECKOUT_MODEL_BAD_ANSWER) events.push(event('ANSWER', { id: 'project', value: CART_CHECKOUT_MODEL_ANSWER }));
      if (!context.acceptTerms) events.push(event('ACCEPT_TERMS', { value: true }));
    } else if (items.length === 2) {
      // Simple paths fill the form in one order: the comment, the answer, the terms.
      if (context.comment === '') events.push(event('EDIT_COMMENT', { text: CART_CHECKOUT_MODEL_COMMENT }));
      else if (answer === '') events.push(event('ANSWER', { id: 'project', value: CART_CHECKOUT_MODEL_ANSWER }));
      else if (!context.acceptTerms) events.push(event('ACCEPT_TERMS', { value: true }));
    }
    // Simple paths press Submit with problems only before the form is touched.
    if (items.length > 0 && (shortest || canSubmitCart(context) || untouched(context))) events.push(event('SUBMIT'));
    if (snapshot.matches({ ready: 'failed' })) events.push(event('DISMISS'));
    return events;
  };
}

const modelMachine = toTestModelMachine(cartCheckoutMachine);

/** The `xstate/graph` test model for a variant, with {@link CART_CHECKOUT_MODEL_INPUT}. */
export function createCartCheckoutTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { input: CART_CHECKOUT_MODEL_INPUT, events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The cart page's {@link MachineModel}. */
export const cartCheckoutModel: MachineModel = {
  name: 'cartCheckout',
  title:
    'Load the cart and the order configuration, move or remove items (each saved), write a comment, answer the fields, accept the terms and submit; problems show on Submit, refusals keep the form',
  spec: 'issue 15 Cart and orders; spec 02 §7 Cart and orders (PUT a cart update, POST a cart submission, GET order config); spec 03 §3.7 extra fields (api-types signupAnswerProblems); dam.yaml getCart, updateCart, getOrderConfig, submitOrder; spec 01 §8 default error',
  machine: cartCheckoutMachine,
  testModel(variant: PathVariant) {
    return createCartCheckoutTestModel(variant);
  },
};
