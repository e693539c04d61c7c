/**
 * `text` with LIKE's wildcards (`%`, `_`) and escape character (`\`) escaped, for a pattern that matches it literally
 * (PostgreSQL's default escape character is `\`). The one helper every repository uses.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
