/**
 * Creating and changing a processing profile (issue 16 "processing profiles (size, format, quality …) are configured
 * by administrators"; dam.yaml `createProcessingProfile`, `updateProcessingProfile`, `ProcessingProfileInput`).
 *
 * {@link createFormSaveMachine} with the profile dialog's rules: the name is required (trimmed, at most 100
 * characters), the size is the longest side in whole px 1–10,000 unless "Original size" is chosen (sent as null), the
 * quality a whole number 1–100, the format one of jpg, png, tif, webp; "stamp the archive's watermark" is a switch. The problems name their field so the dialog
 * shows each next to it. A profile is replaced whole (PUT), so an edit sends every value when anything changed and
 * makes no call when nothing did. The DAM's own reasons are shown as it words them: 409 `Conflict` for a name another
 * profile has, 400 for values it refuses ({@link processingProfileErrorField} says which field they belong to).
 */
import type { Dam } from '@magpie/api-types';
import { createFormSaveMachine, type FormSaveCallInput, type FormSaveInput } from '../formSave/createFormSaveMachine.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import type { UserSaveRequestError } from '../userSave/userSave.machine.ts';

/** The body the DAM takes (dam.yaml `ProcessingProfileInput`). */
export type ProcessingProfileBody = Dam.components['schemas']['ProcessingProfileInput'];
/** A profile's output format. */
export type ProcessingProfileFormat = ProcessingProfileBody['format'];

/** The formats a profile may produce, in the order the dialog offers them. */
export const PROCESSING_PROFILE_FORMATS: readonly ProcessingProfileFormat[] = ['jpg', 'png', 'tif', 'webp'];
/** The longest side a profile may ask for (px), as the DAM allows. */
export const PROCESSING_PROFILE_MAX_SIZE = 10_000;
/** The longest name the DAM keeps (characters). */
export const PROCESSING_PROFILE_NAME_MAX = 100;

/** The fields of the dialog a message can belong to. */
export type ProcessingProfileField = 'name' | 'size' | 'format' | 'quality';

/** A problem of the dialog's values: the field it belongs to and what to say. */
export interface ProcessingProfileProblem {
  readonly field: ProcessingProfileField;
  readonly message: string;
}

/** The dialog's values as typed: the size and quality as the text of their inputs. */
export interface ProcessingProfileFormValues {
  readonly name: string;
  /** True for "Original size" (sent as `size: null`); `size` is then ignored. */
  readonly originalSize: boolean;
  /** The longest side in px, as typed. */
  readonly size: string;
  readonly format: ProcessingProfileFormat;
  /** 1–100, as typed. */
  readonly quality: string;
  /** Stamp the watermark of the asset's archive on the profile's images. */
  readonly watermark: boolean;
}

/** A profile as the DAM answers it (dam.yaml `ProcessingProfile`): what the dialog starts from when editing. */
export interface ProcessingProfileSource {
  readonly href: string;
  readonly name: string;
  readonly size: number | null;
  readonly format: ProcessingProfileFormat;
  readonly quality: number;
  /** Absent in answers of a DAM before watermarks: false. */
  readonly watermark?: boolean;
}

export const PROFILE_NAME_REQUIRED = 'Give the profile a name.';
export const PROFILE_NAME_TOO_LONG = `The name may have at most ${PROCESSING_PROFILE_NAME_MAX} characters.`;
export const PROFILE_SIZE_INVALID = `The size is a whole number of pixels from 1 to ${PROCESSING_PROFILE_MAX_SIZE.toLocaleString('en')}, or choose “Original size”.`;
export const PROFILE_QUALITY_INVALID = 'The quality is a whole number from 1 to 100.';
export const PROFILE_FORMAT_INVALID = 'Choose jpg, png, tif or webp.';
/** 403 without the DAM's own words. */
export const PROFILE_FORBIDDEN_TEXT = 'You need the “Manage archives” permission to manage processing profiles.';
/** 404 on a change: the profile was deleted meanwhile. */
export const PROFILE_GONE_TEXT = 'This processing profile no longer exists; it was deleted meanwhile.';
/** 409 or 400 without the DAM's own words. */
export const PROFILE_REFUSED_TEXT = 'The processing profile could not be saved: some values are not valid.';

/** The dialog's values for a profile, or for a new one (original size, jpg, quality 80, no watermark). */
export function processingProfileValues(profile: ProcessingProfileSource | undefined): ProcessingProfileFormValues {
  if (!profile) return { name: '', originalSize: true, size: '', format: 'jpg', quality: '80', watermark: false };
  return {
    name: profile.name,
    originalSize: profile.size === null,
    size: profile.size === null ? '' : String(profile.size),
    format: profile.format,
    quality: String(profile.quality),
    watermark: profile.watermark === true,
  };
}

/** A whole number from `min` to `max` typed as decimal digits, else undefined. */
function wholeNumber(text: string, min: number, max: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : undefined;
}

