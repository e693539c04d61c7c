/**
 * FotoWeb search expressions (fotoweb-api-notes §5; issue #4): free words and quoted phrases; field predicates
 * `<fieldId>:value` and `<fieldId>:"a phrase"`; `AND`, `OR`, `|`, `NOT` and parentheses, with an implicit AND
 * between adjacent terms; ranges `<key>:min~~max` and the open forms `<key>f:min` / `<key>t:max`; the special
 * predicates `fn` (file name, `*` wildcards), `dn` (folder), `fp` (full path), `dt` (doctype), `o` (orientation),
 * `cs` (colour space), `ms` (metadata status), `s` (storage), `fs` (file size in MB), `pw`/`ph` (pixels) and the
 * dates `mt` (modified), `it` (IPTC date created), `rt` (received), `ct` (camera time); the empty-value form
 * `25:""`. The parser answers an AST or throws {@link InvalidSearchExpressionError}, never anything else.
 */

import { forbiddenTextIn } from '@magpie/api-types/schemas';
import {
  isChoiceKey,
  isRangeKey,
  MAX_EXPRESSION_LENGTH,
  rangeValueProblem,
  SEARCH_CHOICES,
  TEXT_KEYS,
  type ChoiceKey,
  type RangeKey,
  type TextKey,
} from '@magpie/api-types/search-params';

// The keys, their values and their ranges are the contract's search language (@magpie/api-types/search-params).
export { MAX_EXPRESSION_LENGTH };
export type { RangeKey, TextKey };
/** A key that takes one value from a closed list ({@link SEARCH_CHOICES}). */
export type EnumKey = ChoiceKey;

/** A search AST node. `field` is a FotoWeb field id (digits). */
export type SearchNode =
  | { type: 'and'; children: SearchNode[] }
  | { type: 'or'; children: SearchNode[] }
  | { type: 'not'; child: SearchNode }
  | { type: 'text'; value: string }
  | { type: 'field'; field: string; value: string }
  | { type: 'fieldRange'; field: string; from?: string; to?: string }
  | { type: 'special'; key: TextKey | EnumKey; value: string }
  | { type: 'range'; key: RangeKey; from?: string; to?: string };

/** Deepest nesting of parentheses and NOTs accepted (guards the recursive parser). */
export const MAX_DEPTH = 32;

/** An expression that cannot be parsed: answered as 400 `InvalidSearchExpression` (spec 02 §8). */
export class InvalidSearchExpressionError extends Error {
  readonly value = 'InvalidSearchExpression';
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSearchExpressionError';
  }
}

type Token =
  { kind: 'lparen' | 'rparen' | 'or' | 'and' | 'not' } | { kind: 'term'; text: string; quoted: boolean } | { kind: 'predicate'; key: string; value: string; quoted: boolean };

const DELIMITERS = new Set(['(', ')', '|', '"']);

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v' || c === '\u00a0';
}

function readQuoted(input: string, start: number): { text: string; end: number } {
  const close = input.indexOf('"', start + 1);
  if (close < 0) throw new InvalidSearchExpressionError('A quoted phrase is not closed.');
  return { text: input.slice(start + 1, close), end: close + 1 };
}

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    if (isSpace(c)) {
      i++;
    } else if (c === '(') {
      tokens.push({ kind: 'lparen' });
      i++;
    } else if (c === ')') {
      tokens.push({ kind: 'rparen' });
      i++;
    } else if (c === '|') {
      tokens.push({ kind: 'or' });
      i++;
    } else if (c === '"') {
      const { text, end } = readQuoted(input, i);
      tokens.push({ kind: 'term', text, quoted: true });
      i = end;
    } else {
      let j = i;
      while (j < input.length && !isSpace(input[j]!) && !DELIMITERS.has(input[j]!)) j++;
      const word = input.slice(i, j);
      const colon = word.indexOf(':');
      const key = colon > 0 ? word.slice(0, colon) : '';
      if (colon > 0 && isPredicateKey(key)) {
        if (colon === word.length - 1 && input[j] === '"') {
          const { text, end } = readQuoted(input, j);
          tokens.push({ kind: 'predicate', key, value: text, quoted: true });
          j = end;
        } else {
          tokens.push({ kind: 'predicate', key, value: word.slice(colon + 1), quoted: false });
        }
      } else if (word === 'AND') tokens.push({ kind: 'and' });
      else if (word === 'OR') tokens.push({ kind: 'or' });
      else if (word === 'NOT') tokens.push({ kind: 'not' });
      else tokens.push({ kind: 'term', text: word, quoted: false });
      i = j;
    }
  }
  return tokens;
}

