import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { OrderSubmissionInfo } from '@magpie/api-types';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { createPromiseActorDriver } from '../testing/promiseActorDriver.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  canSubmitCart,
  CART_LOAD_FAILED_MESSAGE,
  cartCheckoutErrorMessage,
  cartCheckoutMachine,
  cartCheckoutProblems,
  initialOrderAnswers,
  movedItems,
  ORDER_COMMENT_TOO_LONG_MESSAGE,
  orderDataOf,
  orderItemsOf,
  orderSubmissionOf,
  TERMS_NOT_ACCEPTED_MESSAGE,
  visibleCartProblem,
  type CartCheckoutContext,
  type CartLoaded,
  type CartLoadInput,
  type CartSaveInput,
  type CartSubmitInput,
} from './cartCheckout.machine.ts';
import {
  CART_CHECKOUT_MODEL_ANSWER,
  CART_CHECKOUT_MODEL_CART,
  CART_CHECKOUT_MODEL_CONFIG,
  CART_CHECKOUT_MODEL_INPUT,
  CART_CHECKOUT_MODEL_INVALID,
  CART_CHECKOUT_MODEL_ITEMS,
  CART_CHECKOUT_MODEL_SUBMITTED,
  cartCheckoutModel,
} from './cartCheckout.model.ts';

const shortestPaths = cartCheckoutModel.testModel('shortest').getShortestPaths();
const simplePaths = cartCheckoutModel.testModel('simple').getSimplePaths();
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const loads = createControlledPromiseActor<CartLoaded, CartLoadInput>();
  const saves = createControlledPromiseActor<void, CartSaveInput>();
  const submits = createControlledPromiseActor<OrderSubmissionInfo, CartSubmitInput>();
  return createPromiseActorDriver(
    {
      machine: cartCheckoutMachine,
      input: CART_CHECKOUT_MODEL_INPUT,
      actors: [
        { name: 'load', controlled: loads, invokingState: 'loading' },
        { name: 'save', controlled: saves, invokingState: 'saving' },
        { name: 'submit', controlled: submits, invokingState: 'submitting' },
      ],
      verify(snapshot) {
        const context = snapshot.context as CartCheckoutContext;
        for (const { input } of loads.invocations) expect(input).toEqual({ cartHref: CART_CHECKOUT_MODEL_INPUT.cartHref, configHref: CART_CHECKOUT_MODEL_INPUT.configHref });
        // A change sends the complete new list, in order: one item fewer, or the same items moved.
        if (snapshot.matches('saving')) {
          const { input } = saves.current();
          expect(input).toEqual({ cartHref: CART_CHECKOUT_MODEL_INPUT.cartHref, orderItems: orderItemsOf(context.pendingItems!) });
          expect(new Set(context.pendingItems!.map((item) => item.asset)).size).toBe(context.pendingItems!.length);
          expect(context.pendingItems!.every((item) => context.items.includes(item))).toBe(true);
        } else expect(context.pendingItems).toBeUndefined();
        // Only a form without problems is submitted, whole, to the order history.
        if (snapshot.matches('submitting')) {
          const { input } = submits.current();
          expect(input).toEqual({ historyHref: CART_CHECKOUT_MODEL_INPUT.historyHref, submission: orderSubmissionOf(context) });
          expect(canSubmitCart(context)).toBe(true);
          expect(input.submission).toMatchObject({ acceptTerms: true, orderData: [{ id: 'project', value: CART_CHECKOUT_MODEL_ANSWER }] });
        }
        if (snapshot.matches('submitted')) {
          expect(context.submitted).toEqual(CART_CHECKOUT_MODEL_SUBMITTED);
          expect(context.items).toEqual([]);
        } else expect(context.submitted).toBeUndefined();
        // A message only after a failure.
        expect(context.error !== undefined).toBe(snapshot.matches('loadFailed') || snapshot.matches({ ready: 'failed' }));
        // The items are always the loaded ones, none twice.
        for (const item of context.items) expect(CART_CHECKOUT_MODEL_ITEMS).toContain(item);
      },
    },
    coverage,
  );
}

