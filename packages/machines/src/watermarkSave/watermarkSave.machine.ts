/**
 * Creating and changing a watermark (issue 16 watermarks; dam.yaml `createWatermark`, `updateWatermark`,
 * `WatermarkInput`).
 *
 * {@link createFormSaveMachine} with the watermark dialog's rules: the name is required (trimmed, at most 100
 * characters); the image (a `data:` URL the dialog reads from the chosen file) is required when creating and optional
 * when editing (none chosen keeps the current one), a PNG, JPEG or WebP of at most 512 KiB decoded; the position one of
 * {@link WATERMARK_POSITIONS}; the opacity and the scale whole percentages 1–100. The problems name their field so the
 * dialog shows each next to it. A watermark is replaced whole (PUT), so an edit sends every value when anything
 * changed (the image only when a new one was chosen) and makes no call when nothing did. The DAM's own reasons are
 * shown as it words them: 409 `Conflict` for a name another watermark has, 400 for an image it cannot use (more than
 * 4,000 px a side, not readable) ({@link watermarkErrorField} says which field they belong to).
 */
import type { Dam } from '@magpie/api-types';
import { createFormSaveMachine, type FormSaveCallInput, type FormSaveInput } from '../formSave/createFormSaveMachine.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import type { UserSaveRequestError } from '../userSave/userSave.machine.ts';

/** The body the DAM takes (dam.yaml `WatermarkInput`). */
export type WatermarkBody = Dam.components['schemas']['WatermarkInput'];
/** Where a watermark is stamped (dam.yaml `WatermarkPosition`): a corner, the centre, or `tile` over the whole image. */
export type WatermarkPosition = Dam.components['schemas']['WatermarkPosition'];

// A record, so that the compiler asks for every position the contract has (zod's WATERMARK_POSITIONS stays server-side).
const POSITIONS: Readonly<Record<WatermarkPosition, true>> = { center: true, 'top-left': true, 'top-right': true, 'bottom-left': true, 'bottom-right': true, tile: true };
/** Every position (dam.yaml `WatermarkPosition`), in the order the dialog offers them. */
export const WATERMARK_POSITIONS = Object.keys(POSITIONS) as readonly WatermarkPosition[];

/** The longest name the DAM keeps (characters). */
export const WATERMARK_NAME_MAX = 100;
/** The largest image the DAM takes (bytes, decoded: 512 KiB; dam.yaml `WatermarkInput.image`). */
export const WATERMARK_IMAGE_MAX_BYTES = 512 * 1024;
/** The media types the DAM reads a watermark image from (dam.yaml `WatermarkInput.image`), as the file input's `accept`. */
export const WATERMARK_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp'];

/** The fields of the dialog a message can belong to. */
export type WatermarkField = 'name' | 'image' | 'position' | 'opacity' | 'scale';

/** A problem of the dialog's values: the field it belongs to and what to say. */
export interface WatermarkProblem {
  readonly field: WatermarkField;
  readonly message: string;
}

/** The dialog's values as typed: the opacity and scale as the text of their inputs. */
export interface WatermarkFormValues {
  readonly name: string;
  /** The chosen image as a `data:` URL (`data:image/png;base64,…`), or null: none chosen (editing: keep the current one). */
  readonly image: string | null;
  readonly position: WatermarkPosition;
  /** 1–100 (%), as typed. */
  readonly opacity: string;
  /** The watermark's width in % (1–100) of the stamped image's width, as typed. */
  readonly scale: string;
}

/** A watermark as the DAM answers it (dam.yaml `Watermark`): what the dialog starts from when editing. */
export interface WatermarkSource {
  readonly href: string;
  readonly name: string;
  readonly position: WatermarkPosition;
  /** Percent, 1–100. */
  readonly opacity: number;
  /** Percent of the image's width, 1–100. */
  readonly scale: number;
}

