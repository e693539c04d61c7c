/**
 * The DAM server as a library: configuration, the composition root, the Fastify app, and what the benchmarks and
 * the BFF's tests build on.
 */
export { loadDamConfig, type DamConfig } from './config.ts';
export { createDamContext, type DamContext } from './context.ts';
export { buildDamApp } from './app.ts';
export { fieldLexemes, searchDocumentSql } from './search/compile.ts';
/** Kysely's SQL template tag, for callers that build queries on `DamContext.database.db` (benchmarks). */
export { sql } from 'kysely';
