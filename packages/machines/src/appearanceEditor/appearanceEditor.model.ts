/**
 * The Manage site page's Appearance section test model (issue 15; spec 01 §3, §7; spec 02 §3): the paths
 * `appearanceEditor.test.ts` runs on real actors, `tests/e2e/model/appearanceEditor.model.spec.ts` runs in Chromium
 * against the real section, and `npm run paths -- appearanceEditor` prints for QA.
 *
 * The server holds the CSS {@link APPEARANCE_MODEL_SETTINGS} (limit 64 bytes, so a draft over it is short to type) and
 * no buttons. In ready a path may type the new CSS, save it, clear the stored CSS, add the model's button and save the
 * buttons; shortest paths also type CSS over the limit and a button with a `javascript:` link (Save does nothing for
 * either). A load may fail (500); a CSS save may be refused with 413 and a buttons save with 400. Simple paths edit
 * only the CSS and stop acting once a save went through, so that their number stays bounded.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { AppearanceSettings, TitleBarButton } from '@magpie/api-types';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { onlyListedEvents, toTestModelMachine } from '../testing/modelMachine.ts';
import { appearanceEditorMachine, titleBarButtonsToSave, type AppearanceEditorContext } from './appearanceEditor.machine.ts';

/** What the model's server holds at first. */
export const APPEARANCE_MODEL_SETTINGS: AppearanceSettings = {
  customCss: '/fotoweb/appearance/css?v=3',
  cssContent: 'main { color: navy; }',
  cssMaxBytes: 64,
  titleBarButtons: [],
};
/** The CSS the model's administrator types. */
export const APPEARANCE_MODEL_NEW_CSS = 'header { border-bottom: 4px solid teal; }';
/** CSS over the model's limit (65 bytes). */
export const APPEARANCE_MODEL_TOO_LARGE_CSS = `/* ${'x'.repeat(59)} */`;
/** The button the model's administrator adds. */
export const APPEARANCE_MODEL_BUTTON: TitleBarButton = { index: 0, tooltip: 'Help centre', href: 'https://help.example.com/', target: '_blank', icon: 'help' };
/** A button whose link is refused. */
export const APPEARANCE_MODEL_BAD_BUTTON: TitleBarButton = { index: 0, tooltip: 'Bad', href: 'javascript:alert(1)', target: '_self', icon: null };

/** A 413 as the DAM words it for CSS over the limit. */
export const APPEARANCE_MODEL_TOO_LARGE = {
  status: 413,
  responseJSON: { value: 'PayloadTooLarge', heading: 'CSS too large', message: 'The custom CSS is 400000 bytes; it may be at most 262144 bytes (256 KiB). Nothing was changed.' },
} as const;
/** A 400 for a button the DAM refuses. */
export const APPEARANCE_MODEL_BAD_REQUEST = {
  status: 400,
  responseJSON: { value: 'InvalidRequest', heading: 'Invalid request', message: 'A button links to an http(s) address or a path on this site (starting with /).' },
} as const;
/** A failure without a reason to show. */
export const APPEARANCE_MODEL_SERVER_ERROR = { status: 500, responseJSON: { value: 'InternalError', message: 'boom' } } as const;

/** What the server stores for a CSS save of `css`. */
export function appearanceModelSavedCss(css: string): AppearanceSettings {
  return { ...APPEARANCE_MODEL_SETTINGS, cssContent: css, customCss: css === '' ? null : '/fotoweb/appearance/css?v=4' };
}

const event = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

function modelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as AppearanceEditorContext;
    if (snapshot.matches('loading'))
      return [event('xstate.done.actor.load', { output: APPEARANCE_MODEL_SETTINGS }), event('xstate.error.actor.load', { error: APPEARANCE_MODEL_SERVER_ERROR })];
    if (snapshot.matches('loadFailed')) return [event('RETRY')];
    if (snapshot.matches('ready')) {
      const events: EventObject[] = [];
      // Simple paths act only until a save went through: every loop-free route is enumerated, so they stop there.
      const untouched = context.stored?.cssContent === APPEARANCE_MODEL_SETTINGS.cssContent && context.stored.titleBarButtons.length === 0;
      if (variant === 'simple' && !untouched) return events;
      if (context.cssDraft !== APPEARANCE_MODEL_NEW_CSS) events.push(event('EDIT_CSS', { css: APPEARANCE_MODEL_NEW_CSS }));
      if (variant === 'shortest' && context.cssDraft !== APPEARANCE_MODEL_TOO_LARGE_CSS) events.push(event('EDIT_CSS', { css: APPEARANCE_MODEL_TOO_LARGE_CSS }));
      events.push(event('SAVE_CSS'), event('CLEAR_CSS'));
      // The buttons' routes are the shortest paths' (simple paths would multiply them with every CSS route).
      if (variant === 'shortest') {
        if (context.buttonsDraft.length === 0)
          events.push(event('EDIT_BUTTONS', { buttons: [APPEARANCE_MODEL_BUTTON] }), event('EDIT_BUTTONS', { buttons: [APPEARANCE_MODEL_BAD_BUTTON] }));
        events.push(event('SAVE_BUTTONS'));
      }
      return events.filter((proposed) => snapshot.can(proposed));
    }
    if (snapshot.matches('savingCss')) {
      const failures = variant === 'shortest' ? [APPEARANCE_MODEL_TOO_LARGE, APPEARANCE_MODEL_SERVER_ERROR] : [APPEARANCE_MODEL_TOO_LARGE];
      return [
        event('xstate.done.actor.saveCss', { output: appearanceModelSavedCss(context.cssDraft) }),
        ...failures.map((error) => event('xstate.error.actor.saveCss', { error })),
      ];
    }
    if (snapshot.matches('savingButtons')) {
      return [
        event('xstate.done.actor.saveButtons', { output: titleBarButtonsToSave(context.buttonsDraft) }),
        event('xstate.error.actor.saveButtons', { error: APPEARANCE_MODEL_BAD_REQUEST }),
      ];
    }
    return [];
  };
}

const modelMachine = toTestModelMachine(appearanceEditorMachine);

/** The `xstate/graph` test model for a variant. */
export function createAppearanceEditorTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, { events: modelEvents(variant), filterEvents: onlyListedEvents(modelEvents(variant)) });
}

/** The Appearance section's {@link MachineModel}. */
export const appearanceEditorModel: MachineModel = {
  name: 'appearanceEditor',
  title: 'Manage site → Appearance: edit, save and clear the custom CSS (size limit), edit and save the title-bar buttons (safe links only)',
  spec: 'issue 15; spec 01 §3 appearance.customCss, §7 POST custom CSS url: cssContent, §8; spec 02 §3 customizations.customTitleBarButtons',
  machine: appearanceEditorMachine,
  testModel(variant: PathVariant) {
    return createAppearanceEditorTestModel(variant);
  },
};