export const WATERMARK_NAME_REQUIRED = 'Give the watermark a name.';
export const WATERMARK_NAME_TOO_LONG = `The name may have at most ${WATERMARK_NAME_MAX} characters.`;
export const WATERMARK_IMAGE_REQUIRED = 'Choose an image: a PNG, JPEG or WebP file.';
export const WATERMARK_IMAGE_TYPE_INVALID = 'The image must be a PNG, JPEG or WebP file.';
export const WATERMARK_IMAGE_TOO_LARGE = `The image must be at most ${WATERMARK_IMAGE_MAX_BYTES / 1024} KiB.`;
export const WATERMARK_POSITION_INVALID = 'Choose where the watermark goes.';
export const WATERMARK_OPACITY_INVALID = 'The opacity is a whole number from 1 to 100 (%).';
export const WATERMARK_SCALE_INVALID = 'The width is a whole number from 1 to 100 (% of the image’s width).';
/** 403 without the DAM's own words. */
export const WATERMARK_FORBIDDEN_TEXT = 'You need the “Manage archives” permission to manage watermarks.';
/** 404 on a change: the watermark was deleted meanwhile. */
export const WATERMARK_GONE_TEXT = 'This watermark no longer exists; it was deleted meanwhile.';
/** 409 or 400 without the DAM's own words. */
export const WATERMARK_REFUSED_TEXT = 'The watermark could not be saved: some values are not valid.';

/** The dialog's values for a watermark (no new image chosen), or for a new one (bottom right, 50 %, 25 % wide). */
export function watermarkValues(watermark: WatermarkSource | undefined): WatermarkFormValues {
  if (!watermark) return { name: '', image: null, position: 'bottom-right', opacity: '50', scale: '25' };
  return { name: watermark.name, image: null, position: watermark.position, opacity: String(watermark.opacity), scale: String(watermark.scale) };
}

/** A whole number from 1 to 100 typed as decimal digits, else undefined. */
function percent(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= 100 ? value : undefined;
}

/**
 * The decoded size (bytes) of a base64 `data:` URL's payload, and its media type; undefined when `image` is no base64
 * `data:` URL.
 */
export function dataUrlImage(image: string): { readonly type: string; readonly bytes: number } | undefined {
  const match = /^data:([^;,]*)(?:;[^;,]*)*;base64,([A-Za-z0-9+/]*={0,2})$/.exec(image);
  if (!match) return undefined;
  const payload = match[2]!;
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return { type: match[1]!.toLowerCase(), bytes: Math.floor((payload.length * 3) / 4) - padding };
}

/**
 * The problem of a chosen image (a `data:` URL), or undefined: not a PNG, JPEG or WebP ({@link WATERMARK_IMAGE_TYPES}),
 * or larger than {@link WATERMARK_IMAGE_MAX_BYTES} decoded. Its pixel size (at most 4,000 px a side) is the DAM's to
 * check (400 at `image`).
 */
export function watermarkImageProblem(image: string): string | undefined {
  const read = dataUrlImage(image);
  if (!read || !WATERMARK_IMAGE_TYPES.includes(read.type)) return WATERMARK_IMAGE_TYPE_INVALID;
  return read.bytes > WATERMARK_IMAGE_MAX_BYTES ? WATERMARK_IMAGE_TOO_LARGE : undefined;
}

/**
 * The problems of the values, each naming its field; empty when they may be sent. `original` is undefined when
 * creating, where an image is required.
 */
export function watermarkProblems(values: WatermarkFormValues, original?: WatermarkFormValues): WatermarkProblem[] {
  const problems: WatermarkProblem[] = [];
  const name = values.name.trim();
  if (name === '') problems.push({ field: 'name', message: WATERMARK_NAME_REQUIRED });
  else if (name.length > WATERMARK_NAME_MAX) problems.push({ field: 'name', message: WATERMARK_NAME_TOO_LONG });
  if (values.image === null) {
    if (original === undefined) problems.push({ field: 'image', message: WATERMARK_IMAGE_REQUIRED });
  } else {
    const problem = watermarkImageProblem(values.image);
    if (problem !== undefined) problems.push({ field: 'image', message: problem });
  }
  if (!WATERMARK_POSITIONS.includes(values.position)) problems.push({ field: 'position', message: WATERMARK_POSITION_INVALID });
  if (percent(values.opacity) === undefined) problems.push({ field: 'opacity', message: WATERMARK_OPACITY_INVALID });
  if (percent(values.scale) === undefined) problems.push({ field: 'scale', message: WATERMARK_SCALE_INVALID });
  return problems;
}

/** The body for the DAM (name trimmed, the image only when one was chosen); meant for values without problems. */
export function watermarkBody(values: WatermarkFormValues): WatermarkBody {
  return {
    name: values.name.trim(),
    position: values.position,
    opacity: Number(values.opacity.trim()),
    scale: Number(values.scale.trim()),
    ...(values.image === null ? {} : { image: values.image }),
  };
}

