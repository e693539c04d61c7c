/**
 * The advanced search popover's test model (spec 02 §2, §3, §4, §5): the current query it opens with and the form
 * changes that `advancedSearch.test.ts` runs on real actors and `npm run paths -- advancedSearch` prints for QA.
 *
 * The popover opens on "harbour", images, modified since 2020-01-01, file name IMG_*, field 25 = boats. From there
 * the model makes one change (each a spec rule), then its follow-up where the rule has one (leave the range field,
 * fill the new criterion row), then Search, Clear or Close. Payloads are plain JSON.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { advancedSearchMachine, type AdvancedSearchContext, type AdvancedSearchInput } from './advancedSearch.machine.ts';
import type { SearchParams } from './searchForm.ts';

/** The query the popover opens with. */
export const MODEL_PARAMS: SearchParams = {
  q: 'harbour',
  dt: 'image',
  mtf: '2020-01-01',
  criteria: [
    { field: 'fn', value: 'IMG_*' },
    { field: '25', value: 'boats' },
  ],
};

/** The machine input of both variants: the query above, and `ct` saved as the preferred date type. */
export const ADVANCED_SEARCH_MODEL_INPUT: AdvancedSearchInput = { params: MODEL_PARAMS, dateTypePreference: 'ct' };

const modelMachine = toTestModelMachine(advancedSearchMachine);

const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;

/** The first change, per variant: each one a rule of spec 02 §5 or §3. */
function firstChanges(full: boolean): EventObject[] {
  const changes = [
    ev('SET_TEXT', { field: 'q', value: 'harbour boats' }),
    ev('SET_CHOICE', { field: 'dt', value: 'movie' }), // hides the image attributes
    ev('SET_DATE_TYPE', { dateType: 'ct' }), // the one date range moves to the created date
    ev('SET_DATE', { bound: 'to', value: '2019-05-01' }), // before from: raised to the from date
    ev('RANGE_INPUT', { range: 'fileSize', bound: 'from', text: '12.345' }), // rounded on leaving the field
    ev('RANGE_INPUT', { range: 'pixelWidth', bound: 'to', text: '800px' }), // digits only
    ev('ADD_CRITERION'),
  ];
  if (full) {
    changes.push(
      ev('SET_DATE', { bound: 'from', value: '1850-06-01' }), // earlier than 1900-01-01
      ev('RANGE_INPUT', { range: 'fileSize', bound: 'to', text: '99999999' }), // above 2,097,151 MB
      ev('SET_CHOICE', { field: 'cs', value: 'cmyk' }),
      ev('SET_CHOICE', { field: 'ms', value: 'little' }),
      ev('SET_TEXT', { field: 'fn', value: '' }),
      ev('DELETE_CRITERION', { id: 1 }),
    );
  }
  return changes;
}

/** The follow-up a change calls for, from the form it left. */
function followUps(context: AdvancedSearchContext): EventObject[] {
  const { form } = context;
  const events: EventObject[] = [];
  if (form.fileSize.from === '12.345') events.push(ev('RANGE_BLUR', { range: 'fileSize', bound: 'from' }));
  if (form.pixelWidth.to === '800' && form.pixelWidth.from === '') {
    events.push(ev('RANGE_INPUT', { range: 'pixelWidth', bound: 'from', text: '1200' }));
  }
  if (form.pixelWidth.from === '1200' && form.pixelWidth.to === '800') {
    // Leaving from limits it to the to value; leaving to raises it to the from value.
    events.push(ev('RANGE_BLUR', { range: 'pixelWidth', bound: 'from' }), ev('RANGE_BLUR', { range: 'pixelWidth', bound: 'to' }));
  }
  const empty = form.criteria.find((row) => row.field === '');
  if (empty) events.push(ev('SET_CRITERION', { id: empty.id, field: '80', value: 'ann' }));
  return events;
}

/** The events the model proposes for a snapshot (see the module comment). */
export function advancedSearchModelEvents(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (snapshot.status !== 'active') return [];
    const context = snapshot.context as AdvancedSearchContext;
    const events = [ev('CLEAR'), ev('CLOSE')];
    if (snapshot.matches({ editing: 'pristine' })) return [...firstChanges(variant === 'shortest'), ...events];
    return [ev('SUBMIT'), ...followUps(context), ...events];
  };
}

/**
 * The advanced search's {@link MachineModel}: one opening query for both variants; simple paths use fewer first
 * changes (the graph has no loops, so its simple paths are its routes).
 */
export const advancedSearchModel: MachineModel = {
  name: 'advancedSearch',
  title: 'Advanced search popover: the form opens on the current query; Search after a change builds the parameters',
  spec: 'spec 02 §2 Advanced search popover, §3 Search criteria, §4, §5 Advanced search, §9',
  machine: advancedSearchMachine,
  testModel(variant: PathVariant) {
    const events = advancedSearchModelEvents(variant);
    return createTestModel(modelMachine, {
      input: ADVANCED_SEARCH_MODEL_INPUT,
      events,
      filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) => events(snapshot).some((proposed) => JSON.stringify(proposed) === JSON.stringify(event)),
      serializeState: (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot),
    });
  },
};
