/**
 * The rules of file and folder names (spec 01 §5; issue 9), without zod, so the web client can check names as it
 * asks for them without shipping the schemas. `schemas.ts` re-exports them for the servers.
 */
import { isAcceptableText } from './input-rules.ts';

/** Characters a file name must not contain (spec 01 §5). */
export const FILENAME_FORBIDDEN_CHARACTERS = /[\\/:*?"<>|]/;
/** The message for a file name with a forbidden character, worded as spec 01 §5. */
export const FILENAME_MESSAGE = 'File name must not contain \\ / : * ? " < > |.';

/** Longest file or folder name, in bytes of its UTF-8 form, extension included (the usual file-system limit). */
export const FILENAME_MAX_BYTES = 255;
/** Control characters a file or folder name must not contain: C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F). */
// eslint-disable-next-line no-control-regex
export const FILENAME_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/**
 * Bidirectional controls a file or folder name must not contain (Unicode UAX #9): the Arabic letter mark U+061C, the
 * marks U+200E/U+200F, the embeddings and overrides U+202A–U+202E and the isolates U+2066–U+2069. They make a name
 * read differently from what it is: `x\u202Egpj.exe` shows as `xexe.jpg`.
 */
export const FILENAME_BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** The message for a name with a control character or a bidirectional control. */
export const FILENAME_CONTROL_MESSAGE = 'File name must not contain control characters or invisible text-direction marks.';
/** The message for a name longer than {@link FILENAME_MAX_BYTES}. */
export const FILENAME_LENGTH_MESSAGE = `File name must be at most ${FILENAME_MAX_BYTES} bytes long in UTF-8, extension included (fewer characters when they are accented or not Latin).`;

/** Bytes of `text` in UTF-8 (a lone surrogate counts as the 3 bytes of U+FFFD, as `TextEncoder` writes it). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function nameProblem(name: string, what: 'File' | 'Folder'): string | undefined {
  const say = (message: string) => (what === 'File' ? message : message.replace(/^File name/, 'Folder name'));
  if (name.trim() === '') return say('File name must not be empty.');
  if (name === '.' || name === '..') return say('File name must not be "." or "..".');
  if (FILENAME_FORBIDDEN_CHARACTERS.test(name)) return say(FILENAME_MESSAGE);
  if (FILENAME_CONTROL_CHARACTERS.test(name) || FILENAME_BIDI_CONTROLS.test(name)) return say(FILENAME_CONTROL_MESSAGE);
  if (!isAcceptableText(name)) return say('File name must not contain lone UTF-16 surrogates.');
  if (utf8ByteLength(name) > FILENAME_MAX_BYTES) return say(FILENAME_LENGTH_MESSAGE);
  return undefined;
}

/**
 * What is wrong with a file name, as the message to show, or undefined when it is acceptable (issue 9; the web's
 * upload popover, the BFF and the DAM all use this rule). In order: empty or only spaces; `.` or `..`; one of
 * `\ / : * ? " < > |` ({@link FILENAME_MESSAGE}, spec 01 §5); a control character or a bidirectional control
 * ({@link FILENAME_CONTROL_MESSAGE}); a lone UTF-16 surrogate; more than {@link FILENAME_MAX_BYTES} bytes in UTF-8
 * ({@link FILENAME_LENGTH_MESSAGE}).
 */
export function filenameProblem(name: string): string | undefined {
  return nameProblem(name, 'File');
}

/** What is wrong with one folder name (a segment of a folder path), worded for folders; the rules of {@link filenameProblem}. */
export function folderNameProblem(name: string): string | undefined {
  return nameProblem(name, 'Folder');
}

/** A file name's extension as `path.extname` reads it (`.jpg`; '' for none, and for a name that starts with its only dot). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
}

/**
 * What is wrong with renaming a file from `current` to `next` (trimmed), as the message to show, or undefined (issue
 * 13: the rename task in the DAM and the Rename dialog in the web client): the rules of {@link filenameProblem}, the
 * extension kept (case aside) so the file stays what it is, and a name other than the current one.
 */
export function renameProblem(current: string, next: string): string | undefined {
  const name = next.trim();
  const problem = filenameProblem(name);
  if (problem) return problem;
  const extension = extensionOf(current).toLowerCase();
  if (extensionOf(name).toLowerCase() !== extension)
    return extension ? `Keep the file's extension: the name ends in ${extension}.` : 'The file has no extension; the new name must not add one.';
  if (name === current) return 'The asset already has this name.';
  return undefined;
}
