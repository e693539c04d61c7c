/**
 * `npm run bench:ingest`: how many photos per second Magpie ingests (ExifTool metadata, five upright previews with
 * sharp, hashing, storing, indexing) from `../shared/samples/photos`, on a fresh embedded database, with the same
 * concurrency as the import CLI (2). Prints one result line; copy it with the command into docs/BENCHMARKS.md.
 *
 * Options: `--runs N` (default 3, the median run is reported), `--dir <folder>`.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDamContext, loadDamConfig } from '@magpie/dam';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, dir: { type: 'string' } } });
const sampleDir = path.resolve(values.dir ?? path.join(import.meta.dirname, '../../shared/samples/photos'));

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out.sort();
}

async function runOnce(files: string[]): Promise<{ seconds: number; perFileMs: number[] }> {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'magpie-bench-ingest-'));
  const config = loadDamConfig({ MAGPIE_DATA_DIR: dataDir, MAGPIE_ADMIN_PASSWORD: 'bench', MAGPIE_WORKERS: '0', LOG_LEVEL: 'silent' });
  const ctx = await createDamContext(config, { info() {}, error() {} });
  const archive = (await ctx.repos.archives.findByName('Photos'))!;
  // Stage copies first: the ingest consumes its input file, and copying is not what is measured.
  const staged = await Promise.all(
    files.map(async (file, i) => {
      const dir = await ctx.files.makeTempDir('bench');
      const copy = path.join(dir, `f${i}`);
      await fsp.copyFile(file, copy);
      return { file, copy };
    }),
  );
  const perFileMs: number[] = [];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < staged.length) {
        const { file, copy } = staged[next++]!;
        const t0 = performance.now();
        await ctx.ingest
          .ingest({
            sourcePath: copy,
            archive,
            folderPath: path.relative(sampleDir, path.dirname(file)).split(path.sep).join('/'),
            filename: path.basename(file),
            userName: 'bench',
          })
          .catch(() => undefined);
        perFileMs.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { seconds, perFileMs };
}

const files = await listFiles(sampleDir);
const bytes = (await Promise.all(files.map((f) => fsp.stat(f)))).reduce((sum, s) => sum + s.size, 0);
const runs: Array<{ seconds: number; perFileMs: number[] }> = [];
for (let i = 0; i < Number(values.runs); i++) {
  runs.push(await runOnce(files));
  process.stderr.write(`run ${i + 1}: ${runs.at(-1)!.seconds.toFixed(2)} s\n`);
}
runs.sort((a, b) => a.seconds - b.seconds);
const median = runs[Math.floor(runs.length / 2)]!;
const sorted = [...median.perFileMs].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
console.log(
  `ingest: ${files.length} photos, ${(bytes / 1048576).toFixed(1)} MiB in ${median.seconds.toFixed(2)} s (median of ${runs.length}) = ` +
    `${(files.length / median.seconds).toFixed(1)} photos/s, ${(bytes / 1048576 / median.seconds).toFixed(1)} MiB/s; ` +
    `per file p50 ${pct(50).toFixed(0)} ms, p95 ${pct(95).toFixed(0)} ms (2 at a time, ${os.cpus().length} cores)`,
);
