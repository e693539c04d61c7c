import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SearchNode } from './expression.ts';

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Compiles a search AST to a WHERE condition on `assets`. Free text runs against the stored `search_vector`
 * (GIN-indexed) with every word required and the last one matched as a prefix; a field predicate matches when the
 * field's value (or one of a bag's values) contains the text, case-insensitively.
 */
export function compileSearch(eb: ExpressionBuilder<Database, 'assets'>, node: SearchNode): Expression<SqlBool> {
  switch (node.type) {
    case 'and':
      return eb.and(node.children.map((child) => compileSearch(eb, child)));
    case 'text': {
      const words = node.value.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
      if (words.length === 0) return sql<SqlBool>`true`;
      const tsquery = words.map((w) => `${w}:*`).join(' & ');
      return sql<SqlBool>`assets.search_vector @@ to_tsquery('simple', ${tsquery})`;
    }
    case 'field': {
      const pattern = `%${escapeLike(node.value)}%`;
      return sql<SqlBool>`(assets.metadata ->> ${node.field}) ILIKE ${pattern}`;
    }
  }
}

/** The weighted document a row's `search_vector` is made from: title (A), keywords and byline (B), description and file name (C). */
export function searchDocumentSql(fields: { title: string; keywords: string; byline: string; description: string; filename: string }) {
  return sql<string>`
    setweight(to_tsvector('simple', ${fields.title}), 'A') ||
    setweight(to_tsvector('simple', ${fields.keywords}), 'B') ||
    setweight(to_tsvector('simple', ${fields.byline}), 'B') ||
    setweight(to_tsvector('simple', ${fields.description}), 'C') ||
    setweight(to_tsvector('simple', ${fields.filename}), 'C')`;
}
