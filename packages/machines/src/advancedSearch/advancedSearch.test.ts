import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { advancedSearchMachine, type AdvancedSearchEvent } from './advancedSearch.machine.ts';
import { advancedSearchModel, ADVANCED_SEARCH_MODEL_INPUT, MODEL_PARAMS } from './advancedSearch.model.ts';
import {
  applySearchFormChange,
  BYTES_PER_MB,
  bytesToMegabytes,
  CONSENT_STATUSES,
  DATE_TYPES,
  EARLIEST_SEARCH_DATE,
  emptySearchForm,
  FILE_SIZE_MAX_MB,
  formatSearchDate,
  fromSearchParams,
  megabytesToBytes,
  normalizeSearchDate,
  offersConsentFilter,
  parseSearchDate,
  PIXEL_RANGE_MAX,
  rangeMax,
  resolveDateType,
  sanitizeRangeText,
  settleRange,
  showsImageAttributes,
  toSearchParams,
  type AdvancedSearchForm,
  type RangeName,
} from './searchForm.ts';

const shortestPaths = advancedSearchModel.testModel('shortest').getShortestPaths();
const simplePaths = advancedSearchModel.testModel('simple').getSimplePaths();
const RANGES: RangeName[] = ['fileSize', 'pixelWidth', 'pixelHeight'];
const json = (value: unknown) => JSON.stringify(value);

/** The form invariants of spec 02 §5, true of every form the popover can hold. */
function checkForm(form: AdvancedSearchForm): void {
  for (const range of RANGES) {
    for (const text of [form[range].from, form[range].to]) {
      // Digits only, one decimal point only for the file size; never above the maximum.
      expect(text).toMatch(range === 'fileSize' ? /^\d*(\.\d*)?$/ : /^\d*$/);
      if (text !== '' && text !== '.') expect(Number(text)).toBeLessThanOrEqual(rangeMax(range));
    }
  }
  for (const date of [form.dateFrom, form.dateTo]) {
    if (date !== '') {
      expect(parseSearchDate(date)).toBeDefined();
      expect(date >= EARLIEST_SEARCH_DATE).toBe(true);
    }
  }
  if (form.dateFrom !== '' && form.dateTo !== '') expect(form.dateTo >= form.dateFrom).toBe(true);
  expect(new Set(form.criteria.map((row) => row.id)).size).toBe(form.criteria.length);
  const params = toSearchParams(form) as Record<string, unknown>;
  // Only one date range at a time (spec 02 §3, §5).
  const dated = DATE_TYPES.filter((type) => params[`${type}f`] !== undefined || params[`${type}t`] !== undefined);
  expect(dated.length).toBeLessThanOrEqual(1);
  if (dated.length === 1) expect(dated[0]).toBe(form.dateType);
  if (!showsImageAttributes(form)) for (const key of ['cs', 'o', 'pwf', 'pwt', 'phf', 'pht']) expect(params[key]).toBeUndefined();
  for (const key of ['fsf', 'fst']) {
    const bytes = params[key];
    if (bytes !== undefined) {
      expect(Number.isInteger(bytes)).toBe(true);
      expect(bytes as number).toBeLessThanOrEqual(FILE_SIZE_MAX_MB * BYTES_PER_MB);
    }
  }
}