describeModelPaths('cartCheckout model: shortest paths', shortestPaths, 100, () => createDriver());

describeModelPaths('cartCheckout model: simple paths', simplePaths, 150, () => createDriver());

/** A started actor whose load answers the model's cart and configuration, and whose calls are recorded. */
async function loadedActor(options: { submit?: (input: CartSubmitInput) => Promise<OrderSubmissionInfo> } = {}) {
  const saved: CartSaveInput[] = [];
  const submitted: CartSubmitInput[] = [];
  const changes: string[] = [];
  const load = fromPromise<CartLoaded, CartLoadInput>(async () => ({ cart: { ...CART_CHECKOUT_MODEL_CART, userComment: 'Earlier note' }, config: CART_CHECKOUT_MODEL_CONFIG }));
  const save = fromPromise<void, CartSaveInput>(async ({ input }) => void saved.push(input));
  const submit = fromPromise<OrderSubmissionInfo, CartSubmitInput>(async ({ input }) => {
    submitted.push(input);
    return options.submit ? options.submit(input) : CART_CHECKOUT_MODEL_SUBMITTED;
  });
  const actor = createActor(cartCheckoutMachine.provide({ actors: { load, save, submit } }), { input: CART_CHECKOUT_MODEL_INPUT });
  actor.on('cartChanged', (emitted) => changes.push(emitted.type));
  actor.start();
  await flushPromises();
  return { actor, saved, submitted, changes };
}