/** What an edit sends: the whole body when anything changed (the DAM replaces a watermark whole), else `{}`. */
export type WatermarkChange = WatermarkBody | Record<string, never>;

/** True when the change is a whole body (something changed), false for `{}`. */
export function isWholeWatermark(change: WatermarkChange): change is WatermarkBody {
  return Object.keys(change).length > 0;
}

/** {@link WatermarkChange} between the values the dialog started from and those it has now; a new image is a change. */
export function watermarkChange(original: WatermarkFormValues, values: WatermarkFormValues): WatermarkChange {
  const next = watermarkBody(values);
  return JSON.stringify(watermarkBody(original)) === JSON.stringify(next) ? {} : next;
}

/** The error body's own message (its field issues joined, else its `message`), when it has one. */
function damMessage(body: UserSaveRequestError['responseJSON']): string | undefined {
  const issues = (body?.issues ?? []).map((issue) => issue.message).filter((m): m is string => typeof m === 'string' && m !== '');
  if (issues.length > 0) return issues.join(' ');
  return typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : undefined;
}

/**
 * The message of a failed create or change, from an HTTP error `{status, responseJSON}`: 409 and 400 → the DAM's
 * message (its field issues when it lists some), else {@link WATERMARK_REFUSED_TEXT}; 403 → the DAM's message, else
 * {@link WATERMARK_FORBIDDEN_TEXT}; 404 → {@link WATERMARK_GONE_TEXT}; anything else the general error.
 */
export function watermarkErrorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null || !('status' in error)) return DEFAULT_ERROR_MESSAGE;
  const { status, responseJSON } = error as UserSaveRequestError;
  if (status === 409 || status === 400) return damMessage(responseJSON) ?? WATERMARK_REFUSED_TEXT;
  if (status === 403) return damMessage(responseJSON) ?? WATERMARK_FORBIDDEN_TEXT;
  if (status === 404) return WATERMARK_GONE_TEXT;
  return DEFAULT_ERROR_MESSAGE;
}

const FIELDS: readonly WatermarkField[] = ['name', 'image', 'position', 'opacity', 'scale'];

/**
 * The field a failed call's message belongs to, so the dialog shows it there: 409 → `name` (the only unique value);
 * 400 → the field of the first issue whose `path` names one (`image` for an image the DAM cannot use); otherwise
 * undefined (shown for the whole form).
 */
export function watermarkErrorField(error: unknown): WatermarkField | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const { status, responseJSON } = error as { status?: number; responseJSON?: { issues?: readonly { path?: unknown }[] } | null };
  if (status === 409) return 'name';
  if (status !== 400) return undefined;
  for (const issue of responseJSON?.issues ?? []) {
    const head = typeof issue.path === 'string' ? issue.path.split(/[./[]/)[0] : undefined;
    if (head !== undefined && (FIELDS as readonly string[]).includes(head)) return head as WatermarkField;
  }
  return undefined;
}

/** What the injected `save` actor resolves with: the saved watermark (its `href` at least). */
export interface SavedWatermark {
  readonly href: string;
}

/** Input of the injected `save` actor: POST the body to `listHref`, or PUT the whole body to the watermark's `href`. */
export type SaveWatermarkInput = FormSaveCallInput<WatermarkBody, WatermarkChange>;
/** Input of {@link watermarkSaveMachine}: add at `/fotoweb/api/watermarks`, or edit a watermark. */
export type WatermarkSaveInput = FormSaveInput<WatermarkFormValues, SavedWatermark>;

/**
 * The watermark dialog's save machine: editing → validating → saving → saved, back to editing with the problems, or
 * to error with the DAM's reason (SAVE retries). Provide `save` with `.provide({actors: {save}})`:
 * {@link SaveWatermarkInput} → {@link SavedWatermark}, rejecting with `{status, responseJSON}`. `saveMemberships` is
 * never run (a watermark has no membership lists).
 */
export const watermarkSaveMachine = createFormSaveMachine<WatermarkFormValues, WatermarkProblem, WatermarkBody, WatermarkChange, SavedWatermark>({
  id: 'watermarkSave',
  problems: watermarkProblems,
  createBody: watermarkBody,
  patch: watermarkChange,
  errorMessage: watermarkErrorMessage,
});