function baseRangeKey(key: string): { key: RangeKey; side: 'from' | 'to' } | undefined {
  const base = key.slice(0, -1);
  if ((key.endsWith('f') || key.endsWith('t')) && isRangeKey(base)) return { key: base as RangeKey, side: key.endsWith('f') ? 'from' : 'to' };
  return undefined;
}

function isPredicateKey(key: string): boolean {
  return /^\d{1,4}$/.test(key) || (TEXT_KEYS as readonly string[]).includes(key) || isChoiceKey(key) || isRangeKey(key) || baseRangeKey(key) !== undefined;
}

/**
 * Checks one bound of a range key against the column it is compared with (`rangeValueProblem`: a calendar date for
 * the date keys; for `pw`/`ph` whole px up to 2,147,483,647; for `fs` MB, fractions allowed, up to 2^43 − 1).
 * @returns the value, unchanged.
 * @throws InvalidSearchExpressionError naming the value and the key otherwise.
 */
export function checkRangeValue(key: RangeKey, value: string): string {
  const problem = rangeValueProblem(key, value);
  if (problem !== undefined) throw new InvalidSearchExpressionError(problem);
  return value;
}

function predicateNode(token: Extract<Token, { kind: 'predicate' }>): SearchNode {
  const { key, value, quoted } = token;
  const ranged = !quoted && value.includes('~~');
  if (/^\d+$/.test(key)) {
    if (ranged) {
      const [from = '', to = ''] = value.split('~~', 2);
      if (!from && !to) throw new InvalidSearchExpressionError(`The range for field ${key} is empty.`);
      return { type: 'fieldRange', field: String(Number(key)), ...(from ? { from } : {}), ...(to ? { to } : {}) };
    }
    if (!quoted && value === '') throw new InvalidSearchExpressionError(`Field ${key} needs a value (use ${key}:"" for an empty field).`);
    return { type: 'field', field: String(Number(key)), value: value.trim() };
  }
  if (isRangeKey(key)) {
    const rangeKey = key;
    if (ranged) {
      const [from = '', to = ''] = value.split('~~', 2);
      if (!from && !to) throw new InvalidSearchExpressionError(`The range for ${key} is empty.`);
      return { type: 'range', key: rangeKey, ...(from ? { from: checkRangeValue(rangeKey, from) } : {}), ...(to ? { to: checkRangeValue(rangeKey, to) } : {}) };
    }
    const exact = checkRangeValue(rangeKey, value);
    return { type: 'range', key: rangeKey, from: exact, to: exact };
  }
  const open = baseRangeKey(key);
  if (open) return { type: 'range', key: open.key, [open.side]: checkRangeValue(open.key, value) };
  if (isChoiceKey(key)) {
    const allowed = SEARCH_CHOICES[key] as readonly string[];
    const normalised = value.trim().toLowerCase();
    if (!allowed.includes(normalised)) throw new InvalidSearchExpressionError(`${key} must be one of ${allowed.join(', ')}.`);
    return { type: 'special', key: key as EnumKey, value: normalised };
  }
  if (!value.trim()) throw new InvalidSearchExpressionError(`${key} needs a value.`);
  return { type: 'special', key: key as TextKey, value: value.trim() };
}

class Parser {
  private position = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  parse(): SearchNode | undefined {
    if (this.tokens.length === 0) return undefined;
    const node = this.parseOr(0);
    if (this.position < this.tokens.length) throw new InvalidSearchExpressionError('A closing parenthesis has no opening one.');
    return node;
  }

