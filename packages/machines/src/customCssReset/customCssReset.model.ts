/**
 * The Ctrl+Shift+Z custom CSS reset's test model (issue 15; spec 01 §2 Keyboard, prompt modal, notifications): the
 * paths `customCssReset.test.ts` runs on real actors, `tests/e2e/model/customCssReset.model.spec.ts` runs in Chromium
 * against the real prompt, and `npm run paths -- customCssReset` prints for QA.
 *
 * The site has custom CSS at {@link CUSTOM_CSS_RESET_MODEL_HREF}. A path asks (Ctrl+Shift+Z), then says Yes or Cancel;
 * the POST succeeds, or fails with 403 (the user may not change the site's appearance) or, for shortest paths, 500;
 * after a failure the prompt may try again or be cancelled; the notice closes on its own after 15 s or when dismissed.
 * Simple paths ask once: after the CSS is cleared there is no address left to ask about.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { customCssResetMachine } from './customCssReset.machine.ts';

/** The custom CSS's address in every path (the descriptor's `appearance.customCss`). */
export const CUSTOM_CSS_RESET_MODEL_HREF = '/fotoweb/appearance/css?v=7';

/** A 403 as the DAM words it for a user without `changeSiteAppearance`. */
export const CUSTOM_CSS_RESET_MODEL_FORBIDDEN = {
  status: 403,
  responseJSON: { value: 'Forbidden', heading: 'Access denied', message: 'You need the changeSiteAppearance permission to change the site’s appearance.' },
} as const;

/** A failure without a reason to show: the general error. */
export const CUSTOM_CSS_RESET_MODEL_SERVER_ERROR = { status: 500, responseJSON: { value: 'InternalError', message: 'boom' } } as const;

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (snapshot.matches('idle')) return [event('ASK', { href: CUSTOM_CSS_RESET_MODEL_HREF })];
    if (snapshot.matches('confirming') || snapshot.matches('failed')) return [event('CONFIRM'), event('CANCEL')];
    if (snapshot.matches('clearing')) {
      const failures = variant === 'shortest' ? [CUSTOM_CSS_RESET_MODEL_FORBIDDEN, CUSTOM_CSS_RESET_MODEL_SERVER_ERROR] : [CUSTOM_CSS_RESET_MODEL_FORBIDDEN];
      return [event('xstate.done.actor.clear'), ...failures.map((error) => event('xstate.error.actor.clear', { error }))];
    }
    if (snapshot.matches('cleared')) return [event('DISMISS'), event('xstate.after.noticeTimeout.customCssReset.cleared')];
    return [];
  };
}

const modelMachine = toTestModelMachine(customCssResetMachine);

/** The `xstate/graph` test model for a variant. */
export function createCustomCssResetTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The custom CSS reset's {@link MachineModel}. */
export const customCssResetModel: MachineModel = {
  name: 'customCssReset',
  title: 'Ctrl+Shift+Z asks whether to clear the custom CSS; Yes posts an empty stylesheet, a refusal keeps the prompt with its reason',
  spec: 'issue 15; spec 01 §2 Keyboard (ctrl+shift+Z), prompt modal (yes/cancel), notifications close after 15 s; §7 POST custom CSS url: cssContent; §8',
  machine: customCssResetMachine,
  testModel(variant: PathVariant) {
    return createCustomCssResetTestModel(variant);
  },
};
