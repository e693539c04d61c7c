import { mkdir, mkdtemp, readFile, rm, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import { fileTypeFromFile } from 'file-type';
import { getExiftool } from './exiftool.ts';
import { MediaError, type NoPreviewReason } from './errors.ts';
import { pickOrientation, swapsAxes, toNumber, type GroupedTags } from './tags.ts';
import { checkReadableFile, isExiftoolTimeout, withDeadline, writeFileAtomic } from './util.ts';
import { DecoderFailure, FORMAT_DECODERS, pickDecoder, type DecodeResult, type FormatDecoder } from './decoders/index.ts';

/** One preview to make: `size` px on the longest side, or a `size`×`size` centre crop when `square`. */
export interface PreviewSpec {
  /** Target in px: longest side, or the side of the square. */
  size: number;
  square: boolean;
}

/**
 * Default previews: 100 square plus 200, 400, 800 and 1600 on the longest side (a subset of FotoWeb's typical
 * preview sizes, FotoWeb API notes §3.3: 100q, 200, 400, 800, 1600…).
 */
export const DEFAULT_PREVIEW_SPECS: readonly PreviewSpec[] = [
  { size: 100, square: true },
  { size: 200, square: false },
  { size: 400, square: false },
  { size: 800, square: false },
  { size: 1600, square: false },
];

/** JPEG quality (1-100) of previews. */
export const PREVIEW_JPEG_QUALITY = 82;

/**
 * How previews are encoded: baseline JPEG with optimised Huffman tables and mozjpeg's quantisation table (3), without
 * trellis quantisation or progressive scans. Measured on the 102 photos of `shared/samples/photos` at their five
 * sizes (bench/ingest.bench.ts, 2026-11-30): 2.6 s and 21.1 MiB, against 15.0 s and 18.4 MiB for sharp's `mozjpeg`
 * preset; encoding was two thirds of an ingest's work.
 */
export const PREVIEW_JPEG_OPTIONS = { quality: PREVIEW_JPEG_QUALITY, optimiseCoding: true, quantisationTable: 3 } as const;

/** Time budget of one {@link makePreviews} call, in ms. */
export const PREVIEW_TIMEOUT_MS = 30_000;

/** Largest image decoded, in px (width × height): sharp's default 0x3FFF², a guard against decompression bombs. */
export const MAX_INPUT_PIXELS = 268_402_689;

/** One written preview (the `previews[]` entry of a FotoWeb asset, FotoWeb API notes §3.3, minus `href`). */
export interface Preview {
  /** The requested size in px (longest side, or square side). */
  size: number;
  /** Actual output width in px (smaller than `size` for small sources: previews are never enlarged). */
  width: number;
  /** Actual output height in px. */
  height: number;
  square: boolean;
  /** Absolute path of the JPEG file. */
  file: string;
}

/**
 * Where the pixels came from: `original` (the file itself, decoded by libvips), `embedded` (a preview image stored
 * inside the file, extracted by ExifTool: `tag` is its group-qualified name, e.g. `IFD0:JpgFromRaw`) or `decoded` (a
 * format decoder of `decoders/`: `decoder` is its name, `detail` what it took, e.g. `pdf-page-1`, `video-frame`).
 */
export type PreviewSource = { kind: 'original' } | { kind: 'embedded'; tag: string } | { kind: 'decoded'; decoder: string; detail: string };

/** What {@link makePreviews} returns. */
export interface PreviewResult {
  /** One entry per requested spec, in the requested order. */
  previews: Preview[];
  /**
   * Width in px of the source image once upright (stored height for EXIF orientation 5-8). For SVG, the rendered
   * width (SVGs are rendered so that their longest side is the largest preview size).
   */
  orientedWidth: number;
  /** Height in px of the source image once upright. */
  orientedHeight: number;
  source: PreviewSource;
}

/** Options of {@link makePreviews}. */
export interface PreviewOptions {
  /** Previews to make; default {@link DEFAULT_PREVIEW_SPECS}. Sizes must be integers from 1 to 10 000 px. */
  specs?: readonly PreviewSpec[];
  /** JPEG quality 1-100; default {@link PREVIEW_JPEG_QUALITY}. */
  quality?: number;
  /** Time budget in ms; default {@link PREVIEW_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** File name stem: files are `<baseName>-<size>.jpg` and `<baseName>-<size>q.jpg` (square); default `preview`. */
  baseName?: string;
  /**
   * EXIF orientation (1-8) of the original, applied to embedded previews (which carry no reliable orientation of
   * their own). Default: read from the file by ExifTool. Ignored when the file itself is decoded: libvips applies
   * the orientation stored in the image.
   */
  orientation?: number;
  /** Format decoders asked before libvips; default {@link FORMAT_DECODERS}. Tests pass their own. */
  decoders?: readonly FormatDecoder[];
}

/** File types (file-type's extension) that are camera RAW: their embedded full-size JPEG beats the IFD0 thumbnail. */
const RAW_EXTS = new Set(['cr2', 'cr3', 'nef', 'nrw', 'dng', 'rw2', 'raf', 'orf', 'arw', 'pef', 'srw']);

/** ExifTool `File:FileType` values of RAW formats that file-type reports as plain TIFF (NEF, ARW, PEF…). */
const RAW_FILE_TYPES = new Set(['CR2', 'CR3', 'NEF', 'NRW', 'DNG', 'RW2', 'RAF', 'ORF', 'ARW', 'SR2', 'PEF', 'SRW', 'ERF', 'IIQ', '3FR']);

/** Binary tags that hold a picture of the content (previews, thumbnails, cover art), as ExifTool names them. */
const EMBEDDED_IMAGE_TAGS = ['JpgFromRaw', 'PreviewImage', 'OtherImage', 'ThumbnailImage', 'PhotoshopThumbnail', 'PreviewTIFF', 'ThumbnailTIFF', 'CoverArt', 'Picture'] as const;

const SHARP_INPUT: SharpOptions = {
  // 'error' rejects truncated/corrupt pixel data instead of returning grey garbage; 'warning' would also reject
  // files that decode fine with a libjpeg warning (extraneous bytes before a marker).
  failOn: 'error',
  limitInputPixels: MAX_INPUT_PIXELS,
  sequentialRead: true,
};

/** Bytes for libvips: an encoded image, or raw 8-bit pixels with their layout. */
interface RawInput {
  data: Buffer;
  raw?: { width: number; height: number; channels: 3 | 4 };
}

/** An upright, sRGB, 8-bit, 3-channel image in memory, at most as large as the largest preview. */
interface Master {
  data: Buffer;
  width: number;
  height: number;
  orientedWidth: number;
  orientedHeight: number;
}

class DecodeFailure extends Error {
  constructor(
    readonly reason: NoPreviewReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Makes JPEG previews of a media file with sharp (libvips): upright (EXIF orientation applied), sRGB (CMYK and
 * ICC-tagged inputs converted, transparency flattened on white), metadata stripped, baseline JPEG at quality 82
 * ({@link PREVIEW_JPEG_OPTIONS}). Default sizes: 100 px square (centre crop) and 200, 400, 800, 1600 px on the longest
 * side; never enlarged, so small sources give smaller previews. The source is decoded once into an in-memory master no larger than the largest
 * preview, and each preview is resized from it. Multi-page and animated files use the first page/frame.
 *
 * Formats libvips cannot read go first to a format decoder of `decoders/` (HEIC/HEIF, PDF, PSD, video poster frames,
 * audio waveforms; issue 16), each bounded by the same deadline; their pictures are upright already. When that
 * decoder fails, or none accepts the file, the chain below runs as before.
 *
 * When libvips cannot decode the file (HEVC HEIC, JPEG XL, JPEG 2000, PSD, BMP, video, RAW without usable IFD0,
 * truncated JPEG…), the largest decodable embedded image ExifTool finds (`JpgFromRaw`, `PreviewImage`,
 * `ThumbnailImage`, `PhotoshopThumbnail`, `CoverArt`…) is used instead, turned by the ORIGINAL's orientation. For
 * camera RAW files the embedded image is tried first (the IFD0 image of a RAW is a small thumbnail or undecodable).
 *
 * Files are written atomically (temporary name, then rename) as `<outDir>/<baseName>-<size>.jpg` and
 * `<baseName>-<size>q.jpg` (square), replacing earlier ones; on failure none of this call's files are left behind.
 *
 * @param filePath - the original file.
 * @param outDir - folder for the previews; created if missing.
 * @param opts - see {@link PreviewOptions}.
 * @returns the previews with their real pixel sizes, the upright size of the source image and where it came from.
 * @throws MediaError `NoPreview` (with `reason` `UnsupportedImage`, `CorruptImage` or `ImageTooLarge`) when neither
 *   the file nor an embedded image can be decoded; `EmptyFile`; `UnreadableFile`; `Timeout` after `timeoutMs`
 *   (30 s); `WriteFailed` when `outDir` is not writable. A `RangeError` for invalid `opts`.
 */
export async function makePreviews(filePath: string, outDir: string, opts: PreviewOptions = {}): Promise<PreviewResult> {
  const specs = opts.specs ?? DEFAULT_PREVIEW_SPECS;
  const quality = opts.quality ?? PREVIEW_JPEG_QUALITY;
  const timeoutMs = opts.timeoutMs ?? PREVIEW_TIMEOUT_MS;
  const baseName = opts.baseName ?? 'preview';
  validateOptions(specs, quality, timeoutMs, baseName);

  await checkReadableFile(filePath);
  const deadline = Date.now() + timeoutMs;
  return withDeadline(timeoutMs, `Making previews of ${filePath}`, async (signal) => {
    const maxSide = Math.max(...specs.map((s) => s.size));
    const secondsLeft = () => Math.max(1, Math.ceil((deadline - Date.now()) / 1000));

    const detected = await fileTypeFromFile(filePath).catch(() => undefined);
    const ext = detected?.ext;
    let probe: EmbeddedProbe | undefined;
    let rawFirst = ext !== undefined && RAW_EXTS.has(ext);
    if (ext === 'tif') {
      probe = await probeEmbedded(filePath);
      rawFirst = probe.fileType !== undefined && RAW_FILE_TYPES.has(probe.fileType);
    }
    // Text formats have no magic bytes (file-type calls an SVG `xml`): ExifTool names them for the format decoders.
    if (detected === undefined || ext === 'xml') probe = await probeEmbedded(filePath);

    const fromEmbedded = async () => {
      probe ??= await probeEmbedded(filePath);
      return decodeEmbedded(filePath, probe, opts.orientation, maxSide, secondsLeft, signal);
    };

    let failure: DecodeFailure | undefined;
    let master: Master | undefined;
    let source: PreviewSource = { kind: 'original' };
    const decoder = pickDecoder({ ext, mime: detected?.mime, fileType: probe?.fileType }, opts.decoders ?? FORMAT_DECODERS);
    if (decoder !== undefined) {
      try {
        const decoded = await decoder.decode({ filePath, maxSide, timeoutMs: Math.max(1, deadline - Date.now()), signal });
        const orientation = decoded.upright ? 1 : (opts.orientation ?? (probe ??= await probeEmbedded(filePath)).orientation ?? 1);
        master = await masterOfDecoded(decoded, maxSide, secondsLeft(), orientation);
        source = { kind: 'decoded', decoder: decoder.name, detail: decoded.source };
      } catch (err) {
        if (err instanceof DecoderFailure) failure = new DecodeFailure(err.reason, `${err.reason}: ${err.message}`, { cause: err });
        else if (err instanceof DecodeFailure) failure = err;
        else throw err;
      }
    }
    if (master === undefined && rawFirst) {
      const embedded = await fromEmbedded();
      if (embedded !== undefined) ({ master, source } = embedded);
    }
    if (master === undefined) {
      try {
        master = await decodeMaster(filePath, maxSide, secondsLeft(), undefined);
        source = { kind: 'original' };
      } catch (err) {
        if (!(err instanceof DecodeFailure)) throw err;
        // A format decoder's reason (an HEIC too large, a password-protected PDF) says more than libvips' refusal.
        failure ??= err;
      }
    }
    if (master === undefined && !rawFirst) {
      const embedded = await fromEmbedded();
      if (embedded !== undefined) ({ master, source } = embedded);
    }
    if (master === undefined) {
      const reason = failure?.reason ?? 'UnsupportedImage';
      throw new MediaError('NoPreview', `No preview for ${filePath}: ${failure?.message ?? 'no decodable image'}`, {
        reason,
        cause: failure?.cause,
      });
    }
    if (signal.aborted) {
      throw new MediaError('Timeout', `Making previews of ${filePath} took longer than ${timeoutMs} ms`);
    }

    await mkdir(outDir, { recursive: true }).catch((err: unknown) => {
      throw new MediaError('WriteFailed', `Cannot create ${outDir}: ${(err as Error).message}`, { cause: err });
    });
    const previews = await renderPreviews(master, specs, quality, outDir, baseName, secondsLeft, signal);
    return { previews, orientedWidth: master.orientedWidth, orientedHeight: master.orientedHeight, source };
  });
}

function validateOptions(specs: readonly PreviewSpec[], quality: number, timeoutMs: number, baseName: string): void {
  if (specs.length === 0) throw new RangeError('specs must not be empty');
  for (const spec of specs) {
    if (!Number.isInteger(spec.size) || spec.size < 1 || spec.size > 10_000) {
      throw new RangeError(`Invalid preview size ${spec.size} px (integer 1-10000)`);
    }
  }
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) {
    throw new RangeError(`Invalid JPEG quality ${quality}`);
  }
  if (!(timeoutMs > 0)) throw new RangeError(`Invalid timeout ${timeoutMs} ms`);
  if (baseName === '' || /[/\\\0]/.test(baseName)) {
    throw new RangeError(`Invalid base name ${JSON.stringify(baseName)}`);
  }
}

/**
 * Adds the operations that turn an image stored with EXIF orientation `o` (1-8, EXIF/TIFF tag 0x0112 Orientation)
 * upright, for images whose orientation comes from elsewhere (an embedded preview takes its original's). sharp
 * mirrors before it rotates, hence flip/flop first. Values outside 2-8 leave the image unchanged. The tests check
 * it against libvips' own autorotation on formats/orientation-tiny.
 *
 * @returns the same sharp pipeline, for chaining; never throws (libvips errors surface when the pipeline runs).
 */
export function applyOrientation(image: Sharp, o: number): Sharp {
  switch (o) {
    case 2:
      return image.flop();
    case 3:
      return image.rotate(180);
    case 4:
      return image.flip();
    case 5:
      return image.flip().rotate(90);
    case 6:
      return image.rotate(90);
    case 7:
      return image.flop().rotate(90);
    case 8:
      return image.rotate(270);
    default:
      return image;
  }
}

/**
 * Decodes `input` once into a {@link Master}. With `orientation` undefined the image's own EXIF orientation is
 * applied (libvips autorotate); otherwise `orientation` is.
 *
 * @throws DecodeFailure (classified) when libvips cannot read or decode the input.
 */
async function decodeMaster(source: string | Buffer | RawInput, maxSide: number, timeoutSeconds: number, orientation: number | undefined): Promise<Master> {
  const input = typeof source === 'string' || Buffer.isBuffer(source) ? source : source.data;
  const inputOptions: SharpOptions = typeof source === 'string' || Buffer.isBuffer(source) || source.raw === undefined ? SHARP_INPUT : { ...SHARP_INPUT, raw: source.raw };
  let metadata: Metadata;
  try {
    metadata = await sharp(input, inputOptions).metadata();
  } catch (err) {
    throw classify(err, undefined);
  }
  try {
    // Vector input (SVG) is rendered at the density that makes its longest side the largest preview, not at
    // its nominal 72 dpi size: "never enlarge" is about pixels, and a vector has none.
    const vector = metadata.format === 'svg';
    const density = vector ? svgDensity(metadata, maxSide) : undefined;
    let image = sharp(input, density === undefined ? inputOptions : { ...inputOptions, density });
    image = orientation === undefined ? image.autoOrient() : applyOrientation(image, orientation);
    const { data, info } = await image
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .timeout({ seconds: timeoutSeconds })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`Unexpected ${info.channels} channels after sRGB conversion`);
    const swap = orientation === undefined ? swapsAxes(metadata.orientation) : swapsAxes(orientation);
    return {
      data,
      width: info.width,
      height: info.height,
      orientedWidth: vector ? info.width : swap ? metadata.height : metadata.width,
      orientedHeight: vector ? info.height : swap ? metadata.width : metadata.height,
    };
  } catch (err) {
    throw classify(err, metadata);
  }
}

/**
 * Turns a format decoder's picture into a {@link Master}: encoded bytes or raw pixels through the same libvips
 * pipeline as files, turned by `orientation` (1 for upright pictures). The upright size is the decoder's
 * `contentWidth`×`contentHeight` when it gives one (a poster frame scaled from a larger video).
 *
 * @throws DecodeFailure when libvips cannot read the picture.
 */
async function masterOfDecoded(decoded: DecodeResult, maxSide: number, timeoutSeconds: number, orientation: number): Promise<Master> {
  const { picture } = decoded;
  const input =
    picture.kind === 'encoded'
      ? { data: Buffer.from(picture.data.buffer, picture.data.byteOffset, picture.data.byteLength) }
      : {
          data: Buffer.from(picture.data.buffer, picture.data.byteOffset, picture.data.byteLength),
          raw: { width: picture.width, height: picture.height, channels: picture.channels },
        };
  const master = await decodeMaster(input, maxSide, timeoutSeconds, orientation);
  if (decoded.contentWidth !== undefined && decoded.contentHeight !== undefined) {
    return { ...master, orientedWidth: decoded.contentWidth, orientedHeight: decoded.contentHeight };
  }
  return master;
}

/** SVG nominal size is at 72 dpi; libvips accepts densities from 1 to 100 000 dpi. */
const SVG_NOMINAL_DPI = 72;

/** Density (dpi) at which an SVG's longest side renders as `maxSide` px. */
function svgDensity(metadata: Metadata, maxSide: number): number {
  const longest = Math.max(metadata.width, metadata.height, 1);
  return Math.min(100_000, Math.max(1, (SVG_NOMINAL_DPI * maxSide) / longest));
}

function classify(err: unknown, metadata: Metadata | undefined): DecodeFailure {
  const message = err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
  let reason: NoPreviewReason = 'CorruptImage';
  if (/pixel limit/i.test(message)) reason = 'ImageTooLarge';
  else if (/unsupported image format/i.test(message)) reason = 'UnsupportedImage';
  // The prebuilt libvips has libheif without an HEVC decoder: HEIC headers read, pixels do not.
  else if (metadata?.format === 'heif' && metadata.compression === 'hevc') reason = 'UnsupportedImage';
  return new DecodeFailure(reason, `${reason}: ${message}`, { cause: err });
}

interface EmbeddedProbe {
  /** ExifTool `File:FileType` (e.g. `NEF`, `JPEG`). */
  fileType: string | undefined;
  /** Orientation of the original (see `pickOrientation`). */
  orientation: number | undefined;
  /** Group-qualified binary tags, largest first. */
  candidates: { tag: string; bytes: number }[];
}

/** Asks ExifTool which embedded images the file holds (and their sizes), plus its type and orientation. */
async function probeEmbedded(filePath: string): Promise<EmbeddedProbe> {
  let tags: GroupedTags;
  try {
    tags = (await getExiftool().readRaw(filePath, {
      readArgs: ['-G1', '-n', '-File:FileType', '-Orientation', ...EMBEDDED_IMAGE_TAGS.map((t) => `-${t}`)],
      useMWG: false,
    })) as GroupedTags;
  } catch (err) {
    if (isExiftoolTimeout(err)) {
      throw new MediaError('Timeout', `ExifTool did not finish reading ${filePath}: ${(err as Error).message}`, {
        cause: err,
      });
    }
    return { fileType: undefined, orientation: undefined, candidates: [] };
  }
  const candidates: { tag: string; bytes: number }[] = [];
  for (const [key, value] of Object.entries(tags)) {
    const name = key.slice(key.indexOf(':') + 1);
    if (!(EMBEDDED_IMAGE_TAGS as readonly string[]).includes(name)) continue;
    const bytes = toNumber(/^\(Binary data (\d+) bytes/.exec(String(value))?.[1]);
    if (bytes !== undefined && bytes > 0) candidates.push({ tag: key, bytes });
  }
  candidates.sort((a, b) => b.bytes - a.bytes);
  const fileType = typeof tags['File:FileType'] === 'string' ? tags['File:FileType'] : undefined;
  return { fileType, orientation: pickOrientation(tags), candidates };
}

/**
 * Extracts the embedded images of `probe`, largest first, into a temporary folder, and decodes the first that
 * libvips accepts. `undefined` when none does.
 */
async function decodeEmbedded(
  filePath: string,
  probe: EmbeddedProbe,
  orientationOverride: number | undefined,
  maxSide: number,
  secondsLeft: () => number,
  signal: AbortSignal,
): Promise<{ master: Master; source: PreviewSource } | undefined> {
  if (probe.candidates.length === 0) return undefined;
  const orientation = orientationOverride ?? probe.orientation ?? 1;
  const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'magpie-embedded-'));
  try {
    for (const [index, candidate] of probe.candidates.entries()) {
      if (signal.aborted) return undefined;
      const tmpFile = path.join(tmpDir, `${index}.bin`);
      try {
        await getExiftool().extractBinaryTag(candidate.tag, filePath, tmpFile);
        const buffer = await readFile(tmpFile);
        const master = await decodeMaster(buffer, maxSide, secondsLeft(), orientation);
        return { master, source: { kind: 'embedded', tag: candidate.tag } };
      } catch (err) {
        if (isExiftoolTimeout(err)) {
          throw new MediaError('Timeout', `ExifTool did not finish extracting ${candidate.tag} from ${filePath}`, {
            cause: err,
          });
        }
        // Stubs, truncated or exotic embedded images: try the next one.
      }
    }
    return undefined;
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
}

/** Resizes and encodes every spec from the master and writes the files; removes this call's files on failure. */
async function renderPreviews(
  master: Master,
  specs: readonly PreviewSpec[],
  quality: number,
  outDir: string,
  baseName: string,
  secondsLeft: () => number,
  signal: AbortSignal,
): Promise<Preview[]> {
  // A new pipeline on the same pixels per preview: sharp's clone() would structuredClone the whole master (~5 MB)
  // each time, which was a quarter of an ingest's time.
  const source = () => sharp(master.data, { raw: { width: master.width, height: master.height, channels: 3 } });
  const encoded = new Map<string, Promise<{ data: Buffer; width: number; height: number }>>();
  const encode = (spec: PreviewSpec) => {
    let pipeline = source();
    let key: string;
    if (spec.square) {
      const side = Math.min(spec.size, master.width, master.height);
      key = `square:${side}`;
      pipeline = pipeline.resize({ width: side, height: side, fit: 'cover', position: 'centre' });
    } else if (Math.max(master.width, master.height) <= spec.size) {
      key = 'full';
    } else {
      key = `inside:${spec.size}`;
      pipeline = pipeline.resize({ width: spec.size, height: spec.size, fit: 'inside', withoutEnlargement: true });
    }
    let job = encoded.get(key);
    if (job === undefined) {
      job = pipeline
        .jpeg({ ...PREVIEW_JPEG_OPTIONS, quality })
        .timeout({ seconds: secondsLeft() })
        .toBuffer({ resolveWithObject: true })
        .then(({ data, info }) => ({ data, width: info.width, height: info.height }));
      encoded.set(key, job);
    }
    return job;
  };

  const written: string[] = [];
  try {
    const outputs = await Promise.all(specs.map((spec) => encode(spec)));
    const previews: Preview[] = [];
    for (const [index, spec] of specs.entries()) {
      const output = outputs[index];
      if (output === undefined) continue;
      if (signal.aborted) throw new MediaError('Timeout', 'Preview generation was aborted by its deadline');
      const file = path.resolve(outDir, `${baseName}-${spec.size}${spec.square ? 'q' : ''}.jpg`);
      await writeFileAtomic(file, output.data);
      written.push(file);
      previews.push({ size: spec.size, width: output.width, height: output.height, square: spec.square, file });
    }
    return previews;
  } catch (err) {
    await Promise.all(written.map((file) => unlink(file).catch(() => undefined)));
    if (err instanceof MediaError) throw err;
    throw new MediaError('WriteFailed', `Cannot encode previews: ${(err as Error).message}`, { cause: err });
  }
}
