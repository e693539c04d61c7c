/**
 * The taxonomy item edit modal's test model (spec 02 §2 Taxonomy item edit modal, §5, §7, §8): the edits that
 * `taxonomyItemEdit.test.ts` runs on real actors and `npm run paths -- taxonomyItemEdit` prints for QA.
 *
 * The modal opens on Cats (value = label, so the value follows the label). Shortest paths try each input once from
 * the untouched form (a blank label, a hand-typed value, a description, a custom search, a usage flag) and OK after
 * it; simple paths take the label route only: label (value copied without < and >) → value by hand → OK.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import type { TaxonomyItem } from '../taxonomyTree/taxonomyTree.types.ts';
import { taxonomyItemEditMachine, type TaxonomyItemEditContext, type TaxonomyItemEditInput } from './taxonomyItemEdit.machine.ts';

/** The item the modal opens on. */
export const MODEL_ITEM: TaxonomyItem = {
  name: 'Cats',
  value: 'Cats',
  description: '',
  customSearch: '',
  acl: ['Query', 'Set'],
  href: '/fotoweb/api/taxonomies/25/cats/',
  hasChildren: false,
};

/** The machine input. */
export const MODEL_INPUT: TaxonomyItemEditInput = { item: MODEL_ITEM };

/** What the model types. */
export const MODEL_TEXT = {
  label: '<Big> cats',
  copiedValue: 'Big cats',
  value: 'felines',
  relabel: 'Lions',
  description: 'Felis catus',
  customSearch: '25:cat*',
} as const;

/** The failing PUT (the server's error body). */
export const MODEL_FAILURE = {
  name: '403',
  body: { value: 'Forbidden', heading: 'You may not edit this taxonomy', requestId: 'req-9' },
} as const;

const modelMachine = toTestModelMachine(taxonomyItemEditMachine);
const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

/** The item the server answers for a PUT of the current draft. */
export function modelStoredItem(context: TaxonomyItemEditContext): TaxonomyItem {
  const { draft } = context;
  return { ...MODEL_ITEM, ...draft, name: draft.name.trim(), value: draft.value.trim(), acl: [...draft.acl] };
}

function editingEvents(context: TaxonomyItemEditContext, full: boolean): EventObject[] {
  const { draft, original } = context;
  const pristine = JSON.stringify(draft) === JSON.stringify(original);
  const events = [ev('SUBMIT')];
  if (pristine) {
    events.push(ev('SET_LABEL', { text: MODEL_TEXT.label }), ev('CANCEL'));
    if (full) {
      events.push(
        ev('SET_LABEL', { text: '  ' }),
        ev('SET_VALUE', { text: MODEL_TEXT.value }),
        ev('SET_DESCRIPTION', { text: MODEL_TEXT.description }),
        ev('SET_CUSTOM_SEARCH', { text: MODEL_TEXT.customSearch }),
        ev('TOGGLE_USAGE', { usage: 'Navigate' }),
        ev('TOGGLE_USAGE', { usage: 'Set' }),
      );
    }
    return events;
  }
  if (draft.name === MODEL_TEXT.label && !context.valueEdited) events.push(ev('SET_VALUE', { text: MODEL_TEXT.value }));
  if (full && draft.value === MODEL_TEXT.value && draft.name === original.name) {
    events.push(ev('SET_LABEL', { text: MODEL_TEXT.relabel }), ev('SET_VALUE', { text: '' }));
  }
  if (full) events.push(ev('CANCEL'));
  return events;
}

/** The events the model proposes for a snapshot (see the module comment). */
export function taxonomyItemEditModelEvents(variant: PathVariant) {
  const full = variant === 'shortest';
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as TaxonomyItemEditContext;
    if (snapshot.matches('editing')) return editingEvents(context, full);
    if (snapshot.matches('saving')) {
      return [ev('xstate.done.actor.saveItem', { output: modelStoredItem(context) }), ev('xstate.error.actor.saveItem', { error: MODEL_FAILURE })];
    }
    if (snapshot.matches('failed')) return [ev('DISMISS_ERROR')];
    return [];
  };
}

/**
 * A vertex is the snapshot, except that a refused OK and a closed error modal (both back on a snapshot seen before)
 * get their own vertex, so that a path shows them.
 */
export function serializeTaxonomyItemEditState(snapshot: AnyMachineSnapshot, event: EventObject | undefined): string {
  const key = serializeSnapshot(snapshot);
  if (event?.type === 'SUBMIT' && snapshot.matches('editing')) return `${key} (OK refused)`;
  if (event?.type === 'DISMISS_ERROR') return `${key} (error closed)`;
  return key;
}

/** The test model of a variant: exactly the events of {@link taxonomyItemEditModelEvents}. */
export function taxonomyItemEditTestModel(variant: PathVariant) {
  const events = taxonomyItemEditModelEvents(variant);
  return createTestModel(modelMachine, {
    input: MODEL_INPUT,
    events,
    filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) => events(snapshot).some((proposed) => JSON.stringify(proposed) === JSON.stringify(event)),
    serializeState: serializeTaxonomyItemEditState,
  });
}

/** The taxonomy item edit modal's {@link MachineModel}. */
export const taxonomyItemEditModel: MachineModel = {
  name: 'taxonomyItemEdit',
  title: 'Taxonomy item edit modal: label, value copied from the label until typed, description, custom search, usage; OK after a change',
  spec: 'spec 02 §2 Taxonomy item edit modal, §3, §5 Taxonomy item, §7 PUT, §8',
  machine: taxonomyItemEditMachine,
  testModel: taxonomyItemEditTestModel,
};
