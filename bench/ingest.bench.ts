/**
 * `npm run bench:ingest`: how fast Magpie ingests, against the floor the media tools set (issue 16 "Ingest speed").
 *
 * 1. **Photos** (`../shared/samples/photos`, or `--dir`), in alternating runs on the same files, two at a time (the
 *    import CLI's and the job worker's concurrency):
 *    - *bare*: only what no ingest can skip: ExifTool reads each file (exiftool-vendored, the DAM's process pool) while
 *      sharp decodes it upright to the largest preview's size and encodes the five previews with the DAM's JPEG
 *      settings, in memory;
 *    - *ingest*: Magpie's whole ingest (`IngestService.ingest`) as an upload's job runs it: duplicate check by content
 *      hash (taken while the upload arrived, so staged with the file), doctype, ExifTool metadata mapped to field ids,
 *      the five upright previews written, the original stored, the asset row with its search vector and its activity
 *      entry, on a fresh embedded database (PGlite).
 *    Prints the median of each, and the ratio ingest / bare.
 * 2. **Other formats** (skipped with `--photos-only`), each ingested one at a time into a fresh database:
 *    - the HEIC/HEIF photos of `../shared/samples/formats/heic` (the HEIC decoder in a worker thread);
 *    - a 1-minute 1080p H.264/AAC video made by the bench with ffmpeg: its ingest (poster frame, media facts), then the
 *      web-video job's transcode (`transcodeToWebMp4`), as a speed against real time;
 *    - a 50-page PDF written by the bench: its ingest (page 1, page count), then every page drawn as the asset view's
 *      pager asks for them (`renderDocumentPage`).
 *
 * Options: `--runs N` (default 3; the median run is reported), `--dir <folder>`, `--photos-only`.
 * Copy the printed lines with the command into docs/BENCHMARKS.md.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createDamContext, loadDamConfig } from '@magpie/dam';
import { DEFAULT_PREVIEW_SPECS, ffmpegPath, getExiftool, PREVIEW_JPEG_OPTIONS, renderDocumentPage, runFfmpeg, transcodeToWebMp4 } from '@magpie/dam/media';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, dir: { type: 'string' }, 'photos-only': { type: 'boolean', default: false } } });
const samplesDir = path.join(import.meta.dirname, '../../shared/samples');
const sampleDir = path.resolve(values.dir ?? path.join(samplesDir, 'photos'));
const CONCURRENCY = 2;

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out.sort();
}

/** Runs `work` on every item, `CONCURRENCY` at a time; answers the seconds taken and each item's ms. */
async function timed<T>(items: readonly T[], work: (item: T, index: number) => Promise<unknown>): Promise<{ seconds: number; perItemMs: number[] }> {
  const perItemMs: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const index = next++;
        const t0 = performance.now();
        await work(items[index]!, index);
        perItemMs.push(performance.now() - t0);
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, perItemMs };
}

/** The floor: ExifTool's read and, at the same time, sharp's decode and five encodes with the DAM's settings, in memory. */
async function bareWork(file: string): Promise<void> {
  await Promise.all([
    getExiftool()
      .read(file)
      .catch(() => undefined),
    bareImageWork(file),
  ]);
}

async function bareImageWork(file: string): Promise<void> {
  const maxSide = Math.max(...DEFAULT_PREVIEW_SPECS.map((s) => s.size));
  const master = await sharp(file, { failOn: 'error', sequentialRead: true })
    .autoOrient()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => undefined);
  if (master === undefined) return;
  const raw = { width: master.info.width, height: master.info.height, channels: 3 } as const;
  await Promise.all(
    DEFAULT_PREVIEW_SPECS.map((spec) =>
      sharp(master.data, { raw })
        .resize({ width: spec.size, height: spec.size, fit: spec.square ? 'cover' : 'inside', withoutEnlargement: true })
        .jpeg(PREVIEW_JPEG_OPTIONS)
        .toBuffer(),
    ),
  );
}

