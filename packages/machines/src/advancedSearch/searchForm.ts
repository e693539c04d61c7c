/**
 * The advanced search form as plain data, its pure rules, and the conversion to and from search parameters
 * (spec 02 §2 Advanced search popover, §3 Search criteria, §5 Advanced search, §9 search constants).
 */

import {
  BUILTIN_FIELDS,
  bytesToMegabytes,
  DATE_TYPES,
  EARLIEST_SEARCH_DATE,
  FILE_SIZE_MAX_MB,
  PIXEL_RANGE_MAX,
  roundMegabytes,
  SEARCH_CHOICES,
  megabytesToBytes,
  type BuiltinField,
  type ChoiceKey,
  type DateType,
  type SearchChoice,
  type SearchParams,
} from '@magpie/api-types/search-params';

// The search language (keys, values, units, limits) is the contract's: @magpie/api-types/search-params.
export {
  BUILTIN_FIELDS,
  BYTES_PER_MB,
  bytesToMegabytes,
  DATE_TYPES,
  EARLIEST_SEARCH_DATE,
  FILE_SIZE_MAX_MB,
  megabytesToBytes,
  PIXEL_RANGE_MAX,
  roundMegabytes,
} from '@magpie/api-types/search-params';
export type { BuiltinField, DateType, SearchParams } from '@magpie/api-types/search-params';

/** The document types the popover offers (all of them). */
export const DOCUMENT_TYPES = SEARCH_CHOICES.dt;
/** The metadata statuses the popover offers (all of them). */
export const METADATA_STATUSES = SEARCH_CHOICES.ms;
/** The storages the popover offers (all of them). */
export const STORAGES = SEARCH_CHOICES.s;
/** The consent states the popover offers (all of them; issue 15), when {@link offersConsentFilter}. */
export const CONSENT_STATUSES = SEARCH_CHOICES.cst;
/** The consent feature level the consent status filter needs (spec 02 §9). */
export const CONSENT_FILTER_FEATURE_LEVEL = 40; // spec 02 §9
/** Whether the popover offers the consent status filter: the descriptor's `apiFeatureLevels.consentFormsApiFeatureLevel` is at least 40. */
export function offersConsentFilter(consentFormsApiFeatureLevel: number | undefined): boolean {
  return (consentFormsApiFeatureLevel ?? 0) >= CONSENT_FILTER_FEATURE_LEVEL;
}
/** The values of choice `key` but `left`, in their order: what the popover offers of a choice. */
function choicesWithout<K extends ChoiceKey, L extends SearchChoice<K>>(key: K, ...left: L[]): readonly Exclude<SearchChoice<K>, L>[] {
  return (SEARCH_CHOICES[key] as readonly SearchChoice<K>[]).filter((value): value is Exclude<SearchChoice<K>, L> => !left.includes(value as L));
}

/** The colour spaces the popover offers: not `unknown`, which only an expression asks for (`cs:unknown`). */
export const COLOR_SPACES = choicesWithout('cs', 'unknown');
/** The orientations the popover offers: not `square`, which only an expression asks for (`o:square`). */
export const ORIENTATIONS = choicesWithout('o', 'square');

export type SearchDocumentType = (typeof DOCUMENT_TYPES)[number];
export type MetadataStatus = (typeof METADATA_STATUSES)[number];
export type StorageLocation = (typeof STORAGES)[number];
export type ConsentStatusChoice = (typeof CONSENT_STATUSES)[number];
export type ColorSpace = (typeof COLOR_SPACES)[number];
export type Orientation = (typeof ORIENTATIONS)[number];

/** The date type used when the preference `intranet.extSearch.dateType` is missing or unknown: modified time. */
export const DEFAULT_DATE_TYPE: DateType = 'mt'; // spec 02 §2

/** The ranges of the form: file size in MB (2 decimals), pixel width and height in px (whole numbers). */
export type RangeName = 'fileSize' | 'pixelWidth' | 'pixelHeight';
/** A range's two ends as typed: digits (and for file size one decimal point), or `''` for open. */
export interface RangeText {
  readonly from: string;
  readonly to: string;
}
/** Which end of a range or date range. */
export type Bound = 'from' | 'to';