/** The problems of the values, each naming its field; empty when they may be sent. */
export function processingProfileProblems(values: ProcessingProfileFormValues): ProcessingProfileProblem[] {
  const problems: ProcessingProfileProblem[] = [];
  const name = values.name.trim();
  if (name === '') problems.push({ field: 'name', message: PROFILE_NAME_REQUIRED });
  else if (name.length > PROCESSING_PROFILE_NAME_MAX) problems.push({ field: 'name', message: PROFILE_NAME_TOO_LONG });
  if (!values.originalSize && wholeNumber(values.size, 1, PROCESSING_PROFILE_MAX_SIZE) === undefined) problems.push({ field: 'size', message: PROFILE_SIZE_INVALID });
  if (!PROCESSING_PROFILE_FORMATS.includes(values.format)) problems.push({ field: 'format', message: PROFILE_FORMAT_INVALID });
  if (wholeNumber(values.quality, 1, 100) === undefined) problems.push({ field: 'quality', message: PROFILE_QUALITY_INVALID });
  return problems;
}

/** The body for the DAM (name trimmed, size null for the original's size); meant for values without problems. */
export function processingProfileBody(values: ProcessingProfileFormValues): ProcessingProfileBody {
  return {
    name: values.name.trim(),
    size: values.originalSize ? null : Number(values.size.trim()),
    format: values.format,
    quality: Number(values.quality.trim()),
    watermark: values.watermark,
  };
}

/** What an edit sends: the whole body when anything changed (the DAM replaces a profile whole), else `{}`. */
export type ProcessingProfileChange = ProcessingProfileBody | Record<string, never>;

/** True when the change is a whole body (something changed), false for `{}`. */
export function isWholeProcessingProfile(change: ProcessingProfileChange): change is ProcessingProfileBody {
  return Object.keys(change).length > 0;
}

/** {@link ProcessingProfileChange} between the values the dialog started from and those it has now. */
export function processingProfileChange(original: ProcessingProfileFormValues, values: ProcessingProfileFormValues): ProcessingProfileChange {
  const before = processingProfileBody(original);
  const next = processingProfileBody(values);
  return JSON.stringify(before) === JSON.stringify(next) ? {} : next;
}

/** The error body's own message, when it has one. */
function damMessage(body: UserSaveRequestError['responseJSON']): string | undefined {
  const issues = (body?.issues ?? []).map((issue) => issue.message).filter((m): m is string => typeof m === 'string' && m !== '');
  if (issues.length > 0) return issues.join(' ');
  return typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : undefined;
}

/**
 * The message of a failed create or change, from an HTTP error `{status, responseJSON}`: 409 and 400 → the DAM's
 * message (its field issues when it lists some), else {@link PROFILE_REFUSED_TEXT}; 403 → the DAM's message, else
 * {@link PROFILE_FORBIDDEN_TEXT}; 404 → {@link PROFILE_GONE_TEXT}; anything else the general error.
 */
export function processingProfileErrorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null || !('status' in error)) return DEFAULT_ERROR_MESSAGE;
  const { status, responseJSON } = error as UserSaveRequestError;
  if (status === 409 || status === 400) return damMessage(responseJSON) ?? PROFILE_REFUSED_TEXT;
  if (status === 403) return damMessage(responseJSON) ?? PROFILE_FORBIDDEN_TEXT;
  if (status === 404) return PROFILE_GONE_TEXT;
  return DEFAULT_ERROR_MESSAGE;
}

/**
 * The field a failed call's message belongs to, so the dialog shows it there: 409 → `name` (the only unique value);
 * 400 → the field of the first issue whose `path` names one; otherwise undefined (shown for the whole form).
 */
export function processingProfileErrorField(error: unknown): ProcessingProfileField | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const { status, responseJSON } = error as { status?: number; responseJSON?: { issues?: readonly { path?: unknown }[] } | null };
  if (status === 409) return 'name';
  if (status !== 400) return undefined;
  const fields: readonly string[] = ['name', 'size', 'format', 'quality'];
  for (const issue of responseJSON?.issues ?? []) {
    const head = typeof issue.path === 'string' ? issue.path.split(/[./[]/)[0] : undefined;
    if (head !== undefined && fields.includes(head)) return head as ProcessingProfileField;
  }
  return undefined;
}

/** What the injected `save` actor resolves with: the saved profile (its `href` at least). */
export interface SavedProcessingProfile {
  readonly href: string;
}

/** Input of the injected `save` actor: POST the body to `listHref`, or PUT the whole body to the profile's `href`. */
export type SaveProcessingProfileInput = FormSaveCallInput<ProcessingProfileBody, ProcessingProfileChange>;
/** Input of {@link processingProfileSaveMachine}: add at `/fotoweb/api/processing-profiles`, or edit a profile. */
export type ProcessingProfileSaveInput = FormSaveInput<ProcessingProfileFormValues, SavedProcessingProfile>;

/**
 * The processing profile dialog's save machine: editing → validating → saving → saved, back to editing with the
 * problems, or to error with the DAM's reason (SAVE retries). Provide `save` with `.provide({actors: {save}})`:
 * {@link SaveProcessingProfileInput} → {@link SavedProcessingProfile}, rejecting with `{status, responseJSON}`.
 * `saveMemberships` is never run (a profile has no membership lists).
 */
export const processingProfileSaveMachine = createFormSaveMachine<
  ProcessingProfileFormValues,
  ProcessingProfileProblem,
  ProcessingProfileBody,
  ProcessingProfileChange,
  SavedProcessingProfile
>({
  id: 'processingProfileSave',
  problems: processingProfileProblems,
  createBody: processingProfileBody,
  patch: processingProfileChange,
  errorMessage: processingProfileErrorMessage,
});
