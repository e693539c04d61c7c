/**
 * The cart badge's test model (spec 02 §4, §7, §9): the payload cases that `cartBadge.test.ts` runs on real actors
 * and `npm run paths -- cartBadge` prints for QA.
 *
 * Steps are what the app does: the user adding assets (ADD, then the `addToCart` call answering: added, which raises
 * ADDED_TO_CART, or refused with 403 or 409 `CartFull`), a refresh (the window regains focus, the cart page changed the
 * cart), the `loadCount` call answering (a count, a value that is not a count, or a failure) and the 2 s notice delay
 * elapsing. `tests/e2e/model/cartBadge.model.spec.ts` runs them in Chromium. Payloads are plain JSON.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { cartBadgeMachine, type CartBadgeContext, type CartBadgeInput } from './cartBadge.machine.ts';

/** The cart href the model's badge reads (the descriptor's `order.cart`). */
export const MODEL_CART_HREF = '/fotoweb/me/cart/';

/** The machine input of both variants. */
export const CART_BADGE_MODEL_INPUT: CartBadgeInput = { cartHref: MODEL_CART_HREF };

/** What a failed count request rejects with in the model (spec 02 §7: the error's name is the HTTP status). */
export const MODEL_COUNT_FAILURE = { name: '503', message: 'Service Unavailable' } as const;

/** The assets the model's user adds (one selection of two assets). */
export const MODEL_ADDED_ASSETS = ['/fotoweb/archives/5000-Photos/cart/a.jpg.info', '/fotoweb/archives/5000-Photos/cart/b.jpg.info'] as const;

/** 403 as the DAM words it when an asset's archive does not grant `Order`. */
export const MODEL_ADD_FORBIDDEN = {
  status: 403,
  responseJSON: { value: 'Forbidden', heading: 'Access denied', message: 'You may not order b.jpg: its archive does not allow ordering.' },
} as const;

/** 409 `CartFull`. */
export const MODEL_CART_FULL = { status: 409, responseJSON: { value: 'CartFull', heading: 'Cart full', message: 'The cart holds at most 500 items.' } } as const;

const modelMachine = toTestModelMachine(cartBadgeMachine);

/** An invoked actor's outcome as the model sends it. */
interface OutcomeEvent extends EventObject {
  readonly output?: unknown;
  readonly error?: unknown;
}

/** The largest count shortest paths reach: three answers (3, 4, 5) are enough to see the count follow the cart. */
const MAX_MODEL_COUNT = 5;

/**
 * Shortest paths: every add (while none runs) and refresh, in every state; `addToCart` adds or refuses (403, 409);
 * `loadCount` answers 3 items first, then one more than the last count (up to {@link MAX_MODEL_COUNT}), a value that is
 * not a count, or a failure.
 */
function shortestEvents(snapshot: AnyMachineSnapshot): readonly EventObject[] {
  const events: EventObject[] = [{ type: 'REFRESH' }];
  if (snapshot.matches({ adding: 'idle' })) events.push({ type: 'ADD', assets: [...MODEL_ADDED_ASSETS] } as EventObject);
  else {
    events.push(
      { type: 'xstate.done.actor.addToCart' } as OutcomeEvent,
      { type: 'xstate.error.actor.addToCart', error: MODEL_ADD_FORBIDDEN } as OutcomeEvent,
      { type: 'xstate.error.actor.addToCart', error: MODEL_CART_FULL } as OutcomeEvent,
    );
  }
  if (!snapshot.matches({ count: 'loading' })) return events;
  const { count } = snapshot.context as CartBadgeContext;
  const next = count === undefined ? 3 : count + 1;
  if (next <= MAX_MODEL_COUNT) events.push({ type: 'xstate.done.actor.loadCount', output: next } as OutcomeEvent);
  events.push({ type: 'xstate.done.actor.loadCount', output: -1 } as OutcomeEvent, { type: 'xstate.error.actor.loadCount', error: MODEL_COUNT_FAILURE } as OutcomeEvent);
  return events;
}

/**
 * Simple paths (every loop-free route) on a smaller scope: the user's adds (ADD, answered as added) only while the
 * notice is hidden and the count is read (the restart and the refusals are in the shortest paths), `loadCount` always
 * answers 3 items, and fails only before the first answer. Every interleaving of the add, the count answer and the
 * 2 s delay is explored.
 */
function simpleEvents(snapshot: AnyMachineSnapshot): readonly EventObject[] {
  const events: EventObject[] = [];
  if (snapshot.matches({ notice: 'hidden', count: 'loaded', adding: 'idle' })) events.push({ type: 'ADD', assets: [...MODEL_ADDED_ASSETS] } as EventObject);
  if (snapshot.matches({ adding: 'adding' })) events.push({ type: 'xstate.done.actor.addToCart' } as OutcomeEvent);
  if (snapshot.matches({ count: 'loading' })) {
    events.push({ type: 'xstate.done.actor.loadCount', output: 3 } as OutcomeEvent);
    if ((snapshot.context as CartBadgeContext).count === undefined) {
      events.push({ type: 'xstate.error.actor.loadCount', error: MODEL_COUNT_FAILURE } as OutcomeEvent);
    }
  }
  return events;
}

/** Keeps the events the variant proposes and drops the bare `{type}` ones XState adds from the transitions. */
function proposedBy(events: (snapshot: AnyMachineSnapshot) => readonly EventObject[]) {
  return (snapshot: AnyMachineSnapshot, event: EventObject): boolean => {
    if (event.type.startsWith('xstate.after.')) return true;
    return events(snapshot).some((proposed) => JSON.stringify(proposed) === JSON.stringify(event));
  };
}

/**
 * A vertex is the snapshot (value + context). A second add made while the notice shows ("notice restarted") and a
 * refresh while a load runs ("load restarted") get their own vertices, so the paths take those restarts even though
 * the snapshot looks the same.
 */
export function serializeCartBadgeState(snapshot: AnyMachineSnapshot, event: EventObject | undefined, previous: AnyMachineSnapshot | undefined): string {
  const key = serializeSnapshot(snapshot);
  if (event?.type === 'xstate.done.actor.addToCart' && previous?.matches({ notice: 'shown' })) return `${key} (notice restarted)`;
  if (event?.type === 'REFRESH' && previous?.matches({ count: 'loading' })) return `${key} (load restarted)`;
  return key;
}

/**
 * The cart badge's {@link MachineModel}: same input for both variants; `shortest` proposes every event in every
 * state, `simple` the smaller scope of {@link simpleEvents} so the number of simple paths stays bounded.
 */
export const cartBadgeModel: MachineModel = {
  name: 'cartBadge',
  title: 'Cart count badge: add assets (one add at a time; 403 and 409 CartFull say why), reload the count and show "added to cart" for 2 s after each add',
  spec: 'spec 02 §4 Cart count badge, §7 item count and POST to the cart, §9 cart notice 2 s; dam.yaml addToCart (403, 409 CartFull)',
  machine: cartBadgeMachine,
  testModel(variant: PathVariant) {
    return createTestModel(modelMachine, {
      input: CART_BADGE_MODEL_INPUT,
      events: variant === 'shortest' ? shortestEvents : simpleEvents,
      filterEvents: proposedBy(variant === 'shortest' ? shortestEvents : simpleEvents),
      serializeState: serializeCartBadgeState,
    });
  },
};