/** One metadata criterion row (spec 02 §2 "rows can be added and deleted"); `id` is unique among the rows. */
export interface CriterionRow {
  readonly id: number;
  readonly field: string;
  readonly value: string | readonly string[];
}

/**
 * The advanced search form. Choices are `''` for "any". Dates are `YYYY-MM-DD` or `''`; only one date range exists
 * (the one of `dateType`), so setting one clears the others by construction (spec 02 §3, §5).
 */
export interface AdvancedSearchForm {
  readonly q: string;
  readonly dt: SearchDocumentType | '';
  readonly builtin: Readonly<Record<BuiltinField, string>>;
  readonly criteria: readonly CriterionRow[];
  readonly ms: MetadataStatus | '';
  readonly s: StorageLocation | '';
  /** The consent status (issue 15), offered only at consent feature level 40 ({@link offersConsentFilter}). */
  readonly cst: ConsentStatusChoice | '';
  readonly dateType: DateType;
  readonly dateFrom: string;
  readonly dateTo: string;
  readonly fileSize: RangeText;
  readonly pixelWidth: RangeText;
  readonly pixelHeight: RangeText;
  readonly cs: ColorSpace | '';
  readonly o: Orientation | '';
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/** The date type to start with: the saved preference `intranet.extSearch.dateType` when valid, else `mt` (spec 02 §2). */
export function resolveDateType(preference: unknown): DateType {
  return isOneOf(DATE_TYPES, preference) ? preference : DEFAULT_DATE_TYPE;
}

/** An empty form (no criteria) with the given date type. */
export function emptySearchForm(dateType: DateType = DEFAULT_DATE_TYPE): AdvancedSearchForm {
  const builtin = Object.fromEntries(BUILTIN_FIELDS.map((key) => [key, ''])) as Record<BuiltinField, string>;
  const open: RangeText = { from: '', to: '' };
  return {
    q: '',
    dt: '',
    builtin,
    criteria: [],
    ms: '',
    s: '',
    cst: '',
    dateType,
    dateFrom: '',
    dateTo: '',
    fileSize: open,
    pixelWidth: open,
    pixelHeight: open,
    cs: '',
    o: '',
  };
}

/**
 * Parses `YYYY-MM-DD` (spec 02 §5) into its parts; `undefined` for anything else, including dates that do not exist
 * (2023-02-29).
 */
export function parseSearchDate(text: string): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** A `YYYY-MM-DD` date as the form shows it, `MMMM D, YYYY` (spec 02 §5): `2024-03-05` → `March 5, 2024`; `''` if invalid. */
export function formatSearchDate(text: string): string {
  const date = parseSearchDate(text);
  return date ? `${MONTHS[date.month - 1]} ${date.day}, ${date.year}` : '';
}

/**
 * A date as the form keeps it: `''` stays open, an invalid date gives `undefined` (refused), an earlier date than
 * {@link EARLIEST_SEARCH_DATE} becomes that date (spec 02 §5 "the earliest selectable date is 1900-01-01").
 */
export function normalizeSearchDate(text: string): string | undefined {
  if (text === '') return '';
  if (!parseSearchDate(text)) return undefined;
  return text < EARLIEST_SEARCH_DATE ? EARLIEST_SEARCH_DATE : text;
}

/** The maximum of a range, in its unit (MB or px). */
export function rangeMax(range: RangeName): number {
  return range === 'fileSize' ? FILE_SIZE_MAX_MB : PIXEL_RANGE_MAX;
}

/**
 * A range input as typed (spec 02 §5): digits only, plus one decimal point for the fractional file size; a value above
 * the maximum becomes the maximum (below 0 cannot be typed). `'12a.5.1'` → `'12.51'` (file size), `'12'` (pixels).
 */
export function sanitizeRangeText(text: string, range: RangeName): string {
  const fractional = range === 'fileSize';
  let result = '';
  let seenPoint = false;
  for (const char of text) {
    if (char >= '0' && char <= '9') result += char;
    else if (char === '.' && fractional && !seenPoint) {
      seenPoint = true;
      result += char;
    }
  }
  const value = Number(result);
  if (result !== '' && result !== '.' && value > rangeMax(range)) return String(rangeMax(range));
  return result;
}

/** A range text as a number, or `undefined` when open (`''` or a lone `.`). */
export function rangeValue(text: string): number | undefined {
  if (text === '' || text === '.') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function formatRangeNumber(value: number, range: RangeName): string {
  return String(range === 'fileSize' ? roundMegabytes(value) : Math.round(value));
}

/**
 * Leaving a range field (spec 02 §5): the from value is limited to at most the to value; the to value is raised to at
 * least the from value. File sizes are also rounded to 2 decimals. Open ends stay open.
 */
export function settleRange(rangeText: RangeText, bound: Bound, range: RangeName): RangeText {
  const from = rangeValue(rangeText.from);
  const to = rangeValue(rangeText.to);
  const own = bound === 'from' ? from : to;
  if (own === undefined) return { ...rangeText, [bound]: '' };
  let settled = own;
  if (bound === 'from' && to !== undefined && own > to) settled = to;
  if (bound === 'to' && from !== undefined && own < from) settled = from;
  return { ...rangeText, [bound]: formatRangeNumber(Math.min(settled, rangeMax(range)), range) };
}

/** Whether image attributes show (spec 02 §2): only when the document type is image or unset. */
export function showsImageAttributes(form: AdvancedSearchForm): boolean {
  return form.dt === '' || form.dt === 'image';
}

/** Events that change the form, in the machine's shape (see `advancedSearch.machine.ts`). */
export type SearchFormChange =
  | { type: 'SET_TEXT'; field: 'q' | BuiltinField; value: string }
  | { type: 'SET_CHOICE'; field: 'dt' | 'ms' | 's' | 'cs' | 'o' | 'cst'; value: string }
  | { type: 'SET_DATE_TYPE'; dateType: string }
  | { type: 'SET_DATE'; bound: Bound; value: string }
  | { type: 'RANGE_INPUT'; range: RangeName; bound: Bound; text: string }
  | { type: 'RANGE_BLUR'; range: RangeName; bound: Bound }
  | { type: 'ADD_CRITERION' }
  | { type: 'SET_CRITERION'; id: number; field?: string; value?: string | readonly string[] }
  | { type: 'DELETE_CRITERION'; id: number };

const CHOICES: Readonly<Record<'dt' | 'ms' | 's' | 'cs' | 'o' | 'cst', readonly string[]>> = {
  dt: DOCUMENT_TYPES,
  ms: METADATA_STATUSES,
  s: STORAGES,
  cst: CONSENT_STATUSES,
  cs: COLOR_SPACES,
  o: ORIENTATIONS,
};

/**
 * Applies one change to the form (spec 02 §5), returning the same object when the change is refused or changes
 * nothing (an unknown choice, an invalid date, a row that does not exist):
 *
 * - dates: `''` or a valid `YYYY-MM-DD`, at least 1900-01-01; a to date before the from date becomes the from date,
 *   and a from date after the to date moves the to date up to it;
 * - ranges: {@link sanitizeRangeText} while typing, {@link settleRange} on blur;
 * - criteria rows: added empty with the next id, changed, deleted.
 */
export function applySearchFormChange(form: AdvancedSearchForm, change: SearchFormChange): AdvancedSearchForm {
  switch (change.type) {
    case 'SET_TEXT':
      if (change.field === 'q') return change.value === form.q ? form : { ...form, q: change.value };
      if (!isOneOf(BUILTIN_FIELDS, change.field) || form.builtin[change.field] === change.value) return form;
      return { ...form, builtin: { ...form.builtin, [change.field]: change.value } };
    case 'SET_CHOICE': {
      const allowed = CHOICES[change.field];
      if (!allowed || (change.value !== '' && !allowed.includes(change.value)) || form[change.field] === change.value) {
        return form;
      }
      return { ...form, [change.field]: change.value };
    }
    case 'SET_DATE_TYPE':
      // The single date range moves to the new type: one date range at a time (spec 02 §3, §5).
      return isOneOf(DATE_TYPES, change.dateType) && change.dateType !== form.dateType ? { ...form, dateType: change.dateType } : form;
    case 'SET_DATE': {
      const value = normalizeSearchDate(change.value);
      if (value === undefined) return form;
      let { dateFrom, dateTo } = form;
      if (change.bound === 'from') {
        dateFrom = value;
        if (dateFrom !== '' && dateTo !== '' && dateTo < dateFrom) dateTo = dateFrom;
      } else {
        dateTo = value !== '' && dateFrom !== '' && value < dateFrom ? dateFrom : value;
      }
      return dateFrom === form.dateFrom && dateTo === form.dateTo ? form : { ...form, dateFrom, dateTo };
    }
    case 'RANGE_INPUT': {
      const current = form[change.range];
      const text = sanitizeRangeText(change.text, change.range);
      return text === current[change.bound] ? form : { ...form, [change.range]: { ...current, [change.bound]: text } };
    }
    case 'RANGE_BLUR': {
      const current = form[change.range];
      const settled = settleRange(current, change.bound, change.range);
      return settled.from === current.from && settled.to === current.to ? form : { ...form, [change.range]: settled };
    }
    case 'ADD_CRITERION': {
      const id = form.criteria.reduce((max, row) => Math.max(max, row.id), 0) + 1;
      return { ...form, criteria: [...form.criteria, { id, field: '', value: '' }] };
    }
    case 'SET_CRITERION': {
      const row = form.criteria.find((candidate) => candidate.id === change.id);
      if (!row) return form;
      const next: CriterionRow = {
        ...row,
        ...(change.field !== undefined ? { field: change.field } : {}),
        ...(change.value !== undefined ? { value: change.value } : {}),
      };
      if (JSON.stringify(next) === JSON.stringify(row)) return form;
      return { ...form, criteria: form.criteria.map((candidate) => (candidate.id === change.id ? next : candidate)) };
    }
    case 'DELETE_CRITERION':
      return form.criteria.some((row) => row.id === change.id) ? { ...form, criteria: form.criteria.filter((row) => row.id !== change.id) } : form;
  }
}

function criterionValue(value: string | readonly string[]): string | string[] | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  const items = value.map((item) => item.trim()).filter((item) => item !== '');
  return items.length > 0 ? items : undefined;
}

/**
 * The search parameters of a form (spec 02 §3): only what is set; `q` and texts trimmed; the date range of the
 * selected date type only; file sizes in bytes ({@link megabytesToBytes}); pixel ranges in whole px; image attributes
 * (colour space, orientation, pixel ranges) only when {@link showsImageAttributes}; `criteria` = the non-empty
 * built-in fields, then the complete metadata rows.
 */
export function toSearchParams(form: AdvancedSearchForm): SearchParams {
  const params: SearchParams = {};
  const q = form.q.trim();
  if (q !== '') params.q = q;
  if (form.dt !== '') params.dt = form.dt;
  if (form.ms !== '') params.ms = form.ms;
  if (form.s !== '') params.s = form.s;
  if (form.cst !== '') params.cst = form.cst;
  const fsf = rangeValue(form.fileSize.from);
  const fst = rangeValue(form.fileSize.to);
  if (fsf !== undefined) params.fsf = megabytesToBytes(Math.min(fsf, FILE_SIZE_MAX_MB));
  if (fst !== undefined) params.fst = megabytesToBytes(Math.min(fst, FILE_SIZE_MAX_MB));
  if (form.dateFrom !== '') params[`${form.dateType}f`] = form.dateFrom;
  if (form.dateTo !== '') params[`${form.dateType}t`] = form.dateTo;
  if (showsImageAttributes(form)) {
    if (form.cs !== '') params.cs = form.cs;
    if (form.o !== '') params.o = form.o;
    const pixels: Array<[keyof SearchParams, string]> = [
      ['pwf', form.pixelWidth.from],
      ['pwt', form.pixelWidth.to],
      ['phf', form.pixelHeight.from],
      ['pht', form.pixelHeight.to],
    ];
    for (const [key, text] of pixels) {
      const value = rangeValue(text);
      if (value !== undefined) (params as Record<string, number>)[key] = Math.min(Math.round(value), PIXEL_RANGE_MAX);
    }
  }
  const criteria: { field: string; value: string | string[] }[] = [];
  for (const key of BUILTIN_FIELDS) {
    const value = form.builtin[key].trim();
    if (value !== '') criteria.push({ field: key, value });
  }
  for (const row of form.criteria) {
    const value = criterionValue(row.value);
    if (row.field.trim() !== '' && value !== undefined) criteria.push({ field: row.field.trim(), value });
  }
  if (criteria.length > 0) params.criteria = criteria;
  return params;
}

function rangeFromParams(from: unknown, to: unknown, range: RangeName, toUnit: (value: number) => number): RangeText {
  const text = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? formatRangeNumber(Math.min(toUnit(value), rangeMax(range)), range) : '');
  return { from: text(from), to: text(to) };
}

