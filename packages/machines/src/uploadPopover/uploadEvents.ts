import type { UploadFailure } from './types.ts';

/**
 * The upload widget events, registered once (spec 01 §4 Upload popover: "Upload events: filesUploaded,
 * filesUploadedError, uploadStart, uploadEnd, selectionWidgetCancel").
 *
 * The popover machine emits only these (listen with `actor.on(name, handler)`); anything that turns a name
 * coming from outside the type system (a `postMessage` from the upload frame, a string in a config) into an
 * event must pass it through {@link assertUploadEventName} first.
 */
export const UPLOAD_EVENTS = ['filesUploaded', 'filesUploadedError', 'uploadStart', 'uploadEnd', 'selectionWidgetCancel'] as const; // spec 01 §4

/** One of the registered {@link UPLOAD_EVENTS} names. */
export type UploadEventName = (typeof UPLOAD_EVENTS)[number];

const REGISTERED: ReadonlySet<string> = new Set(UPLOAD_EVENTS);

/**
 * Raised when code tries to emit an upload event whose name is not in {@link UPLOAD_EVENTS}
 * (spec 01 §4: "Emitting an unregistered event name throws"). `eventName` holds the offending name.
 */
export class UnknownUploadEventError extends Error {
  override readonly name = 'UnknownUploadEventError';
  /** The name that is not registered. */
  readonly eventName: string;

  /** @param eventName - the unregistered name; it appears in the message together with the registered ones. */
  constructor(eventName: string) {
    super(`Unknown upload event "${eventName}"; registered events are: ${UPLOAD_EVENTS.join(', ')}`);
    this.eventName = eventName;
  }
}

/** `true` when `name` is one of {@link UPLOAD_EVENTS}. Case-sensitive, never throws. */
export function isUploadEventName(name: string): name is UploadEventName {
  return REGISTERED.has(name);
}

/**
 * Narrows `name` to a registered upload event name.
 *
 * @throws {UnknownUploadEventError} when `name` is not in {@link UPLOAD_EVENTS} (spec 01 §4).
 */
export function assertUploadEventName(name: string): asserts name is UploadEventName {
  if (!isUploadEventName(name)) throw new UnknownUploadEventError(name);
}

/** An asset created by one file of the run: the popover's file id, its name and the new asset's href. */
export interface UploadedAsset {
  readonly fileId: string;
  readonly name: string;
  readonly assetUrl: string;
}

/** A file of the run that failed, with the failure shown next to its retry link (spec 01 §8). */
export interface FailedUpload {
  readonly fileId: string;
  readonly name: string;
  readonly error: UploadFailure;
}

/**
 * The events the upload popover machine emits, one per registered name (spec 01 §4). Every payload carries the
 * `destination` collection href so a listener can refresh exactly that collection.
 *
 * - `uploadStart`: a run begins (popover enters `uploading`); `fileIds` are the files queued at that moment.
 * - `filesUploaded`: the run ended and at least one file became an asset; `assets` lists them.
 * - `filesUploadedError`: the run ended and at least one file failed; `failures` lists them.
 * - `uploadEnd`: the run ended (always last, after the two above); counts are for this run only.
 * - `selectionWidgetCancel`: the user dismissed the file picker without choosing files.
 */
export type UploadEmittedEvent =
  | { type: 'uploadStart'; destination: string; fileIds: readonly string[] }
  | { type: 'filesUploaded'; destination: string; assets: readonly UploadedAsset[] }
  | { type: 'filesUploadedError'; destination: string; failures: readonly FailedUpload[] }
  | { type: 'uploadEnd'; destination: string; uploaded: number; failed: number }
  | { type: 'selectionWidgetCancel'; destination: string };