  private parseOr(depth: number): SearchNode {
    const children = [this.parseAnd(depth)];
    while (this.peek()?.kind === 'or') {
      this.position++;
      children.push(this.parseAnd(depth));
    }
    return children.length === 1 ? children[0]! : { type: 'or', children };
  }

  private parseAnd(depth: number): SearchNode {
    const children = [this.parseUnary(depth)];
    for (;;) {
      const next = this.peek();
      if (!next || next.kind === 'or' || next.kind === 'rparen') break;
      if (next.kind === 'and') this.position++;
      children.push(this.parseUnary(depth));
    }
    return children.length === 1 ? children[0]! : { type: 'and', children };
  }

  private parseUnary(depth: number): SearchNode {
    if (depth > MAX_DEPTH) throw new InvalidSearchExpressionError(`The search nests deeper than ${MAX_DEPTH} levels.`);
    const token = this.peek();
    if (!token) throw new InvalidSearchExpressionError('The search ends where a term was expected.');
    this.position++;
    switch (token.kind) {
      case 'not':
        return { type: 'not', child: this.parseUnary(depth + 1) };
      case 'lparen': {
        if (this.peek()?.kind === 'rparen') throw new InvalidSearchExpressionError('Empty parentheses.');
        const inner = this.parseOr(depth + 1);
        if (this.peek()?.kind !== 'rparen') throw new InvalidSearchExpressionError('A parenthesis is not closed.');
        this.position++;
        return inner;
      }
      case 'term':
        if (!token.text.trim()) throw new InvalidSearchExpressionError('An empty phrase ("") needs a field, e.g. 25:"".');
        return { type: 'text', value: token.quoted ? token.text.trim() : token.text };
      case 'predicate':
        return predicateNode(token);
      default:
        throw new InvalidSearchExpressionError(`"${token.kind.toUpperCase()}" is not where a term was expected.`);
    }
  }
}

/**
 * Parses an expression into an AST, or answers undefined for a blank one.
 * @throws InvalidSearchExpressionError for any expression that is not well formed (unbalanced quotes or
 *   parentheses, dangling operators, bad range or enumeration values, range values outside their column's range,
 *   over-long or over-deep expressions, NUL or lone surrogates).
 */
export function parseSearchExpression(input: string): SearchNode | undefined {
  if (input.length > MAX_EXPRESSION_LENGTH) throw new InvalidSearchExpressionError(`The search is longer than ${MAX_EXPRESSION_LENGTH} characters.`);
  // The request gate refuses these first; stored expressions (taxonomy custom searches) meet the same rule here.
  if (forbiddenTextIn(input) !== undefined) throw new InvalidSearchExpressionError('The search must not contain NUL characters or lone UTF-16 surrogates.');
  return new Parser(tokenize(input)).parse();
}

function quote(value: string): string {
  return `"${value.replace(/"/g, '')}"`;
}

function wrap(node: SearchNode): string {
  const text = normaliseSearchExpression(node);
  return node.type === 'and' || node.type === 'or' ? `(${text})` : text;
}

/**
 * The normalised form echoed as a collection's `searchQuery`, FotoWeb style: values quoted, operators spelled out,
 * groups parenthesised (`(fn:".gif") OR (fn:".jpg")`, `NOT (25:"notforweb")`). Parsing it again gives the same AST.
 */
export function normaliseSearchExpression(node: SearchNode | undefined): string {
  if (!node) return '';
  switch (node.type) {
    case 'text':
      return quote(node.value);
    case 'field':
      return `${node.field}:${quote(node.value)}`;
    case 'fieldRange':
      return `${node.field}:${node.from ?? ''}~~${node.to ?? ''}`;
    case 'special':
      return `${node.key}:${quote(node.value)}`;
    case 'range':
      return node.from !== undefined && node.from === node.to ? `${node.key}:${node.from}` : `${node.key}:${node.from ?? ''}~~${node.to ?? ''}`;
    case 'not':
      return `NOT ${node.child.type === 'not' ? normaliseSearchExpression(node.child) : `(${normaliseSearchExpression(node.child)})`}`;
    case 'and':
      return node.children.map(wrap).join(' AND ');
    case 'or':
      return node.children.map(wrap).join(' OR ');
  }
}
