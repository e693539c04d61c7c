/**
 * `npm run import -- <folder> [--archive Photos] [--dam-url http://127.0.0.1:8090]`
 *
 * Ingests a folder recursively into an archive with a progress bar; a re-run adds nothing twice (duplicates are
 * recognised by content hash). When a DAM is running at DAM_URL it uploads through the DAM's upload API with the
 * `magpie-cli` client (its secret is in `$MAGPIE_DATA_DIR/secrets.json`); otherwise it opens the database itself
 * and ingests in-process (the embedded PGlite database allows one process at a time).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadDamConfig } from '../config.ts';
import { createDamContext } from '../context.ts';
import { IngestError } from '../services/ingest.service.ts';
import { fetchCliToken } from './cli-token.ts';
import { loadSecrets } from '../../../../scripts/secrets.mjs';
import { OWNER_ONLY_UMASK } from '../lib/private-files.ts';

/** Files and folders never imported: hidden files, OS clutter, sidecars handled with their image later. */
const SKIP = /^(\.|Thumbs\.db$|desktop\.ini$)/i;
/** Files ingested at once (2 cores: ExifTool and sharp each keep one busy). */
const CONCURRENCY = 2;

/** Outcome counts of one import run. */
export interface ImportSummary {
  added: number;
  duplicates: number;
  failed: Array<{ file: string; value: string; message: string }>;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    if (SKIP.test(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

async function runPool<T>(items: T[], worker: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
      while (next < items.length) await worker(items[next++]!);
    }),
  );
}

/** In-process import: opens the database, ingests each file, closes. */
async function importInProcess(root: string, files: string[], archiveName: string, bar: cliProgress.SingleBar): Promise<ImportSummary> {
  const config = loadDamConfig({ ...process.env, MAGPIE_WORKERS: '0', LOG_LEVEL: 'silent' });
  const ctx = await createDamContext(config, { info() {}, error() {} });
  const summary: ImportSummary = { added: 0, duplicates: 0, failed: [] };
  try {
    const archive = await ctx.repos.archives.findByName(archiveName);
    if (!archive) throw new Error(`There is no archive named "${archiveName}".`);
    await runPool(files, async (file) => {
      const relative = path.relative(root, file);
      const folderPath = path.dirname(relative) === '.' ? '' : path.dirname(relative).split(path.sep).join('/');
      const staging = await ctx.files.makeTempDir('import');
      try {
        const copy = path.join(staging, 'file');
        await fsp.copyFile(file, copy);
        await ctx.ingest.ingest({ sourcePath: copy, archive, folderPath, filename: path.basename(file), userName: 'admin' });
        summary.added++;
      } catch (error) {
        if (error instanceof IngestError && error.value === 'DuplicateAsset') summary.duplicates++;
        else summary.failed.push({ file: relative, value: error instanceof IngestError ? error.value : 'IngestFailed', message: (error as Error).message });
      } finally {
        await fsp.rm(staging, { recursive: true, force: true });
        bar.increment(1, { file: path.basename(file).slice(0, 30) });
      }
    });
  } finally {
    await ctx.close();
  }
  return summary;
}

