/**
 * FotoWeb search expressions, first version (fotoweb-api-notes §5): free words and quoted phrases, and field
 * predicates `<fieldId>:value` / `<fieldId>:"a phrase"`, AND-ed when adjacent. The result is an AST so the full
 * grammar (OR, NOT, parentheses, ranges, special predicates) can grow here without touching the query builder's
 * callers.
 */
export type SearchNode =
  | { type: 'and'; children: SearchNode[] }
  | { type: 'text'; value: string }
  | { type: 'field'; field: string; value: string };

/** Longest accepted expression in characters; longer ones are refused with 400 (never a 500). */
export const MAX_EXPRESSION_LENGTH = 2000;

/** Raised for an expression that cannot be parsed: answered as 400 `InvalidSearchExpression` (spec 02 §8). */
export class InvalidSearchExpressionError extends Error {
  readonly value = 'InvalidSearchExpression';
  constructor(message: string) {
    super(message);
  }
}

const TOKEN = /\s*(?:(\d+):(?:"([^"]*)"|(\S+))|"([^"]*)"|(\S+))/y;

/**
 * Parses an expression into an AST, or answers undefined for a blank one.
 * @throws InvalidSearchExpressionError for an unterminated quote or an over-long expression.
 */
export function parseSearchExpression(input: string): SearchNode | undefined {
  if (input.length > MAX_EXPRESSION_LENGTH) throw new InvalidSearchExpressionError(`The search is longer than ${MAX_EXPRESSION_LENGTH} characters.`);
  if ((input.match(/"/g)?.length ?? 0) % 2 === 1) throw new InvalidSearchExpressionError('A quoted phrase is not closed.');
  const children: SearchNode[] = [];
  TOKEN.lastIndex = 0;
  let match: RegExpExecArray | null;
  while (TOKEN.lastIndex < input.length && (match = TOKEN.exec(input))) {
    const [, field, fieldPhrase, fieldWord, phrase, word] = match;
    if (field !== undefined) {
      const value = (fieldPhrase ?? fieldWord ?? '').trim();
      if (value) children.push({ type: 'field', field, value });
    } else {
      const value = (phrase ?? word ?? '').trim();
      if (value && !/^(AND)$/.test(value)) children.push({ type: 'text', value });
    }
    if (/^\s*$/.test(input.slice(TOKEN.lastIndex))) break;
  }
  if (children.length === 0) return undefined;
  return children.length === 1 ? children[0] : { type: 'and', children };
}

/** The normalised form echoed as a collection's `searchQuery` (FotoWeb style: predicates quoted, AND spelled out). */
export function normaliseSearchExpression(node: SearchNode | undefined): string {
  if (!node) return '';
  switch (node.type) {
    case 'text':
      return `"${node.value}"`;
    case 'field':
      return `${node.field}:"${node.value}"`;
    case 'and':
      return node.children.map((c) => (c.type === 'and' ? `(${normaliseSearchExpression(c)})` : normaliseSearchExpression(c))).join(' AND ');
  }
}