/** A fresh DAM context on an embedded database in a temporary folder, without job workers. */
async function freshDam() {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'magpie-bench-ingest-'));
  const config = loadDamConfig({ MAGPIE_DATA_DIR: dataDir, MAGPIE_ADMIN_PASSWORD: 'bench', MAGPIE_WORKERS: '0', LOG_LEVEL: 'silent' });
  const ctx = await createDamContext(config, { info() {}, error() {} });
  const archive = (await ctx.repos.archives.findByName('Photos'))!;
  return {
    ctx,
    /**
     * Copies `files` into the DAM's temporary folder first, with their SHA-256, as an upload has them when its ingest
     * job starts (the hash is taken while the chunks are put together): the ingest consumes its input, and receiving
     * the file is not what is measured.
     */
    async stage(files: readonly string[]) {
      return Promise.all(
        files.map(async (file, i) => {
          const dir = await ctx.files.makeTempDir('bench');
          const copy = path.join(dir, `f${i}`);
          await fsp.copyFile(file, copy);
          return {
            file,
            copy,
            contentHash: createHash('sha256')
              .update(await fsp.readFile(file))
              .digest('hex'),
          };
        }),
      );
    },
    ingest(item: { file: string; copy: string; contentHash: string }, root: string) {
      return ctx.ingest.ingest({
        contentHash: item.contentHash,
        sourcePath: item.copy,
        archive,
        folderPath: path.relative(root, path.dirname(item.file)).split(path.sep).join('/'),
        filename: path.basename(item.file),
        userName: 'bench',
      });
    },
    async close() {
      await ctx.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function ingestRun(files: readonly string[]): Promise<{ seconds: number; perItemMs: number[] }> {
  const dam = await freshDam();
  const staged = await dam.stage(files);
  let failed = 0;
  const result = await timed(staged, (item) => dam.ingest(item, sampleDir).catch(() => failed++));
  await dam.close();
  if (failed > 0) process.stderr.write(`  (${failed} files were refused)\n`);
  return result;
}

/** Ingests `files` one at a time into a fresh database; answers each file's asset and ms. */
async function ingestOneByOne(files: readonly string[], root: string) {
  const dam = await freshDam();
  const out: Array<{ asset: Awaited<ReturnType<typeof dam.ingest>>; ms: number }> = [];
  for (const item of await dam.stage(files)) {
    const t0 = performance.now();
    const asset = await dam.ingest(item, root);
    out.push({ asset, ms: performance.now() - t0 });
  }
  await dam.close();
  return out;
}

const median = <T extends { seconds: number }>(runs: T[]) => [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)]!;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

// 1. Photos: bare and ingest, alternating, so that both see the same machine.
const files = await listFiles(sampleDir);
const bytes = (await Promise.all(files.map((f) => fsp.stat(f)))).reduce((sum, s) => sum + s.size, 0);
await timed(files.slice(0, 4), bareWork); // ExifTool's processes and sharp's first use
const bare: Array<{ seconds: number; perItemMs: number[] }> = [];
const ingest: Array<{ seconds: number; perItemMs: number[] }> = [];
for (let i = 0; i < Number(values.runs); i++) {
  bare.push(await timed(files, bareWork));
  ingest.push(await ingestRun(files));
  process.stderr.write(`run ${i + 1}: bare ${bare.at(-1)!.seconds.toFixed(2)} s, ingest ${ingest.at(-1)!.seconds.toFixed(2)} s\n`);
}
const b = median(bare);
const m = median(ingest);
const mib = bytes / 1048576;
console.log(`photos: ${files.length} files, ${mib.toFixed(1)} MiB, ${CONCURRENCY} at a time, ${os.cpus().length} cores, median of ${ingest.length} runs`);
console.log(`  bare (ExifTool read beside sharp's decode and 5 encodes): ${b.seconds.toFixed(2)} s = ${(files.length / b.seconds).toFixed(1)} photos/s`);
console.log(
  `  ingest: ${m.seconds.toFixed(2)} s = ${(files.length / m.seconds).toFixed(1)} photos/s, ${(mib / m.seconds).toFixed(1)} MiB/s; ` +
    `per file p50 ${percentile(m.perItemMs, 50).toFixed(0)} ms, p95 ${percentile(m.perItemMs, 95).toFixed(0)} ms`,
);
console.log(`  ratio ingest / bare: ${(m.seconds / b.seconds).toFixed(2)}`);

// 2. Other formats.
if (!values['photos-only']) {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'magpie-bench-formats-'));
  try {
    const heicDir = path.join(samplesDir, 'formats/heic');
    const heic = await listFiles(heicDir);
    {
      const perFile = (await ingestOneByOne(heic, heicDir)).map((r) => r.ms);
      const total = perFile.reduce((s, v) => s + v, 0) / 1000;
      console.log(
        `heic: ${heic.length} files one at a time in ${total.toFixed(2)} s = ${(heic.length / total).toFixed(1)} files/s; per file ${perFile.map((v) => v.toFixed(0)).join(', ')} ms`,
      );
    }

    // A 1-minute 1080p video with sound, made here (not measured).
    const video = path.join(work, 'minute-1080p.mp4');
    await runFfmpeg(
      ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '60'].concat([
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        '-y',
        video,
      ]),
      { timeoutMs: 600_000 },
    );
    {
      const [{ asset, ms: ingestMs }] = await ingestOneByOne([video], work);
      const t1 = performance.now();
      const out = await transcodeToWebMp4(video, path.join(work, 'web.mp4'));
      const transcodeS = (performance.now() - t1) / 1000;
      console.log(
        `video: 60 s of 1920×1080 at 30 fps (${((await fsp.stat(video)).size / 1048576).toFixed(1)} MiB): ingest (poster frame, previews, media facts) ${ingestMs.toFixed(0)} ms` +
          ` (preview: ${asset.has_preview}); web copy ${out.width}×${out.height} H.264/AAC in ${transcodeS.toFixed(1)} s = ${(60 / transcodeS).toFixed(2)}× real time (ffmpeg ${ffmpegPath()})`,
      );
    }

    const pdf = path.join(work, 'fifty-pages.pdf');
    await fsp.writeFile(pdf, fiftyPagePdf(50));
    {
      const [{ asset, ms: ingestMs }] = await ingestOneByOne([pdf], work);
      const perPage: number[] = [];
      for (let page = 1; page <= 50; page++) {
        const t = performance.now();
        await renderDocumentPage(pdf, page);
        perPage.push(performance.now() - t);
      }
      const total = perPage.reduce((s, v) => s + v, 0) / 1000;
      console.log(
        `pdf: 50 pages: ingest (page 1, page count ${pageCountOf(asset.technical) ?? '?'}) ${ingestMs.toFixed(0)} ms; every page at 1600 px one after another in ${total.toFixed(1)} s, ` +
          `per page p50 ${percentile(perPage, 50).toFixed(0)} ms, p95 ${percentile(perPage, 95).toFixed(0)} ms`,
      );
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
await getExiftool().end();

/** The page count an asset's technical facts hold (stored as JSON text or read back as an object). */
function pageCountOf(technical: unknown): number | undefined {
  const facts = (typeof technical === 'string' ? JSON.parse(technical) : technical) as { pageCount?: number } | null;
  return facts?.pageCount;
}

/**
 * A PDF of `pages` A4 pages, each with a heading, a paragraph of text and coloured boxes (base-14 Helvetica), written
 * by hand: the bench needs a many-page document, and the samples have none.
 */
function fiftyPagePdf(pages: number): Buffer {
  const objects: string[] = [];
  // Object numbers start at 1: an object's number is the list's length once it is added.
  const add = (body: string) => objects.push(body);
  const catalog = add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // 2: the page tree, filled in below
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (let n = 1; n <= pages; n++) {
    const lines = Array.from({ length: 30 }, (_, i) => `BT /F1 11 Tf 56 ${700 - i * 18} Td (Line ${i + 1} of page ${n}: a digital asset management benchmark page.) Tj ET`);
    const boxes = Array.from({ length: 6 }, (_, i) => `${(i * 0.15).toFixed(2)} 0.4 ${(1 - i * 0.15).toFixed(2)} rg ${56 + i * 80} 90 70 70 re f`);
    const stream = [`BT /F1 28 Tf 56 760 Td (Page ${n}) Tj ET`, ...lines, ...boxes].join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`));
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pages} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
