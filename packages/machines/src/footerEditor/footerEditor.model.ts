/**
 * The footer editor's test model (issue 15; spec 02 §2): the events `footerEditor.test.ts` runs on the real machine,
 * `npm run paths -- footerEditor` prints for QA, and `tests/e2e/model/footerEditor.model.spec.ts` runs in Chromium
 * against the real editor. Steps: the footer loading or failing, retry, typing a new footer, saving, the save
 * answering or failing.
 */
import { createLoadSaveModel } from '../loadSave/loadSaveModel.ts';
import type { MachineModel } from '../testing/machineModel.ts';
import { footerEditorMachine } from './footerEditor.machine.ts';

/** The footer the model's server holds at first. */
export const MODEL_STORED_FOOTER = 'Stored footer';
/** The footer the model's administrator types. */
export const MODEL_NEW_FOOTER = 'New footer with a [link](https://example.com/)';
/** What a failed call rejects with in the model. */
export const MODEL_FAILURE = { name: '500', message: 'The server failed.' } as const;

/** The footer editor's {@link MachineModel} (the load/save editors' model): a state is its value plus its context. */
export const footerEditorModel: MachineModel = createLoadSaveModel({
  name: 'footerEditor',
  title: 'Footer editor: the administrator writes the site footer in Markdown and saves it',
  spec: 'spec 02 §2 Footer (a custom markdown footer), §8 errors',
  machine: footerEditorMachine,
  loaded: { markdown: MODEL_STORED_FOOTER },
  edit: { markdown: MODEL_NEW_FOOTER },
  saved: { markdown: MODEL_NEW_FOOTER },
  failure: MODEL_FAILURE,
});
