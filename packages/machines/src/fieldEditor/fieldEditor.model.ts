/**
 * The field editor's test model (spec 02 §3, §4 Field editor, §5 Field editors, §8): the field configurations
 * ("scopes") and payload cases that `fieldEditor.test.ts` runs on real actors and `npm run paths -- fieldEditor`
 * prints for QA.
 *
 * A field's behaviour depends on its definition (read-only, taxonomy-only, bag, e-mail, form mode, cancel on blur),
 * which is machine input, so the model has one scope per kind of field. `fieldEditorModel.testModel(variant)` is the
 * `text` scope; {@link fieldEditorScopeModel} gives the others. Payloads are plain JSON.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { fieldEditorMachine, type FieldEditorContext, type FieldEditorInput } from './fieldEditor.machine.ts';

/** The kinds of field the model explores. */
export type FieldEditorScope = 'text' | 'emailBag' | 'taxonomy' | 'keywords' | 'form' | 'readOnly';

/** What a failed PATCH rejects with in the model (spec 02 §7: the error's name is the HTTP status). */
export const MODEL_SAVE_FAILURE = { name: '409', message: 'Conflict' } as const;

/** The help text of the model's title field. */
export const MODEL_TITLE_HELP = 'Letters and spaces only.';

/**
 * The field of each scope:
 * - `text`: required single-line title with a regexp and help text;
 * - `emailBag`: multi-instance e-mail field (bag items, `;` separator, paste parsing);
 * - `taxonomy`: required taxonomy-only field that cancels on blur;
 * - `keywords`: a bag with a taxonomy that also takes typed values (the tree opens from its button, OPEN_TREE);
 * - `form`: required single e-mail field in form mode (cancel on blur is set and must not apply);
 * - `readOnly`: a field that is not writable (its untrimmed value stays as is).
 */
export const FIELD_EDITOR_SCOPES: Readonly<Record<FieldEditorScope, FieldEditorInput>> = {
  text: {
    field: {
      id: '5',
      label: 'Title',
      dataType: 'text',
      required: true,
      isWritable: true,
      validation: { regexp: '^[A-Za-z ]+$', helpText: MODEL_TITLE_HELP },
    },
    value: 'Harbour',
  },
  emailBag: {
    field: { id: '230', label: 'Contacts', dataType: 'email', multiInstance: true, isWritable: true },
    value: ['ann@example.org'],
  },
  taxonomy: {
    field: {
      id: '25',
      label: 'Subject',
      dataType: 'text',
      taxonomyOnly: true,
      taxonomyHref: '/fotoweb/api/taxonomies/25/',
      required: true,
      isWritable: true,
    },
    value: 'Nature',
    options: { cancelEditOnBlur: true },
  },
  keywords: {
    field: { id: '25', label: 'Keywords', multiInstance: true, taxonomyHref: '/fotoweb/api/taxonomies/25/', isWritable: true },
    value: ['boat'],
  },
  form: {
    field: { id: '80', label: 'Reply to', dataType: 'email', required: true, isWritable: true },
    value: '',
    options: { cancelEditOnBlur: true },
    formMode: true,
  },
  readOnly: {
    field: { id: '120', label: 'Created by', dataType: 'text', isWritable: false },
    value: '  Ann  ',
  },
};

const modelMachine = toTestModelMachine(fieldEditorMachine);

const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

const SAVE_OUTCOMES: readonly EventObject[] = [ev('xstate.done.actor.saveField', { output: null }), ev('xstate.error.actor.saveField', { error: MODEL_SAVE_FAILURE })];

/** Whether the user has not changed anything yet in this edit. */
function untouched(context: FieldEditorContext): boolean {
  return JSON.stringify(context.draft) === JSON.stringify(context.saved) && context.input === '';
}

