/**
 * `node --import tsx bench/heic.bench.ts`: how long the HEIC decoder takes per file (issue 16 "Ingest speed"), the
 * worker thread it runs in included.
 *
 * Decodes every file of `../shared/samples/formats/heic` (or `--dir`) one after another, `--runs N` times (default 4),
 * through `heicDecoder.decode` as `makePreviews` calls it. The first pass pays for the process's first decoder worker;
 * the passes after it are what an ingest of many HEIC photos sees. Prints each file's time in the first pass and the
 * median of the others, and the sum of those medians.
 *
 * `--decoder <heic.ts>` times another copy of the decoder, e.g. an older commit's
 * (`git archive <commit> apps/dam/src/media | tar -x -C .tmp/before`), so that both can run in turns on a busy machine.
 * Copy the printed lines with the command into docs/BENCHMARKS.md.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '4' }, dir: { type: 'string' }, decoder: { type: 'string' } } });
const runs = Math.max(2, Number(values.runs));
const dir = path.resolve(values.dir ?? path.join(import.meta.dirname, '../../shared/samples/formats/heic'));
const files = (await fsp.readdir(dir)).sort().map((name) => path.join(dir, name));
const decoderFile = path.resolve(values.decoder ?? path.join(import.meta.dirname, '../apps/dam/src/media/decoders/heic.ts'));
// Loaded by path, not through @magpie/dam/media (which does not export single decoders), so that any copy can be timed.
const { heicDecoder } = (await import(pathToFileURL(decoderFile).href)) as {
  heicDecoder: { decode(request: { filePath: string; maxSide: number; timeoutMs: number; signal: AbortSignal }): Promise<unknown> };
};
const workers = (await import(pathToFileURL(path.join(path.dirname(decoderFile), 'worker.ts')).href)) as {
  closeDecoderWorkers?: () => Promise<void>;
  decoderWorkerStats?: () => { started: number; sparesTaken: number };
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const times = files.map((): number[] => []);
for (let run = 0; run < runs; run++) {
  for (const [index, file] of files.entries()) {
    const t0 = performance.now();
    await heicDecoder.decode({ filePath: file, maxSide: 1600, timeoutMs: 120_000, signal: new AbortController().signal });
    times[index]!.push(performance.now() - t0);
  }
}

console.log(`HEIC decode of ${path.relative(process.cwd(), decoderFile)}, ${files.length} files one after another, ${runs} passes (node ${process.version})`);
let total = 0;
for (const [index, file] of files.entries()) {
  const later = median(times[index]!.slice(1));
  total += later;
  console.log(`  ${path.basename(file).padEnd(28)} first pass ${times[index]![0]!.toFixed(0).padStart(5)} ms, later passes p50 ${later.toFixed(0).padStart(5)} ms`);
}
console.log(`  sum of the later passes' medians: ${total.toFixed(0)} ms`);
const stats = workers.decoderWorkerStats?.();
if (stats) console.log(`  ${files.length * runs} decodes: ${stats.started} workers started, ${stats.sparesTaken} calls given a spare`);
// Spare workers are unref()ed and would not keep the process alive; they are ended as the DAM's shutdown ends them.
await workers.closeDecoderWorkers?.();