/**
 * The form for existing search parameters (spec 02 §2 "Opening the popover applies the existing query to the form").
 * Unknown choices and invalid dates are dropped. Of several date ranges the first of mt, it, rt, ct with a date wins
 * (one date range at a time); without any, the date type is `dateType` (the saved preference). Criteria with a
 * built-in key fill the built-in fields; the others become rows 1…n.
 */
export function fromSearchParams(params: SearchParams, dateType: DateType = DEFAULT_DATE_TYPE): AdvancedSearchForm {
  const form = emptySearchForm(dateType);
  const pick = <T extends string>(values: readonly T[], value: unknown): T | '' => (isOneOf(values, value) ? value : '');
  const record = params as Record<string, unknown>;
  const datedType = DATE_TYPES.find((type) => {
    const from = record[`${type}f`];
    const to = record[`${type}t`];
    return (typeof from === 'string' && normalizeSearchDate(from)) || (typeof to === 'string' && normalizeSearchDate(to));
  });
  const dateOf = (value: unknown) => (typeof value === 'string' ? (normalizeSearchDate(value) ?? '') : '');
  const dateFrom = datedType ? dateOf(record[`${datedType}f`]) : '';
  let dateTo = datedType ? dateOf(record[`${datedType}t`]) : '';
  if (dateFrom !== '' && dateTo !== '' && dateTo < dateFrom) dateTo = dateFrom;

  const builtin: Record<BuiltinField, string> = { ...form.builtin };
  const criteria: CriterionRow[] = [];
  for (const criterion of params.criteria ?? []) {
    if (isOneOf(BUILTIN_FIELDS, criterion.field) && typeof criterion.value === 'string') builtin[criterion.field] = criterion.value;
    else criteria.push({ id: criteria.length + 1, field: criterion.field, value: criterion.value });
  }
  return {
    ...form,
    q: typeof params.q === 'string' ? params.q : '',
    dt: pick(DOCUMENT_TYPES, params.dt),
    ms: pick(METADATA_STATUSES, params.ms),
    s: pick(STORAGES, params.s),
    cst: pick(CONSENT_STATUSES, params.cst),
    cs: pick(COLOR_SPACES, params.cs),
    o: pick(ORIENTATIONS, params.o),
    dateType: datedType ?? dateType,
    dateFrom,
    dateTo,
    fileSize: rangeFromParams(params.fsf, params.fst, 'fileSize', bytesToMegabytes),
    pixelWidth: rangeFromParams(params.pwf, params.pwt, 'pixelWidth', (px) => px),
    pixelHeight: rangeFromParams(params.phf, params.pht, 'pixelHeight', (px) => px),
    builtin,
    criteria,
  };
}
