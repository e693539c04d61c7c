/**
 * The cookie banner's test model (spec 02 §4, §6, §7, §8): the payload cases that `cookieBanner.test.ts` runs on real
 * actors and `npm run paths -- cookieBanner` prints for QA.
 *
 * The model starts before the session is known (input `{}`), so one model covers guests and logged-in users. Steps:
 * the session becoming known, the consent request answering or failing, local storage holding nothing / an older
 * text / the same text / being blocked, the user accepting, the write succeeding or failing, retry and dismiss.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { cookieBannerMachine, type CookieBannerInput, type CookieConsentReply } from './cookieBanner.machine.ts';

/** The machine input of both variants: the session is not known yet. */
export const COOKIE_BANNER_MODEL_INPUT: CookieBannerInput = {};

/** The consent the model's server answers: policy text `v2`. */
export const MODEL_CONSENT: CookieConsentReply = {
  banner: { title: 'Cookies', body: 'We use cookies to keep you signed in.' },
  policy: 'Cookie policy v2',
};

/** A reply with neither policy nor banner text: nothing to consent to. */
export const MODEL_EMPTY_CONSENT: CookieConsentReply = { banner: {}, policy: '' };

/** An older accepted text, as local storage may hold it. */
export const MODEL_OLD_POLICY = 'Cookie policy v1';

/** What a failed request or storage call rejects with in the model. */
export const MODEL_FAILURE = { name: '500', message: 'Internal Server Error' } as const;

const modelMachine = toTestModelMachine(cookieBannerMachine);

const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;
const done = (id: string, output: unknown) => ev(`xstate.done.actor.${id}`, { output });
const fail = (id: string) => ev(`xstate.error.actor.${id}`, { error: MODEL_FAILURE });

/** The cases of each state (the machine's states are flat, so the state value is a string). */
const CASES: Readonly<Record<string, readonly EventObject[]>> = {
  waitingForSession: [ev('SESSION', { loggedIn: false }), ev('SESSION', { loggedIn: true })],
  loading: [done('loadConsent', MODEL_CONSENT), done('loadConsent', MODEL_EMPTY_CONSENT), fail('loadConsent')],
  readingStored: [done('readStored', null), done('readStored', MODEL_OLD_POLICY), done('readStored', MODEL_CONSENT.policy), fail('readStored')],
  shown: [ev('ACCEPT'), ev('SESSION', { loggedIn: true })],
  storing: [done('store', null), fail('store')],
  loadFailed: [ev('RETRY'), ev('DISMISS'), ev('SESSION', { loggedIn: true })],
};

function modelEvents(snapshot: AnyMachineSnapshot): readonly EventObject[] {
  return CASES[snapshot.value as string] ?? [];
}

/** Keeps exactly the cases above: drops the bare `{type}` events XState proposes from the transitions. */
function isModelCase(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  return modelEvents(snapshot).some((proposed) => JSON.stringify(proposed) === JSON.stringify(event));
}

/**
 * The cookie banner's {@link MachineModel}: one input (session unknown) for both variants; the graph has one loop
 * (RETRY after a load failure), so simple paths stay few.
 */
export const cookieBannerModel: MachineModel = {
  name: 'cookieBanner',
  title: 'Cookie banner: guests see the consent until they accept the current text (local storage "policy")',
  spec: 'spec 02 §4 Cookie banner, §6 guests, §7 cookie-consent, §8 load failure',
  machine: cookieBannerMachine,
  testModel(_variant: PathVariant) {
    return createTestModel(modelMachine, {
      input: COOKIE_BANNER_MODEL_INPUT,
      events: modelEvents,
      filterEvents: isModelCase,
      serializeState: (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot),
    });
  },
};