/** Events in edit mode, per scope. One change per edit keeps the graph small; SAVE/CANCEL end it. */
function editingEvents(scope: FieldEditorScope, context: FieldEditorContext, snapshot: AnyMachineSnapshot, variant: PathVariant): EventObject[] {
  const fresh = untouched(context);
  const full = variant === 'shortest';
  switch (scope) {
    case 'text': {
      const events = [ev('SAVE'), ev('CANCEL')];
      if (fresh) {
        // A value that is valid once trimmed, one that fails the regexp, and an empty one (required).
        events.push(ev('INPUT', { text: ' Pier ' }), ev('INPUT', { text: 'Pier 2' }));
        if (full) events.push(ev('INPUT', { text: '' }), ev('SET_VALUE', { value: 'Quay' }));
      }
      return events;
    }
    case 'emailBag': {
      // Simple paths leave CANCEL to the text scope: reverting a bag is the same transition.
      const events = full ? [ev('SAVE'), ev('CANCEL')] : [ev('SAVE')];
      if (context.input !== '') events.push(ev('ENTER'), ev('BLUR'));
      else if (fresh) {
        events.push(ev('INPUT', { text: 'bob@example.org' }), ev('PASTE', { text: 'Carl <carl@example.org>, not-an-address' }));
        if (full) events.push(ev('INPUT', { text: 'nope' }), ev('INPUT', { text: 'dan@example.org;e' }), ev('REMOVE_ITEM', { index: 0 }));
      }
      return events;
    }
    case 'taxonomy': {
      if (snapshot.matches({ editing: 'treeOpen' })) {
        const picks = fresh ? [ev('PICK', { value: 'Animals' }), ev('PICK', { value: null })] : [];
        return full ? [...picks, ev('TREE_CLOSED')] : picks;
      }
      // Simple paths: one tree visit per edit, and the edit ends by saving or by leaving the field.
      if (!full) return fresh ? [ev('FOCUS'), ev('BLUR'), ev('SAVE')] : [ev('BLUR'), ev('SAVE')];
      return [ev('FOCUS'), ev('BLUR'), ev('SAVE'), ev('CANCEL')];
    }
    case 'keywords': {
      if (snapshot.matches({ editing: 'treeOpen' })) {
        const picks = fresh ? [ev('PICK', { value: 'sea' })] : [];
        return full ? [...picks, ev('TREE_CLOSED')] : picks;
      }
      if (context.input !== '') return [ev('ENTER')];
      if (!fresh) return [ev('SAVE')];
      return full ? [ev('OPEN_TREE'), ev('INPUT', { text: 'harbour' }), ev('SAVE')] : [ev('OPEN_TREE'), ev('SAVE')];
    }
    case 'form': {
      const events = [ev('FORM_SAVE'), ev('FORM_CANCEL')];
      if (fresh) {
        events.push(ev('INPUT', { text: ' ann@example.org ; bob@example.org ' }), ev('INPUT', { text: 'ann@example' }));
        if (full) events.push(ev('PASTE', { text: 'Carl <carl@example.org>; junk' }));
      }
      return events;
    }
    case 'readOnly':
      return [];
  }
}

/** The events the model proposes for a snapshot of a scope. */
export function fieldEditorModelEvents(scope: FieldEditorScope, variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as FieldEditorContext;
    if (snapshot.matches('view')) return [ev('EDIT')];
    if (snapshot.matches('saving')) return [...SAVE_OUTCOMES];
    if (snapshot.matches('editing')) return editingEvents(scope, context, snapshot, variant);
    return [];
  };
}

/** Events that bring the editor back to a snapshot it had before (a revert, a tree closed without a pick). */
const RETURNING_EVENTS: ReadonlySet<string> = new Set(['CANCEL', 'FORM_CANCEL', 'BLUR', 'TREE_CLOSED']);

/**
 * A vertex is the snapshot (value + context); a snapshot reached by a returning event gets its own vertex
 * ("after CANCEL"), otherwise no path would take the revert: it always lands on an already visited snapshot.
 */
export function serializeFieldEditorState(snapshot: AnyMachineSnapshot, event: EventObject | undefined): string {
  const key = serializeSnapshot(snapshot);
  const returned = event && RETURNING_EVENTS.has(event.type) && (snapshot.matches('view') || event.type === 'TREE_CLOSED');
  return returned ? `${key} after ${event.type}` : key;
}

/**
 * The test model of one scope: the events of {@link fieldEditorModelEvents}, and only those (XState's bare `{type}`
 * events are dropped), vertices as in {@link serializeFieldEditorState}.
 */
export function fieldEditorScopeModel(scope: FieldEditorScope, variant: PathVariant) {
  const events = fieldEditorModelEvents(scope, variant);
  return createTestModel(modelMachine, {
    input: FIELD_EDITOR_SCOPES[scope],
    events,
    filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) => events(snapshot).some((proposed) => JSON.stringify(proposed) === JSON.stringify(event)),
    serializeState: serializeFieldEditorState,
  });
}

/**
 * The field editor's {@link MachineModel}: `testModel(variant)` explores the `text` scope (a required title with a
 * regexp). The other kinds of field are in {@link FIELD_EDITOR_SCOPES}, through {@link fieldEditorScopeModel}.
 */
export const fieldEditorModel: MachineModel = {
  name: 'fieldEditor',
  title: 'In-place metadata field editor: view/edit, validate then save, cancel, read-only, taxonomy-only, form mode',
  spec: 'spec 02 §4 Field editor, §5 Field editors, §3 Metadata field definition and Field options, §8',
  machine: fieldEditorMachine,
  testModel(variant: PathVariant) {
    return fieldEditorScopeModel('text', variant);
  },
};
