/**
 * Error texts and asset warnings never carry server paths (issue 9): tools (ExifTool, libvips, node:fs) name the
 * file they worked on by its local path, which tells a caller where the data folder is. The full text goes to the
 * server log; callers see it with the paths replaced.
 */

/** What an absolute path that is not a known one becomes. */
export const REDACTED_PATH = '[path]';

// An absolute POSIX path: a `/` that does not follow a letter, digit, `.`, `~`, `-` or `/` (so `image/jpeg`,
// `1/2`, `Text/EXIF` and `KB/s` stay), then everything up to a space, quote, bracket or separator. `file:///x`
// loses its path too.
const ABSOLUTE_PATH = /(?<![\w.~\-/])\/[^\s'"`<>|,;()[\]{}]+/g;

/**
 * `text` without server paths: each `known` path (longest first) becomes its given words (e.g. the upload's file
 * name), then any other absolute path becomes {@link REDACTED_PATH}.
 * @param known - pairs of [local path, replacement words]; empty paths are ignored.
 */
export function withoutServerPaths(text: string, known: ReadonlyArray<readonly [string, string]> = []): string {
  let result = text;
  for (const [local, words] of [...known].filter(([local]) => local.length > 1).sort((a, b) => b[0].length - a[0].length)) {
    result = result.split(local).join(words);
  }
  return result.replace(ABSOLUTE_PATH, REDACTED_PATH);
}