function createSearchDriver(coverage?: CoverageTracker): PathDriver {
  const actor = createActor(advancedSearchMachine, {
    input: ADVANCED_SEARCH_MODEL_INPUT,
    clock: new SimulatedClock(),
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    exec(event) {
      actor.send(event as AdvancedSearchEvent);
    },
    verify(expected) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      checkForm(context.form);
      // spec 02 §2: the popover opened on the current query (the model's query has a modified-date range).
      expect(toSearchParams(context.opened)).toEqual(MODEL_PARAMS);
      // spec 02 §4: Search is enabled only after a change.
      if (snapshot.matches({ editing: 'pristine' })) expect(context.form).toBe(context.opened);
      if (snapshot.matches({ editing: 'changed' })) expect(json(context.form)).not.toBe(json(context.opened));
      if (snapshot.status === 'done') expect(snapshot.output).toEqual(context.outcome);
      if (snapshot.matches('submitted')) {
        const params = toSearchParams(context.form);
        expect(snapshot.output).toEqual({ action: 'search', params });
        // The parameters read back into a form that searches for the same thing.
        expect(toSearchParams(fromSearchParams(params, context.form.dateType))).toEqual(params);
      }
      if (snapshot.matches('cleared')) expect(snapshot.output).toEqual({ action: 'clear' });
      if (snapshot.matches('closed')) expect(snapshot.output).toEqual({ action: 'close' });
    },
  };
}

describeModelPaths('advancedSearch model: shortest paths', shortestPaths, 100, () => createSearchDriver());

describeModelPaths('advancedSearch model: simple paths', simplePaths, 100, () => createSearchDriver());

describe('advancedSearch coverage', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(advancedSearchMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createSearchDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('advancedSearch', report));
    assertFullCoverage('advancedSearch', report);
  }, 30_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Spec rules, stated directly.
// ---------------------------------------------------------------------------------------------------------------

describe('advancedSearch popover (spec 02 §2, §4)', () => {
  it('keeps Search disabled until a change, and a same-value change is no change', () => {
    const actor = createActor(advancedSearchMachine, { input: ADVANCED_SEARCH_MODEL_INPUT }).start();
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SET_TEXT', field: 'q', value: 'harbour' });
    actor.send({ type: 'SET_DATE', bound: 'from', value: 'not a date' });
    actor.send({ type: 'SET_CHOICE', field: 'dt', value: 'hologram' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'pristine' });
    actor.send({ type: 'SET_TEXT', field: 'q', value: ' harbour boats ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().output).toEqual({
      action: 'search',
      params: { ...MODEL_PARAMS, q: 'harbour boats' },
    });
  });

  it('defaults the date type to the saved preference, or mt', () => {
    expect(createActor(advancedSearchMachine, { input: { dateTypePreference: 'rt' } }).getSnapshot().context.form.dateType).toBe('rt');
    expect(createActor(advancedSearchMachine, { input: { dateTypePreference: 'xx' } }).getSnapshot().context.form.dateType).toBe('mt');
    expect(createActor(advancedSearchMachine, { input: {} }).getSnapshot().context.form.dateType).toBe('mt');
    expect(resolveDateType(undefined)).toBe('mt');
  });

  it('clears and closes', () => {
    const clear = createActor(advancedSearchMachine, { input: {} }).start();
    clear.send({ type: 'CLEAR' });
    expect(clear.getSnapshot().output).toEqual({ action: 'clear' });
    const close = createActor(advancedSearchMachine, { input: {} }).start();
    close.send({ type: 'CLOSE' });
    expect(close.getSnapshot().output).toEqual({ action: 'close' });
  });
});

