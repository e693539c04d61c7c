import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMediaError } from './errors.ts';
import { endExiftool, getExiftool } from './exiftool.ts';
import { fitPage } from './decoders/pdf.impl.mjs';
import { PDF_MAX_PAGE_PIXELS, pdfDecoder, PdfPageRangeError, readPdfPageCount, renderPdfPageFile } from './decoders/pdf.ts';
import { DecoderFailure } from './decoders/types.ts';
import { entriesUnder, HAVE_SAMPLES, samplePath, settleWithin } from './testing/samples.ts';

let tmpRoot = '';
beforeAll(async () => {
  tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'magpie-pdf-'));
});
afterAll(async () => {
  await endExiftool();
  await rm(tmpRoot, { recursive: true, force: true });
});

const ENCRYPTED = 'formats/pdf/encrypted-password.pdf';
const FOUR_PAGES = 'formats/pdf/pdflatex-4-pages.pdf';
const TIMEOUT_MS = 30_000;

const decode = (filePath: string, maxSide = 1600, timeoutMs = TIMEOUT_MS) => pdfDecoder.decode({ filePath, maxSide, timeoutMs, signal: new AbortController().signal });

/** Pixels darker than mid-grey: ink on the white page. */
async function inkedPixels(png: Buffer): Promise<{ inked: number; total: number }> {
  const { data } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  let inked = 0;
  for (const value of data) if (value < 128) inked++;
  return { inked, total: data.length };
}

/** The page's shape within rounding: |w·H − h·W| ≤ (W + H) / 2 (see previews.test.ts). */
function expectShape(px: { width: number; height: number }, pt: { width: number; height: number }): void {
  expect(Math.abs(px.width * pt.height - px.height * pt.width)).toBeLessThanOrEqual((pt.width + pt.height) / 2);
}

async function expectRejects(promise: Promise<unknown>): Promise<unknown> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeDefined();
  return err;
}

// --- Hand-made PDFs (ISO 32000-1 §7.5: header, numbered objects, cross-reference table, trailer) ---