describe('cartCheckout coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(cartCheckoutMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('cartCheckout', report));
    assertFullCoverage('cartCheckout', report);
  }, 60_000);

  it('keeps the comment the cart had, and sends the complete list after a move or a removal', async () => {
    const { actor, saved, changes } = await loadedActor();
    expect(actor.getSnapshot().context.comment).toBe('Earlier note');
    actor.send({ type: 'MOVE', index: 0, offset: -1 });
    actor.send({ type: 'REMOVE', index: 2 });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    actor.send({ type: 'MOVE', index: 0, offset: 1 });
    await flushPromises();
    const [first, second] = CART_CHECKOUT_MODEL_ITEMS;
    expect(saved).toEqual([{ cartHref: CART_CHECKOUT_MODEL_INPUT.cartHref, orderItems: [{ rendition: second!.rendition.href }, { rendition: first!.rendition.href }] }]);
    actor.send({ type: 'REMOVE', index: 1 });
    await flushPromises();
    expect(saved[1]!.orderItems).toEqual([{ rendition: second!.rendition.href }]);
    expect(actor.getSnapshot().context.items).toEqual([second]);
    expect(changes).toEqual(['cartChanged', 'cartChanged']);
  });

  it('shows the problems on Submit and sends nothing until the form is complete', async () => {
    const { actor, submitted, changes } = await loadedActor();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context.attempted).toBe(true);
    expect(cartCheckoutProblems(actor.getSnapshot().context)).toEqual({
      project: 'Two capital letters, a dash and three digits, as AB-123.',
      terms: TERMS_NOT_ACCEPTED_MESSAGE,
    });
    actor.send({ type: 'ANSWER', id: 'project', value: 'AB-123' });
    actor.send({ type: 'ACCEPT_TERMS', value: true });
    actor.send({ type: 'EDIT_COMMENT', text: '  Brochure  ' });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(submitted).toEqual([
      {
        historyHref: CART_CHECKOUT_MODEL_INPUT.historyHref,
        submission: {
          orderItems: orderItemsOf(CART_CHECKOUT_MODEL_ITEMS),
          userComment: 'Brochure',
          orderData: [{ id: 'project', value: 'AB-123' }],
          acceptTerms: true,
        },
      },
    ]);
    expect(actor.getSnapshot().value).toBe('submitted');
    expect(actor.getSnapshot().context.submitted?.orderReference).toBe('ORD-000042');
    expect(changes).toEqual(['cartChanged']);
  });

  it('keeps the form when the DAM refuses the submission, and says why', async () => {
    const { actor } = await loadedActor({
      submit: async () => {
        throw CART_CHECKOUT_MODEL_INVALID;
      },
    });
    actor.send({ type: 'ANSWER', id: 'project', value: 'AB-123' });
    actor.send({ type: 'ACCEPT_TERMS', value: true });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ ready: 'failed' });
    expect(actor.getSnapshot().context).toMatchObject({ error: CART_CHECKOUT_MODEL_INVALID.responseJSON.message, answers: { project: 'AB-123' }, acceptTerms: true });
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('says why a call failed (spec 01 §8)', async () => {
    expect(cartCheckoutErrorMessage({ status: 403, responseJSON: { message: ' You may not order x.jpg. ' } })).toBe('You may not order x.jpg.');
    expect(cartCheckoutErrorMessage({ status: 500, responseJSON: { message: 'boom' } })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(cartCheckoutErrorMessage(new TypeError('Failed to fetch'))).toBe(DEFAULT_ERROR_MESSAGE);
    const actor = createActor(cartCheckoutMachine, { input: CART_CHECKOUT_MODEL_INPUT }).start();
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error).toBe(CART_LOAD_FAILED_MESSAGE);
  });

  it('checks the answers with the DAM rules: required, rule, dropdown choices, checkbox, comment length, no terms', () => {
    const config = {
      fields: [
        ...CART_CHECKOUT_MODEL_CONFIG.fields,
        { id: 'use', label: 'Use', dataType: 'dropdown' as const, values: ['Print', 'Web'], required: false, validation: null },
        { id: 'credit', label: 'I will credit the photographer', dataType: 'checkbox' as const, values: [], required: true, validation: null },
      ],
      termsAndConditions: null,
    };
    const answers = initialOrderAnswers(config.fields);
    expect(answers).toEqual({ project: '', use: '', credit: 'false' });
    const base = { config, comment: '', answers, acceptTerms: false };
    expect(cartCheckoutProblems(base)).toEqual({ project: 'Two capital letters, a dash and three digits, as AB-123.', credit: 'I will credit the photographer must be ticked.' });
    const complete = { ...base, answers: { project: 'XY-999', use: 'Web', credit: 'true' } };
    expect(cartCheckoutProblems(complete)).toEqual({});
    expect(cartCheckoutProblems({ ...complete, comment: 'x'.repeat(2_001) })).toEqual({ comment: ORDER_COMMENT_TOO_LONG_MESSAGE });
    expect(canSubmitCart({ ...complete, items: [] })).toBe(false);
    expect(canSubmitCart({ ...complete, items: CART_CHECKOUT_MODEL_ITEMS })).toBe(true);
    // Without terms, the submission says nothing of them.
    expect(orderSubmissionOf({ ...complete, items: CART_CHECKOUT_MODEL_ITEMS })).not.toHaveProperty('acceptTerms');
    expect(orderDataOf(config.fields, {})).toEqual([
      { id: 'project', value: '' },
      { id: 'use', value: '' },
      { id: 'credit', value: 'false' },
    ]);
  });

  it('shows a problem once Submit was pressed, or as soon as something is typed', () => {
    const problems = { project: 'As AB-123.', credit: 'Tick it.' };
    expect(visibleCartProblem(problems, 'project', '', false)).toBeUndefined();
    expect(visibleCartProblem(problems, 'project', 'ab', false)).toBe('As AB-123.');
    expect(visibleCartProblem(problems, 'project', '', true)).toBe('As AB-123.');
    expect(visibleCartProblem(problems, 'credit', 'false', false)).toBeUndefined();
    expect(visibleCartProblem(problems, 'other', 'x', true)).toBeUndefined();
  });

  it('moves an item only within the list', () => {
    expect(movedItems(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(movedItems(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(movedItems(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(movedItems(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