describe('search form rules (spec 02 §5)', () => {
  const form = emptySearchForm();

  it('accepts digits only in ranges, one decimal point for the file size, clamped to the maximum', () => {
    expect(sanitizeRangeText('12a.5.1', 'fileSize')).toBe('12.51');
    expect(sanitizeRangeText('12.5', 'pixelWidth')).toBe('125');
    expect(sanitizeRangeText('-3', 'pixelHeight')).toBe('3');
    expect(sanitizeRangeText('99999999', 'fileSize')).toBe(String(FILE_SIZE_MAX_MB));
    expect(sanitizeRangeText('1000001', 'pixelWidth')).toBe(String(PIXEL_RANGE_MAX));
    expect(sanitizeRangeText('.', 'fileSize')).toBe('.');
  });

  it('limits from to the to value and raises to to the from value on leaving the field', () => {
    expect(settleRange({ from: '1200', to: '800' }, 'from', 'pixelWidth')).toEqual({ from: '800', to: '800' });
    expect(settleRange({ from: '1200', to: '800' }, 'to', 'pixelWidth')).toEqual({ from: '1200', to: '1200' });
    expect(settleRange({ from: '5', to: '' }, 'from', 'pixelWidth')).toEqual({ from: '5', to: '' });
    expect(settleRange({ from: '12.345', to: '' }, 'from', 'fileSize')).toEqual({ from: '12.35', to: '' });
    expect(settleRange({ from: '.', to: '' }, 'from', 'fileSize')).toEqual({ from: '', to: '' });
  });

  it('converts megabytes (2 decimals) to bytes with 1,048,576 bytes per MB, up to 2,097,151 MB', () => {
    expect(BYTES_PER_MB).toBe(1_048_576);
    expect(FILE_SIZE_MAX_MB).toBe(2_097_151);
    expect(megabytesToBytes(1)).toBe(1_048_576);
    expect(megabytesToBytes(1.234)).toBe(Math.round(1.23 * 1_048_576));
    expect(bytesToMegabytes(1_572_864)).toBe(1.5);
    const params = toSearchParams({ ...form, fileSize: { from: '0.5', to: '2097151' } });
    expect(params).toEqual({ fsf: 524_288, fst: 2_097_151 * 1_048_576 });
  });

  it('parses YYYY-MM-DD, shows MMMM D, YYYY, and starts at 1900-01-01', () => {
    expect(parseSearchDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    for (const bad of ['2023-02-29', '2024-13-01', '24-01-01', '2024/01/01', '']) expect(parseSearchDate(bad)).toBeUndefined();
    expect(formatSearchDate('2024-03-05')).toBe('March 5, 2024');
    expect(formatSearchDate('nope')).toBe('');
    expect(normalizeSearchDate('1899-12-31')).toBe('1900-01-01');
    expect(normalizeSearchDate('')).toBe('');
    expect(normalizeSearchDate('2024-02-30')).toBeUndefined();
  });

  it('never lets the to date precede the from date', () => {
    const from = applySearchFormChange(form, { type: 'SET_DATE', bound: 'from', value: '2020-06-01' });
    expect(applySearchFormChange(from, { type: 'SET_DATE', bound: 'to', value: '2020-01-01' }).dateTo).toBe('2020-06-01');
    const both = applySearchFormChange(from, { type: 'SET_DATE', bound: 'to', value: '2020-07-01' });
    expect(applySearchFormChange(both, { type: 'SET_DATE', bound: 'from', value: '2021-01-01' })).toMatchObject({
      dateFrom: '2021-01-01',
      dateTo: '2021-01-01',
    });
  });

  it('keeps one date range: switching the date type moves it', () => {
    const dated = { ...form, dateFrom: '2020-01-01', dateTo: '2020-12-31' };
    expect(toSearchParams(dated)).toEqual({ mtf: '2020-01-01', mtt: '2020-12-31' });
    const moved = applySearchFormChange(dated, { type: 'SET_DATE_TYPE', dateType: 'it' });
    expect(toSearchParams(moved)).toEqual({ itf: '2020-01-01', itt: '2020-12-31' });
    // Reading parameters with several ranges keeps the first of mt, it, rt, ct.
    expect(fromSearchParams({ rtf: '2021-01-01', itt: '2020-02-02' })).toMatchObject({ dateType: 'it', dateFrom: '', dateTo: '2020-02-02' });
  });

  it('sends image attributes only when the document type is image or unset', () => {
    const image = { ...form, cs: 'cmyk' as const, o: 'portrait' as const, pixelWidth: { from: '100', to: '' } };
    expect(toSearchParams(image)).toEqual({ cs: 'cmyk', o: 'portrait', pwf: 100 });
    expect(toSearchParams({ ...image, dt: 'image' })).toEqual({ dt: 'image', cs: 'cmyk', o: 'portrait', pwf: 100 });
    expect(toSearchParams({ ...image, dt: 'movie' })).toEqual({ dt: 'movie' });
  });

  it('adds, fills and deletes metadata criteria rows; only complete rows are sent', () => {
    let next = applySearchFormChange(form, { type: 'ADD_CRITERION' });
    next = applySearchFormChange(next, { type: 'ADD_CRITERION' });
    expect(next.criteria.map((row) => row.id)).toEqual([1, 2]);
    next = applySearchFormChange(next, { type: 'SET_CRITERION', id: 2, field: '25', value: ['boats', ' ', 'sea'] });
    expect(toSearchParams(next)).toEqual({ criteria: [{ field: '25', value: ['boats', 'sea'] }] });
    expect(applySearchFormChange(next, { type: 'SET_CRITERION', id: 9, field: 'x' })).toBe(next);
    expect(applySearchFormChange(next, { type: 'DELETE_CRITERION', id: 9 })).toBe(next);
    next = applySearchFormChange(next, { type: 'DELETE_CRITERION', id: 1 });
    expect(next.criteria.map((row) => row.id)).toEqual([2]);
  });

  it('reads search parameters back into the form, dropping what is not valid', () => {
    const read = fromSearchParams({
      q: 'q',
      dt: 'image',
      cs: 'purple',
      fsf: 1_572_864,
      pwt: 640,
      ctf: '2020-01-01',
      criteria: [
        { field: 'title', value: 'T' },
        { field: '80', value: ['a', 'b'] },
      ],
    });
    expect(read).toMatchObject({
      q: 'q',
      dt: 'image',
      cs: '',
      dateType: 'ct',
      dateFrom: '2020-01-01',
      fileSize: { from: '1.5', to: '' },
      pixelWidth: { from: '', to: '640' },
      criteria: [{ id: 1, field: '80', value: ['a', 'b'] }],
    });
    expect(read.builtin.title).toBe('T');
    expect(toSearchParams(fromSearchParams(MODEL_PARAMS))).toEqual(MODEL_PARAMS);
  });

  it('trims the search text and the built-in fields', () => {
    expect(toSearchParams({ ...form, q: '  sea  ', builtin: { ...form.builtin, fn: ' a.jpg ' } })).toEqual({
      q: 'sea',
      criteria: [{ field: 'fn', value: 'a.jpg' }],
    });
  });
});

describe('the consent status filter (issue 15; spec 02 §9)', () => {
  it('is offered at consent feature level 40, and the form keeps a cst of the query only then', () => {
    expect([undefined, 0, 30, 39, 40, 50].map((level) => offersConsentFilter(level))).toEqual([false, false, false, false, true, true]);
    const offered = createActor(advancedSearchMachine, { input: { params: { cst: 'fullconsent', dt: 'image' }, consentFilter: true } }).start();
    expect(offered.getSnapshot().context.form).toMatchObject({ cst: 'fullconsent', dt: 'image' });
    const hidden = createActor(advancedSearchMachine, { input: { params: { cst: 'fullconsent', dt: 'image' } } }).start();
    expect(hidden.getSnapshot().context.form).toMatchObject({ cst: '', dt: 'image' });
  });

  it('sets a consent state, refuses an unknown one, and writes it as cst', () => {
    const form = applySearchFormChange(emptySearchForm(), { type: 'SET_CHOICE', field: 'cst', value: 'pending' });
    expect(form.cst).toBe('pending');
    expect(applySearchFormChange(form, { type: 'SET_CHOICE', field: 'cst', value: 'granted' })).toBe(form);
    expect(toSearchParams(form)).toEqual({ cst: 'pending' });
    expect(fromSearchParams({ cst: 'noconsent' }).cst).toBe('noconsent');
    expect(fromSearchParams({ cst: 'maybe' }).cst).toBe('');
    expect(CONSENT_STATUSES).toEqual(['noconsentinfo', 'pending', 'noconsent', 'partialconsent', 'fullconsent']);
  });
});