/** A PDF of `objects` (object i + 1 is `objects[i]`, latin1 text), with `/Root 1 0 R` and the extra trailer entries. */
function buildPdf(objects: readonly string[], trailerExtra = ''): Buffer {
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A stream object; `data` is latin1 text (binary as latin1). */
const stream = (dict: string, data: string) => `<< ${dict} /Length ${Buffer.byteLength(data, 'latin1')} >>\nstream\n${data}\nendstream`;

/** Catalog, page tree and one page: objects 1-3; the page's content is object 4, its resources as given. */
function onePage(pageDict: string, content: string, more: readonly string[] = [], count = 1): Buffer {
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [3 0 R] /Count ${count} >>`,
    `<< /Type /Page /Parent 2 0 R /Contents 4 0 R ${pageDict} >>`,
    stream('', content),
    ...more,
  ]);
}

async function writeTemp(name: string, bytes: Buffer): Promise<string> {
  const file = path.join(tmpRoot, name);
  await writeFile(file, bytes);
  return file;
}

/** RC4 (the standard security handler's cipher, ISO 32000-1 §7.6.2); OpenSSL 3 no longer offers it. */
function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
const PASSWORD_PAD = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');
const padPassword = (pw: string) => Buffer.concat([Buffer.from(pw, 'latin1'), PASSWORD_PAD]).subarray(0, 32);

/**
 * A one-page PDF encrypted with the standard security handler, revision 2 (40-bit RC4; ISO 32000-1 §7.6.3.3
 * algorithms 2-4), whose page is half black. `userPassword` '' = owner password only: readers open it freely.
 */
function encryptedPdf(userPassword: string, ownerPassword: string): Buffer {
  const id = createHash('md5').update(`magpie-${userPassword}-${ownerPassword}`).digest();
  const o = rc4(md5(padPassword(ownerPassword)).subarray(0, 5), padPassword(userPassword));
  const p = Buffer.alloc(4);
  p.writeInt32LE(-4);
  const key = md5(padPassword(userPassword), o, p, id).subarray(0, 5);
  const u = rc4(key, PASSWORD_PAD);
  const objectKey = (num: number) => md5(key, Buffer.from([num & 255, (num >> 8) & 255, (num >> 16) & 255, 0, 0])).subarray(0, 10);
  const content = rc4(objectKey(4), Buffer.from('0 0 0 rg 0 0 612 396 re f', 'latin1')).toString('latin1');
  return buildPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
      stream('', content),
      `<< /Filter /Standard /V 1 /R 2 /O <${o.toString('hex')}> /U <${u.toString('hex')}> /P -4 >>`,
    ],
    `/Encrypt 5 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>]`,
  );
}

describe('pdfDecoder.accepts', () => {
  it('takes PDF and PDF-based Illustrator by file-type or ExifTool, nothing else', () => {
    expect(pdfDecoder.accepts({ ext: 'pdf', mime: 'application/pdf', fileType: 'PDF' })).toBe(true);
    expect(pdfDecoder.accepts({ ext: undefined, mime: undefined, fileType: 'PDF' })).toBe(true);
    expect(pdfDecoder.accepts({ ext: 'ai', mime: 'application/illustrator', fileType: 'AI' })).toBe(true);
    expect(pdfDecoder.accepts({ ext: 'eps', mime: 'application/postscript', fileType: 'EPS' })).toBe(false);
    expect(pdfDecoder.accepts({ ext: 'jpg', mime: 'image/jpeg', fileType: 'JPEG' })).toBe(false);
    expect(pdfDecoder.accepts({ ext: undefined, mime: undefined, fileType: undefined })).toBe(false);
  });
});

describe('fitPage', () => {
  it('gives the longest side maxSide px, then honours the pixel cap, never below 1 px', () => {
    expect(fitPage(612, 792, 1600, 1e9)).toMatchObject({ width: 1236, height: 1600 });
    expect(fitPage(14_400, 14_400, 100_000, 4096 * 4096)).toMatchObject({ width: 4096, height: 4096 });
    expect(fitPage(1e6, 1, 1600, 1e9)).toMatchObject({ width: 1600, height: 1 });
    const capped = fitPage(3, 7, 99_999, 1_000_003);
    expect(capped.width * capped.height).toBeLessThanOrEqual(1_000_003);
  });
});

describe.skipIf(!HAVE_SAMPLES)('pdfDecoder on the samples', () => {
  const entries = HAVE_SAMPLES ? entriesUnder('formats/pdf') : [];
  const readable = entries.filter((e) => e.path !== ENCRYPTED);

  it('covers the 9 PDF samples', () => {
    expect(entries).toHaveLength(9);
  });

  it.each(readable.map((e) => [e.path] as const))('%s: page 1 at 1600 px, the page shape, the page count, ink on the page', async (file) => {
    const page = await renderPdfPageFile(samplePath(file), 1, 1600, { timeoutMs: TIMEOUT_MS });
    const meta = await sharp(page.png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: page.width, height: page.height });
    expect(Math.max(page.width, page.height)).toBe(1600);
    expectShape(page, { width: page.pageWidthPt, height: page.pageHeightPt });
    // The manifest does not record PDF:PageCount: ExifTool is asked (it reads /Count as written).
    const tags = (await getExiftool().read(samplePath(file))) as { PageCount?: unknown };
    expect(tags.PageCount).toEqual(expect.any(Number));
    expect(page.pageCount).toBe(tags.PageCount);
    // Text pages must show their text (fonts load: embedded, and pdf.js' standard fonts for pdf_with_xmp's Helvetica).
    const { inked } = await inkedPixels(page.png);
    expect(inked).toBeGreaterThan(400);
  });

  // `decode` is page 1 of renderPdfPageFile, checked on every sample above; formats.test.ts decodes every sample
  // through the ingest. Here, once, what the decoder adds: the answer's shape and `maxSide`.
  it(`${FOUR_PAGES}: decode answers page 1 at maxSide as an upright encoded picture`, async () => {
    const result = await decode(samplePath(FOUR_PAGES), 800);
    expect(result).toMatchObject({ upright: true, source: 'pdf-page-1', picture: { kind: 'encoded' } });
    const small = await sharp(result.picture.kind === 'encoded' ? result.picture.data : Buffer.alloc(0)).metadata();
    expect(Math.max(small.width!, small.height!)).toBe(800);
  });

  it(`${ENCRYPTED} needs its user (open) password: UnsupportedImage "password-protected"`, async () => {
    // The sample's README gives a user password ('openpassword') besides the owner password; ExifTool warns the same.
    const err = await expectRejects(decode(samplePath(ENCRYPTED)));
    expect(err).toBeInstanceOf(DecoderFailure);
    expect(err).toMatchObject({ reason: 'UnsupportedImage', message: 'The PDF is password-protected' });
  });

  it(`${FOUR_PAGES}: page 3 renders; page 5 and page 0 are a PdfPageRangeError (a RangeError)`, async () => {
    const file = samplePath(FOUR_PAGES);
    const [first, third] = await Promise.all([1, 3].map((n) => renderPdfPageFile(file, n, 600, { timeoutMs: TIMEOUT_MS })));
    expect(third).toMatchObject({ pageCount: 4, width: first!.width, height: 600 });
    expect(third!.png.equals(first!.png)).toBe(false);
    expect((await inkedPixels(third!.png)).inked).toBeGreaterThan(400);

    const past = await expectRejects(renderPdfPageFile(file, 5, 600, { timeoutMs: TIMEOUT_MS }));
    expect(past).toBeInstanceOf(RangeError);
    expect(past).toMatchObject({ name: 'PdfPageRangeError', page: 5, pageCount: 4, message: 'Page 5 is out of range: the document has 4 pages' });
    const zero = await expectRejects(renderPdfPageFile(file, 0, 600, { timeoutMs: TIMEOUT_MS }));
    expect(zero).toBeInstanceOf(PdfPageRangeError);
    expect(zero).toMatchObject({ pageCount: undefined });
    expect(await readPdfPageCount(file, { timeoutMs: TIMEOUT_MS })).toBe(4);
  });

  it('a 1 ms deadline, or an aborted signal, is MediaError Timeout', async () => {
    const file = samplePath(FOUR_PAGES);
    const err = await expectRejects(decode(file, 1600, 1));
    expect(isMediaError(err, 'Timeout')).toBe(true);
    const controller = new AbortController();
    const pending = renderPdfPageFile(file, 1, 1600, { timeoutMs: TIMEOUT_MS, signal: controller.signal });
    controller.abort();
    expect(isMediaError(await expectRejects(pending), 'Timeout')).toBe(true);
  });
});

describe('pdfDecoder on hand-made PDFs', () => {
  it('applies /Rotate and scales an absurd MediaBox down (and to the pixel cap)', async () => {
    const rotated = await writeTemp('rotated.pdf', onePage('/MediaBox [0 0 600 200] /Rotate 90', '0 0 0 rg 0 0 300 200 re f'));
    const page = await renderPdfPageFile(rotated, 1, 1600, { timeoutMs: TIMEOUT_MS });
    expect(page).toMatchObject({ width: 533, height: 1600, pageWidthPt: 200, pageHeightPt: 600 });
    // Half the page is black: the first 300 pt along the MediaBox's width, the top half once turned clockwise.
    const { inked, total } = await inkedPixels(page.png);
    expect(inked / total).toBeCloseTo(0.5, 1);
    const top = await sharp(page.png).extract({ left: 0, top: 0, width: 533, height: 790 }).png().toBuffer();
    expect(await inkedPixels(top)).toEqual({ inked: 533 * 790, total: 533 * 790 });

    const huge = await writeTemp('huge.pdf', onePage('/MediaBox [0 0 14400 14400]', '0 0 0 rg 0 0 7200 14400 re f'));
    const big = await renderPdfPageFile(huge, 1, 1_000_000, { timeoutMs: TIMEOUT_MS });
    expect(big.width * big.height).toBeLessThanOrEqual(PDF_MAX_PAGE_PIXELS);
    expect([big.width, big.height, big.pageWidthPt]).toEqual([4096, 4096, 14_400]);
    const preview = await renderPdfPageFile(huge, 1, 1600, { timeoutMs: TIMEOUT_MS, maxPixels: 10_000 });
    expect([preview.width, preview.height]).toEqual([100, 100]);
  });

  it('an owner password alone does not stop rendering; a user password does', async () => {
    const ownerOnly = await writeTemp('owner-only.pdf', encryptedPdf('', 'owner'));
    const page = await renderPdfPageFile(ownerOnly, 1, 400, { timeoutMs: TIMEOUT_MS });
    const { inked, total } = await inkedPixels(page.png);
    expect(inked / total).toBeCloseTo(0.5, 1);
    const locked = await writeTemp('user-password.pdf', encryptedPdf('user', 'owner'));
    expect(await expectRejects(decode(locked))).toMatchObject({ name: 'DecoderFailure', reason: 'UnsupportedImage', message: 'The PDF is password-protected' });
  });

  it('broken, empty, missing and non-PDF files fail clearly', async () => {
    const broken = await writeTemp('broken.pdf', Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R\nthis is not a PDF body\n', 'latin1'));
    expect(await expectRejects(decode(broken))).toMatchObject({ name: 'DecoderFailure', reason: 'CorruptImage' });
    const postscriptAi = await writeTemp('postscript.ai', Buffer.from('%!PS-Adobe-3.0\n%%Creator: Adobe Illustrator(R) 8.0\n', 'latin1'));
    expect(await expectRejects(decode(postscriptAi))).toMatchObject({ name: 'DecoderFailure', reason: 'UnsupportedImage' });
    const empty = await writeTemp('empty.pdf', Buffer.alloc(0));
    expect(isMediaError(await expectRejects(decode(empty)), 'EmptyFile')).toBe(true);
    expect(isMediaError(await expectRejects(decode(path.join(tmpRoot, 'missing.pdf'))), 'UnreadableFile')).toBe(true);
  });

  it('a PDF that claims 100 000 pages (a /Count lie) opens at once with its real page count', async () => {
    const liar = await writeTemp('count-lie.pdf', onePage('/MediaBox [0 0 612 792]', '0 0 m 612 792 l S', [], 100_000));
    const page = await renderPdfPageFile(liar, 1, 400, { timeoutMs: TIMEOUT_MS });
    expect(page.pageCount).toBe(1);
    expect(await expectRejects(renderPdfPageFile(liar, 99_999, 400, { timeoutMs: TIMEOUT_MS }))).toMatchObject({ name: 'PdfPageRangeError', pageCount: 1 });
  });

  describe('PDF bombs end within their deadline and leave the process healthy', () => {
    const DEADLINE_MS = 5_000;
    /** Either a bounded picture or a clean failure (Timeout or DecoderFailure), within the deadline plus slack. */
    async function expectBounded(file: string): Promise<void> {
      const outcome = await settleWithin(decode(file, 1600, DEADLINE_MS), DEADLINE_MS + 10_000);
      if (outcome.ok) {
        const meta = await sharp(outcome.value.picture.kind === 'encoded' ? outcome.value.picture.data : Buffer.alloc(0)).metadata();
        expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1600);
      } else {
        expect(isMediaError(outcome.error, 'Timeout') || outcome.error instanceof DecoderFailure).toBe(true);
      }
    }

    it('nested form XObjects: 10⁹ fills of a 14 400 pt page', async () => {
      // X0 fills the page; X(i) draws X(i-1) ten times; the page draws X8.
      const levels = 9;
      const forms = Array.from({ length: levels }, (_, i) =>
        i === 0
          ? stream('/Type /XObject /Subtype /Form /BBox [0 0 14400 14400]', '0 0 m 14400 14400 l 0 14400 l h f')
          : stream(`/Type /XObject /Subtype /Form /BBox [0 0 14400 14400] /Resources << /XObject << /X ${5 + i - 1} 0 R >> >>`, 'q /X Do Q\n'.repeat(10)),
      );
      await expectBounded(await writeTemp('nested-forms.pdf', onePage(`/MediaBox [0 0 14400 14400] /Resources << /XObject << /X ${5 + levels - 1} 0 R >> >>`, '/X Do', forms)));
    });

    it('a form XObject that draws itself', async () => {
      const self = stream('/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /X 5 0 R >> >>', '0 0 m 100 100 l S /X Do');
      await expectBounded(await writeTemp('recursive-form.pdf', onePage('/MediaBox [0 0 612 792] /Resources << /XObject << /X 5 0 R >> >>', '/X Do', [self])));
    });

    it('a 30 KB deflated content stream of 1 million path segments', async () => {
      const content = deflateSync(`0 0 m\n${'14400 14400 l 0 14400 l\n'.repeat(500_000)}f\n`, { level: 9 });
      const bytes = buildPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 14400 14400] /Contents 4 0 R >>',
        stream('/Filter /FlateDecode', content.toString('latin1')),
      ]);
      expect(bytes.length).toBeLessThan(100_000);
      await expectBounded(await writeTemp('path-bomb.pdf', bytes));
    });

    it('afterwards, a sample still renders', async () => {
      if (!HAVE_SAMPLES) return;
      const page = await renderPdfPageFile(samplePath(FOUR_PAGES), 2, 400, { timeoutMs: TIMEOUT_MS });
      expect(page.pageCount).toBe(4);
    });
  });
});
