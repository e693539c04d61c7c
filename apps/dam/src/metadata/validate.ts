import type { FieldDescription, MetadataViewUpdate } from '@magpie/api-types';
import type { FieldValues, StoredFieldChange } from '../db/schema.ts';

/** One refused field `{path, message}` (dam.yaml `ErrorIssue`). */
export interface FieldIssue {
  path: string;
  message: string;
}

/** Field id → normalized new value; `''` (single) or `[]` (bag) clears the field. */
export type FieldEdits = Record<string, string | string[]>;

// Tabs and line breaks are text; other control characters never are (and must not reach ExifTool's argument file).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))?)?$/;
/** Range of an `integer` field's values: a 32-bit signed integer, as PostgreSQL's `integer` and XMP/IPTC integers. */
const INTEGER_RANGE = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/**
 * Whether an ISO 8601 date (`YYYY-MM-DD[THH:mm[:ss[.f]]][Z|±hh:mm]`) exists on the calendar: years 0001–9999, the
 * day inside its month (no 31 April, 29 February only in leap years), hours below 24, minutes and seconds below 60.
 */
function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s, oh, om] = m.slice(1).map((v) => Number(v ?? '0')) as [number, number, number, number, number, number, number, number];
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  date.setUTCFullYear(y, mo - 1, d);
  return y >= 1 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60 && oh < 24 && om < 60;
}

/** The view's field descriptions by field id (as strings). */
export function fieldsOfView(view: MetadataViewUpdate): Map<string, FieldDescription> {
  return new Map(view.detailRegions.flatMap((region) => region.fields.map((f): [string, FieldDescription] => [String(f.field.id), f])));
}

function checkValue(description: FieldDescription, value: string): string | undefined {
  const { field } = description;
  const name = `${field.label} (${field.id})`;
  if (CONTROL.test(value)) return `${name} must not contain control characters.`;
  if (!field.multiline && /[\r\n]/.test(value)) return `${name} is one line; remove the line breaks.`;
  if (field['max-size'] !== null && [...value].length > field['max-size']) return `${name} is longer than ${field['max-size']} characters.`;
  const { regexp, min, max } = field.validation;
  const help = field.validation.helpText ?? undefined;
  if (regexp !== null && regexp !== '') {
    let ok: boolean;
    try {
      ok = new RegExp(regexp).test(value);
    } catch {
      ok = true; // A broken pattern in the configuration validates nothing (as the web client's field editor).
    }
    if (!ok) return help ?? `${name} does not have the expected format.`;
  }
  switch (field['data-type']) {
    case 'integer':
    case 'real': {
      const number = Number(value);
      const shape = field['data-type'] === 'integer' ? /^[+-]?\d+$/ : /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
      if (!shape.test(value.trim()) || !Number.isFinite(number)) return help ?? `${name} must be a ${field['data-type'] === 'integer' ? 'whole ' : ''}number.`;
      if (field['data-type'] === 'integer' && (number < INTEGER_RANGE.min || number > INTEGER_RANGE.max)) {
        return `${name} must be a whole number from ${INTEGER_RANGE.min} to ${INTEGER_RANGE.max}.`;
      }
      if ((min !== null && number < min) || (max !== null && number > max)) return help ?? `${name} must be between ${min ?? '-∞'} and ${max ?? '∞'}.`;
      break;
    }
    case 'date':
      if (!isCalendarDate(value)) {
        return help ?? `${name} must be an ISO 8601 date (YYYY-MM-DD).`;
      }
      break;
    case 'boolean':
      if (value !== 'true' && value !== 'false') return `${name} must be "true" or "false".`;
      break;
  }
  const choices = (field.values ?? []).map((choice) => (typeof choice === 'string' ? choice : choice.value));
  const freeInput = description.editor === 'input-dropdown' || description.editor === 'date-dropdown';
  if (choices.length > 0 && !freeInput && !choices.includes(value)) return `${name} must be one of: ${choices.join(', ')}.`;
  return undefined;
}

/**
 * Checks edits against a metadata view and normalizes them (issue 5; FotoWeb API, Updating metadata on an asset):
 * the field must be in the view and `isWritable`; a bag takes a string (one value) or an array, a single field only
 * a string; values are trimmed, empty bag items and duplicates dropped; each value must fit `max-size`
 * (characters), `validation.regexp`, the data type (`integer` within 32 bits and `real` finite, both with
 * `min`/`max`; an ISO 8601 `date` that exists on the calendar; `boolean`),
 * a dropdown's `values`, and `required` fields must not be cleared. Line breaks only in `multiline` fields.
 *
 * @param edits - field id → `{value}` as received.
 * @param pathOf - the issue path of a field id (e.g. `metadata.5`).
 * @returns the normalized edits and every problem found (empty when all fields pass).
 */
export function validateEdits(
  view: MetadataViewUpdate,
  edits: Record<string, { value: string | string[] }>,
  pathOf: (fieldId: string) => string,
): { edits: FieldEdits; issues: FieldIssue[] } {
  const fields = fieldsOfView(view);
  const result: FieldEdits = {};
  const issues: FieldIssue[] = [];
  for (const [id, { value }] of Object.entries(edits)) {
    const path = pathOf(id);
    const description = fields.get(String(Number(id)));
    if (!description) {
      issues.push({ path, message: `Field ${id} is not in this archive's metadata view.` });
      continue;
    }
    const name = `${description.field.label} (${description.field.id})`;
    if (!description.isWritable) {
      issues.push({ path, message: `${name} is read-only.` });
      continue;
    }
    let normalized: string | string[];
    if (description.field['multi-instance']) {
      const list = (Array.isArray(value) ? value : [value]).map((item) => item.trim()).filter((item) => item !== '');
      normalized = [...new Set(list)];
    } else if (Array.isArray(value)) {
      issues.push({ path, message: `${name} holds one value, not a list.` });
      continue;
    } else {
      normalized = value.trim();
    }
    const values = Array.isArray(normalized) ? normalized : normalized === '' ? [] : [normalized];
    if (values.length === 0 && description.required) {
      issues.push({ path, message: description.field.validation.helpText ?? `${name} is required.` });
      continue;
    }
    const problem = values.map((item) => checkValue(description, item)).find((message) => message !== undefined);
    if (problem) issues.push({ path, message: problem });
    else result[String(description.field.id)] = normalized;
  }
  return { edits: result, issues };
}

const isEmpty = (value: string | string[] | undefined | null) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** `metadata` with `edits` applied: empty values remove the field. */
export function applyEdits(metadata: FieldValues, edits: FieldEdits): FieldValues {
  const next: FieldValues = { ...metadata };
  for (const [id, value] of Object.entries(edits)) {
    if (isEmpty(value)) delete next[id];
    else next[id] = value;
  }
  return next;
}

/** The fields whose values differ between two snapshots, by numeric field id (null: empty). */
export function diffMetadata(before: FieldValues, after: FieldValues): StoredFieldChange[] {
  const ids = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((a, b) => Number(a) - Number(b));
  return ids
    .filter((id) => JSON.stringify(before[id] ?? null) !== JSON.stringify(after[id] ?? null))
    .filter((id) => !(isEmpty(before[id]) && isEmpty(after[id])))
    .map((id) => ({ field: Number(id), before: isEmpty(before[id]) ? null : before[id]!, after: isEmpty(after[id]) ? null : after[id]! }));
}
