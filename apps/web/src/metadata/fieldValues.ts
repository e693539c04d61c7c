/**
 * Pure conversions between an asset's metadata values on the wire (`{value: string | string[]}`, fotoweb-api-notes §4)
 * and the values the field editors work with (`FieldValue` of `@magpie/machines`), plus what the view mode shows and
 * how several assets' values combine when they are edited at once (spec 02 §2 Metadata field editors, §3 Metadata
 * field definition and Field options: `multiSelectBagField`, items with `value` and `notInAll`).
 */
import { toBag, type FieldDefinition, type FieldValue } from '@magpie/machines';
import { formatMetadataDate } from '../lib/format.ts';

/** A metadata value as the DAM sends and takes it: one text, or a bag of texts. */
export type WireValue = string | string[];

/** One choice of a dropdown-like field (spec 02 §3 `values`): what is stored and what is shown. */
export interface FieldChoice {
  readonly value: string;
  readonly label: string;
}

/** One item of a multi-select bag (spec 02 §3): `notInAll` when only some of the edited assets carry it. */
export interface BagItem {
  readonly value: string;
  readonly notInAll: boolean;
}

/**
 * The values of several assets for one field, combined (batch edit):
 * - `value`: the common value; for single-value fields `null` when the assets differ; for bags every item any asset
 *   has, in first-seen order;
 * - `mixed`: `true` when the assets' values differ (the view says so instead of showing one of them);
 * - `items`: bags only, each item with `notInAll`.
 */
export interface CombinedValue {
  readonly value: FieldValue;
  readonly mixed: boolean;
  readonly items: readonly BagItem[];
}

/** What a checkbox field stores for ticked and unticked (text on the wire, like every other field). */
export const CHECKBOX_WIRE_VALUES = { checked: 'true', unchecked: 'false' } as const;

/** What a password field shows in view mode instead of its value. */
export const PASSWORD_MASK = '••••••••';

const TRUE_TEXTS = new Set(['true', '1', 'yes', 'on']);

/**
 * The editor value of a field from the asset's metadata: bags as `string[]`, checkboxes as `boolean` (`true`, `1`,
 * `yes`, `on` are ticked), everything else as text (a bag sent for a single-value field is joined with `, `).
 * A missing value is `null` (an empty bag for bag fields, unticked for checkboxes).
 */
export function fromWireValue(field: FieldDefinition, wire: WireValue | null | undefined): FieldValue {
  if (field.multiInstance) return toBag(wire ?? undefined);
  const text = Array.isArray(wire) ? wire.join(', ') : wire;
  if (field.dataType === 'checkbox') return TRUE_TEXTS.has((text ?? '').trim().toLowerCase());
  return text === undefined || text === null ? null : text;
}

/**
 * The wire value of an editor value (the `value` of an assetupdate or metadata-edit-request entry): bags as
 * `string[]` (`[]` clears the field, fotoweb-api-notes §4), checkboxes as {@link CHECKBOX_WIRE_VALUES}, dates as
 * `YYYY-MM-DD`, numbers as decimal text, nothing as `''`.
 */
export function toWireValue(field: FieldDefinition, value: FieldValue): WireValue {
  if (field.multiInstance) return toBag(value);
  if (typeof value === 'boolean') return value ? CHECKBOX_WIRE_VALUES.checked : CHECKBOX_WIRE_VALUES.unchecked;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (Array.isArray(value)) return value.join(', ');
  return (value as string | null) ?? '';
}

/** The choices of a dropdown-like field: plain strings show as themselves, `{value, description}` by description. */
export function choicesOf(field: FieldDefinition): FieldChoice[] {
  return (field.values ?? []).map((choice) => (typeof choice === 'string' ? { value: choice, label: choice } : { value: choice.value, label: choice.description || choice.value }));
}

/**
 * A stored date as the `YYYY-MM-DD` an `<input type="date">` takes: IPTC's `YYYYMMDD`, ISO dates and date-times
 * (their date part); `''` for anything else.
 */
export function dateInputValue(value: FieldValue): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return '';
  const text = value.trim();
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(text);
  return iso?.[1] ?? '';
}

/**
 * What view mode shows for a value (`''` when there is none): bag items joined with `, `, checkboxes as Yes/No,
 * dates as spec 02 §9's client display, choices by their label, passwords masked.
 */
export function displayText(field: FieldDefinition, value: FieldValue): string {
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text = toWireValue(field, value) as string;
  if (text.trim() === '') return '';
  if (field.dataType === 'password') return PASSWORD_MASK;
  if (field.dataType === 'date' || field.dataType === 'date-dropdown') return formatMetadataDate(/^\d{8}$/.test(text.trim()) ? dateInputValue(text) : text);
  return choicesOf(field).find((choice) => choice.value === text)?.label ?? text;
}

/** Whether two editor values are the same (bags by their items in order). */
export function sameFieldValue(a: FieldValue, b: FieldValue): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * Combines the values of several assets for one field (batch edit; spec 02 §3 multi-select bag items with
 * `notInAll`). `values` holds one editor value per asset (see {@link fromWireValue}); no values gives an empty,
 * unmixed result.
 */
export function combineValues(field: FieldDefinition, values: readonly FieldValue[]): CombinedValue {
  if (field.multiInstance) {
    const counts = new Map<string, number>();
    for (const value of values) for (const item of new Set(toBag(value))) counts.set(item, (counts.get(item) ?? 0) + 1);
    const items = [...counts].map(([value, count]) => ({ value, notInAll: count < values.length }));
    return { value: items.map((item) => item.value), mixed: items.some((item) => item.notInAll), items };
  }
  const [first = null] = values;
  const mixed = values.some((value) => !sameFieldValue(value, first));
  return { value: mixed ? null : first, mixed, items: [] };
}
