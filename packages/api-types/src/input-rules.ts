/**
 * The input rules every string and JSON body meets before it reaches a handler, shared by the DAM's input gate
 * (`apps/dam/src/http/input-gate.ts`) and the BFF's `validate` plugin (issue 9, "One input gate for every route").
 *
 * - Text: no NUL (U+0000) and no lone UTF-16 surrogate (U+D800–U+DFFF without its pair). PostgreSQL's `text` and
 *   `jsonb` refuse both, so letting them in turns a caller's typo into a 500; no real name, value or search needs
 *   them. Other control characters are each field's rule (file names, metadata fields), not the gate's.
 * - JSON: at most {@link MAX_JSON_DEPTH} levels of nested arrays and objects. Checked on the text before parsing
 *   and again on parsed values, both without recursion, so a body nested 100,000 levels deep costs one linear
 *   scan and can never overflow the stack of a later `JSON.stringify`, zod or PostgreSQL.
 *
 * Pure functions: no Node.js or browser API.
 */

/** Deepest nesting of arrays and objects accepted in a JSON body (levels; `{"a":[1]}` is 2). */
export const MAX_JSON_DEPTH = 64;

// NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with a string: a NUL character or a lone UTF-16 surrogate. */
export type ForbiddenText = 'nul' | 'lone-surrogate';

/** Words for each {@link ForbiddenText}, used in error messages. */
const FORBIDDEN_TEXT_WORDS: Record<ForbiddenText, string> = {
  nul: 'a NUL character (U+0000)',
  'lone-surrogate': 'a lone UTF-16 surrogate (U+D800–U+DFFF without its pair)',
};

/** The first forbidden character of `text` (see the module comment), or undefined when `text` is acceptable. */
export function forbiddenTextIn(text: string): ForbiddenText | undefined {
  const match = FORBIDDEN_TEXT.exec(text);
  if (match === null) return undefined;
  return match[0] === '\u0000' ? 'nul' : 'lone-surrogate';
}

/** True when `text` holds neither NUL nor a lone surrogate (for zod `.refine`). */
export function isAcceptableText(text: string): boolean {
  return !FORBIDDEN_TEXT.test(text);
}

/**
 * Whether JSON text nests arrays and objects deeper than `limit` levels. Scans the text once, skipping strings;
 * it never parses, so it is safe on any input (malformed JSON is the parser's to refuse).
 */
export function jsonNestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Where a value came from, for messages: `query parameter "q"`, `body field "data.intranet.a"`. */
export type InputPart = 'path' | 'query' | 'body';

/** One problem found by {@link findInputProblem}: an `ErrorBody` issue `{path, message}`. */
export interface InputProblem {
  /** Dotted path inside the part (`data.intranet.a`, `q`, `0.href`); '' for the part itself. */
  path: string;
  message: string;
}

const PART_WORDS: Record<InputPart, [whole: string, field: string]> = {
  path: ['The path', 'The path parameter'],
  query: ['The query', 'The query parameter'],
  body: ['The body', 'The body field'],
};

/** Longest path shown in a message (characters); longer ones are cut, the key names are the caller's own. */
const MAX_SHOWN_PATH = 120;

interface Pending {
  value: unknown;
  key: string | undefined;
  parent: Pending | undefined;
  depth: number;
}

function pathOf(node: Pending | undefined, last?: string): string {
  const keys: string[] = last === undefined ? [] : [last];
  for (let n = node; n !== undefined && n.key !== undefined; n = n.parent) keys.push(n.key);
  return keys.reverse().join('.');
}

function describe(part: InputPart, path: string): string {
  const [whole, field] = PART_WORDS[part];
  if (path === '') return whole;
  const shown = path.length > MAX_SHOWN_PATH ? `${path.slice(0, MAX_SHOWN_PATH)}…` : path;
  // eslint-disable-next-line no-control-regex -- lone controls and surrogates are what this replaces
  return `${field} "${shown.replace(/[\u0000-\u001f\u007f\ud800-\udfff]/g, '\ufffd')}"`;
}

/**
 * A string (value or object key) of a parsed request part holding NUL or a lone surrogate, or a nesting deeper
 * than `maxDepth`; undefined when the whole value is acceptable. Walks with an explicit stack, never recursion,
 * allocating only for nested arrays and objects, and never echoes the offending value.
 *
 * @param value  Parsed path parameters, query object or body (JSON or form fields).
 * @param part  Where it came from, for the message.
 * @param maxDepth  Deepest nesting accepted (levels), default {@link MAX_JSON_DEPTH}.
 */
export function findInputProblem(value: unknown, part: InputPart, maxDepth: number = MAX_JSON_DEPTH): InputProblem | undefined {
  const textProblem = (problem: ForbiddenText, path: string, inKey: boolean): InputProblem => ({
    path,
    message: `${describe(part, path)} ${inKey ? 'has a key that contains' : 'contains'} ${FORBIDDEN_TEXT_WORDS[problem]}, which is not allowed.`,
  });
  if (typeof value === 'string') {
    const problem = forbiddenTextIn(value);
    return problem === undefined ? undefined : textProblem(problem, '', false);
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const stack: Pending[] = [{ value, key: undefined, parent: undefined, depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.depth >= maxDepth) {
      return { path: pathOf(node), message: `${PART_WORDS[part][0]} nests arrays and objects deeper than ${maxDepth} levels.` };
    }
    const current = node.value as object;
    const isArray = Array.isArray(current);
    const keys = isArray ? undefined : Object.keys(current);
    const length = isArray ? (current as unknown[]).length : keys!.length;
    for (let i = length - 1; i >= 0; i--) {
      const key = isArray ? String(i) : keys![i]!;
      const item: unknown = isArray ? (current as unknown[])[i] : (current as Record<string, unknown>)[key];
      if (!isArray) {
        const problem = forbiddenTextIn(key);
        if (problem !== undefined) return textProblem(problem, pathOf(node), true);
      }
      if (typeof item === 'string') {
        const problem = forbiddenTextIn(item);
        if (problem !== undefined) return textProblem(problem, pathOf(node, key), false);
      } else if (typeof item === 'object' && item !== null) {
        stack.push({ value: item, key, parent: node, depth: node.depth + 1 });
      }
    }
  }
  return undefined;
}