/** Import through a running DAM's upload API. */
async function importOverHttp(damUrl: string, secret: string, root: string, files: string[], archiveName: string, bar: cliProgress.SingleBar): Promise<ImportSummary> {
  const access_token = await fetchCliToken(damUrl, secret);
  const auth = { authorization: `Bearer ${access_token}` };
  const archives = (await (await fetch(`${damUrl}/fotoweb/me/upload-to/`, { headers: { ...auth, accept: 'application/json' } })).json()) as {
    data: Array<{ name: string; href: string }>;
  };
  const archive = archives.data.find((a) => a.name === archiveName);
  if (!archive) throw new Error(`There is no archive named "${archiveName}" to upload to.`);
  const summary: ImportSummary = { added: 0, duplicates: 0, failed: [] };
  await runPool(files, async (file) => {
    const relative = path.relative(root, file);
    const folder = path.dirname(relative) === '.' ? undefined : path.dirname(relative).split(path.sep).join('/');
    try {
      const size = (await fsp.stat(file)).size;
      const created = await fetch(`${damUrl}/fotoweb/api/uploads`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ destination: archive.href, filename: path.basename(file), fileSize: size, ...(folder ? { folder } : {}) }),
      });
      const ticket = (await created.json()) as { id: string; chunkSize: number; numChunks: number; value?: string; message?: string };
      if (!created.ok) throw new IngestError(ticket.value ?? 'UploadRefused', ticket.message ?? `HTTP ${created.status}`);
      const handle = await fsp.open(file);
      try {
        for (let index = 0; index < ticket.numChunks; index++) {
          const length = Math.min(ticket.chunkSize, size - index * ticket.chunkSize);
          const buffer = Buffer.alloc(Math.max(0, length));
          await handle.read(buffer, 0, buffer.length, index * ticket.chunkSize);
          const form = new FormData();
          form.append('chunk', new Blob([buffer]), 'chunk');
          const res = await fetch(`${damUrl}/fotoweb/api/uploads/${ticket.id}/chunks/${index}`, { method: 'POST', headers: auth, body: form });
          if (res.status !== 204) {
            const body = (await res.json().catch(() => ({}))) as { value?: string; message?: string };
            throw new IngestError(body.value ?? 'UploadFailed', body.message ?? `HTTP ${res.status}`);
          }
        }
      } finally {
        await handle.close();
      }
      for (;;) {
        const status = (await (await fetch(`${damUrl}/fotoweb/api/uploads/${ticket.id}/status`, { headers: auth })).json()) as {
          status: string;
          error: { value: string; message: string } | null;
        };
        if (status.status === 'done') {
          summary.added++;
          break;
        }
        if (status.status === 'failed') {
          if (status.error?.value === 'DuplicateAsset') summary.duplicates++;
          else throw new IngestError(status.error?.value ?? 'IngestFailed', status.error?.message ?? 'failed');
          break;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    } catch (error) {
      summary.failed.push({ file: relative, value: error instanceof IngestError ? error.value : 'UploadFailed', message: (error as Error).message });
    } finally {
      bar.increment(1, { file: path.basename(file).slice(0, 30) });
    }
  });
  return summary;
}

async function main() {
  // What it writes into the data folder (in-process ingest) is its user's only, as with the DAM (issue 9).
  process.umask(OWNER_ONLY_UMASK);
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { archive: { type: 'string', default: 'Photos' }, 'dam-url': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length !== 1) {
    process.stdout.write('Usage: npm run import -- <folder> [--archive Photos] [--dam-url http://127.0.0.1:8090]\n');
    process.exit(values.help ? 0 : 2);
  }
  const root = path.resolve(positionals[0]!);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    process.stderr.write(`Not a folder: ${root}\n`);
    process.exit(2);
  }
  const files: string[] = [];
  for await (const file of walk(root)) files.push(file);
  const damUrl = values['dam-url'] ?? process.env.DAM_URL ?? `http://127.0.0.1:${process.env.DAM_PORT || '8090'}`;
  const running = await fetch(`${damUrl}/fotoweb/health`)
    .then((r) => r.ok)
    .catch(() => false);
  const dataDir = path.resolve(process.env.MAGPIE_DATA_DIR || './data');
  process.stdout.write(`Importing ${files.length} files from ${root} into "${values.archive}" ${running ? `through the running DAM at ${damUrl}` : `directly into ${dataDir}`}\n`);
  const bar = new cliProgress.SingleBar(
    { format: ' {bar} {percentage}% | {value}/{total} files | {eta_formatted} left | {file}', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(files.length, 0, { file: '' });
  const started = Date.now();
  let summary: ImportSummary;
  try {
    summary = running
      ? await importOverHttp(damUrl, loadSecrets(dataDir).cliClientSecret, root, files, values.archive!, bar)
      : await importInProcess(root, files, values.archive!, bar);
  } finally {
    bar.stop();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`Added ${summary.added}, already there ${summary.duplicates}, failed ${summary.failed.length} (${seconds} s).\n`);
  for (const f of summary.failed) process.stdout.write(`  ${f.file}: ${f.value}: ${f.message}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Import failed: ${(error as Error).message}\n`);
  process.exit(1);
});
