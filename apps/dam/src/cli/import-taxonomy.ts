/**
 * `npm run import:taxonomy -- <file> [--field 25] [--name Keyword] [--plural Keywords] [--dam-url http://127.0.0.1:8090]`
 *
 * Imports a taxonomy from a text file (issue #5): one item per line, indentation (tabs or spaces) for hierarchy,
 * blank lines ignored, `[Name]` for a category and `{synonym}` lines skipped (Adobe Lightroom's keyword export).
 * A re-run adds nothing twice. The field's taxonomy is created with `--plural` (and `--name`) when it has none.
 * When a DAM is running at DAM_URL it goes through the DAM's API with the `magpie-cli` client (its secret is in
 * `$MAGPIE_DATA_DIR/secrets.json`); otherwise it opens the database itself (the embedded PGlite database allows
 * one process at a time). Exits 1 with the line number on a malformed file, 2 on bad arguments.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { TaxonomyImportResult } from '@magpie/api-types';
import { loadDamConfig } from '../config.ts';
import { createDamContext } from '../context.ts';
import { CLI_CLIENT_ID } from '../services/bootstrap.service.ts';
import { fetchCliToken } from './cli-token.ts';
import type { TaxonomyNames } from '../taxonomies/taxonomies.service.ts';
import { parseTaxonomyText, splitAtTopLevelItems } from '../taxonomies/text-import.ts';
import { loadSecrets } from '../../../../scripts/secrets.mjs';

/** Largest piece of the file sent in one request (characters): well under the DAM's 1 MiB JSON body limit. */
const CHUNK_CHARS = 256 * 1024;

const USAGE = 'Usage: npm run import:taxonomy -- <file> [--field 25] [--name Keyword] [--plural Keywords] [--dam-url http://127.0.0.1:8090]\n';

/** In-process import as the administrator: opens the database, imports in one transaction, closes. */
async function importInProcess(fieldId: number, text: string, create: TaxonomyNames | undefined): Promise<TaxonomyImportResult> {
  const config = loadDamConfig({ ...process.env, MAGPIE_WORKERS: '0', LOG_LEVEL: 'silent' });
  const ctx = await createDamContext(config, { info() {}, error() {} });
  try {
    const admin = await ctx.repos.users.findByUsername('admin');
    if (!admin) throw new Error('There is no admin user.');
    const caller = {
      userId: admin.id,
      username: admin.username,
      fullName: admin.full_name,
      email: admin.email,
      isSiteOwner: true,
      groupIds: [],
      permissions: new Set<string>(),
      clientId: CLI_CLIENT_ID,
      mustChangePassword: false,
    };
    return await ctx.taxonomies.importText(caller, fieldId, text, create ? { create } : {});
  } finally {
    await ctx.close();
  }
}

/** Import through a running DAM's API: creates the taxonomy first when asked and missing. */
async function importOverHttp(damUrl: string, secret: string, fieldId: number, text: string, create: TaxonomyNames | undefined): Promise<TaxonomyImportResult> {
  const access_token = await fetchCliToken(damUrl, secret);
  const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json', accept: 'application/json' };
  const call = async (url: string, body: unknown) => {
    const res = await fetch(`${damUrl}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  };
  if (create) {
    const created = await call('/fotoweb/api/taxonomies/', { field: fieldId, pluralName: create.pluralName, ...(create.name ? { name: create.name } : {}) });
    if (created.status !== 201 && created.body['value'] !== 'TaxonomyExists') throw new Error(String(created.body['message'] ?? `HTTP ${created.status}`));
  }
  // Checked whole before anything is sent, so a malformed file changes nothing.
  parseTaxonomyText(text);
  const total: TaxonomyImportResult = { field: fieldId, created: 0, existing: 0 };
  for (const piece of splitAtTopLevelItems(text, CHUNK_CHARS)) {
    const imported = await call(`/fotoweb/api/taxonomies/${fieldId}/import`, { text: piece });
    if (imported.status !== 200) throw new Error(String(imported.body['message'] ?? `HTTP ${imported.status}`));
    const result = imported.body as unknown as TaxonomyImportResult;
    total.created += result.created;
    total.existing += result.existing;
  }
  return total;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      field: { type: 'string', default: '25' },
      name: { type: 'string' },
      plural: { type: 'string' },
      'dam-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length !== 1 || !/^[0-9]{1,4}$/.test(values.field!)) {
    process.stdout.write(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const file = path.resolve(positionals[0]!);
  const text = await fsp.readFile(file, 'utf8').catch(() => {
    process.stderr.write(`Cannot read ${file}\n`);
    process.exit(2);
  });
  const fieldId = Number(values.field);
  const create = values.plural ? { pluralName: values.plural, name: values.name } : undefined;
  const damUrl = values['dam-url'] ?? process.env.DAM_URL ?? `http://127.0.0.1:${process.env.DAM_PORT || '8090'}`;
  const running = await fetch(`${damUrl}/fotoweb/health`)
    .then((r) => r.ok)
    .catch(() => false);
  const dataDir = path.resolve(process.env.MAGPIE_DATA_DIR || './data');
  process.stdout.write(`Importing ${file} into the taxonomy of field ${fieldId} ${running ? `through the running DAM at ${damUrl}` : `directly into ${dataDir}`}\n`);
  const summary = running ? await importOverHttp(damUrl, loadSecrets(dataDir).cliClientSecret, fieldId, text, create) : await importInProcess(fieldId, text, create);
  process.stdout.write(`Added ${summary.created} items, already there ${summary.existing}.\n`);
}

main().catch((error: unknown) => {
  const message = (error as Error).message;
  const hint = /has no taxonomy/.test(message) ? ' Give --plural <name> to create it.' : '';
  process.stderr.write(`Taxonomy import failed: ${message}${hint}\n`);
  process.exit(1);
});
