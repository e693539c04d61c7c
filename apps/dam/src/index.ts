/**
 * The DAM server as a library: configuration, the composition root, the Fastify app, and what the benchmarks and
 * the BFF's tests build on.
 */
export { loadDamConfig, type DamConfig } from './config.ts';
export { createDamContext, type DamContext } from './context.ts';
export { buildDamApp } from './app.ts';
export { fieldLexemes, searchDocumentSql } from './search/compile.ts';
/** The metadata view every archive starts with (what the BFF's contract tests put back between runs). */
export { DEFAULT_METADATA_VIEW } from './metadata/default-view.ts';
/** Kysely's SQL template tag, for callers that build queries on `DamContext.database.db` (benchmarks). */
export { sql } from 'kysely';
