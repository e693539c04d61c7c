/**
 * The taxonomy text format (issue #5 "Import a taxonomy from a text file"): one item per line, indentation for
 * hierarchy (tabs or spaces), blank lines ignored. It is also the format Adobe Lightroom exports keywords in:
 * `[Name]` marks a category (an item that cannot be set as a value, acl Navigate and Query) and `{synonym}`
 * lines are skipped.
 *
 * ```
 * Animals
 * 	Mammals
 * 		Bush dog
 * 	[Birds]
 * Places
 * ```
 */

/** Longest item name or value accepted, in characters (longer lines are refused with their line number). */
export const MAX_TAXONOMY_NAME_LENGTH = 255;

/** One parsed item with its children, in file order. */
export interface TaxonomyTextNode {
  name: string;
  /** false for a `[category]` line: the item gets acl Navigate and Query, not Set. */
  settable: boolean;
  /** 1-based line of the file. */
  line: number;
  children: TaxonomyTextNode[];
}

/** A line the format does not allow; `line` is 1-based. */
export class TaxonomyImportError extends Error {
  readonly value = 'InvalidTaxonomyFile';
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Line ${line}: ${message}`);
    this.name = 'TaxonomyImportError';
  }
}

/**
 * Parses the text format into a forest of items. A line's indentation (its leading tabs and spaces, compared as
 * text) must either go one level deeper than the line before it (start with that line's indentation and add to
 * it) or return to the indentation of an enclosing level. Items with the same name under the same parent are
 * merged (names compare case-insensitively), so the result has unique sibling names.
 * @param text  The file's content (UTF-8 decoded; a byte-order mark and CR LF line ends are accepted).
 * @throws TaxonomyImportError with the 1-based line number for indentation that matches no enclosing level, a
 *   first item that is indented deeper than a later one, an empty `[]`, or a name longer than
 *   {@link MAX_TAXONOMY_NAME_LENGTH} characters.
 */
export function parseTaxonomyText(text: string): TaxonomyTextNode[] {
  const roots: TaxonomyTextNode[] = [];
  /** The open levels: their indentation, their items, and the item last named there (a deeper line's parent). */
  const stack: Array<{ indent: string; children: TaxonomyTextNode[]; last: TaxonomyTextNode | undefined }> = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (!raw.trim()) return;
    const indent = /^[\t ]*/.exec(raw)![0];
    const content = raw.slice(indent.length).trim();
    if (content.startsWith('{') && content.endsWith('}')) return; // a Lightroom synonym
    const category = content.startsWith('[') && content.endsWith(']');
    const name = (category ? content.slice(1, -1) : content).trim();
    if (!name) throw new TaxonomyImportError(line, 'an item needs a name.');
    if (name.length > MAX_TAXONOMY_NAME_LENGTH) throw new TaxonomyImportError(line, `the name is longer than ${MAX_TAXONOMY_NAME_LENGTH} characters.`);

    if (stack.length === 0) stack.push({ indent, children: roots, last: undefined });
    let returned = false;
    while (stack.length > 1 && stack.at(-1)!.indent !== indent && !indent.startsWith(stack.at(-1)!.indent)) {
      stack.pop();
      returned = true;
    }
    let level = stack.at(-1)!;
    if (level.indent !== indent) {
      // Deeper only right below the line before; a line that returns must land exactly on an enclosing level.
      const deeper = !returned && indent.startsWith(level.indent) && indent.length > level.indent.length;
      const parent = level.last;
      if (!deeper || !parent) {
        throw new TaxonomyImportError(line, 'the indentation matches no enclosing item (mixed tabs and spaces, or less indented than the first item).');
      }
      level = { indent, children: parent.children, last: undefined };
      stack.push(level);
    }
    let node = level.children.find((n) => n.name.toLowerCase() === name.toLowerCase());
    if (node) node.settable ||= !category;
    else level.children.push((node = { name, settable: !category, line, children: [] }));
    level.last = node;
  });
  return roots;
}

/**
 * The value an item stores when none is given: its name without `<` and `>` (spec 02 §5, the edit modal's rule).
 */
export function valueFromName(name: string): string {
  return name.replace(/[<>]/g, '').trim();
}

/**
 * Splits the file into pieces of whole top-level items (each piece starts at a line as little indented as the first
 * item), each at most `maxChars` characters long unless one item's subtree is longer. The import is idempotent and
 * finds parents by name, so the pieces import one after another as the whole file would (the CLI sends a large file
 * in pieces that fit the DAM's JSON body limit).
 */
export function splitAtTopLevelItems(text: string, maxChars: number): string[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim());
  const topIndent = lines.length > 0 ? /^[\t ]*/.exec(lines[0]!)![0] : '';
  // Each top-level item with the lines below it, then as many whole items per piece as fit.
  const items: string[] = [];
  for (const line of lines) {
    if (items.length === 0 || /^[\t ]*/.exec(line)![0] === topIndent) items.push(line);
    else items[items.length - 1] += `\n${line}`;
  }
  const pieces: string[] = [];
  for (const item of items) {
    const last = pieces.length - 1;
    if (last >= 0 && pieces[last]!.length + 1 + item.length <= maxChars) pieces[last] += `\n${item}`;
    else pieces.push(item);
  }
  return pieces;
}
