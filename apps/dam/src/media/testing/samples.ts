/**
 * Test support: the shared sample media (`/work/shared/samples`, read-only) and its `manifest.json`, the ground
 * truth for media tests (ExifTool 12.57's reading, see the samples README "manifest.json"). Tests compute their
 * expectations from the manifest; they never copy the samples into the repository.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Folder of the sample media; override with `MAGPIE_SAMPLES_DIR`. */
export const SAMPLES_DIR = process.env['MAGPIE_SAMPLES_DIR'] ?? '/work/shared/samples';

/** True when the samples are present (the media suites skip otherwise). */
export const HAVE_SAMPLES = existsSync(path.join(SAMPLES_DIR, 'manifest.json'));

/** A value given separately per metadata standard (`null`: the tag is absent). */
export interface PerStandard<T> {
  XMP: T | null;
  IPTC: T | null;
  EXIF?: T | null;
}

/** The `exiftool` object of a manifest entry (`exiftool -j -n -G1 -struct`, reshaped). */
export interface ManifestExif {
  Make: string | null;
  Model: string | null;
  DateTimeOriginal: string | null;
  CreateDate: string | null;
  /** 1-8; 0 = invalid value stored; null = no tag. */
  Orientation: number | null;
  ImageWidth: number | string | null;
  ImageHeight: number | string | null;
  FileImageWidth: number | null;
  FileImageHeight: number | null;
  GPS: boolean;
  GPSLatitude: number | null;
  GPSLongitude: number | null;
  Title: PerStandard<string | number>;
  Headline: PerStandard<string | number>;
  Description: PerStandard<string | number>;
  Keywords: PerStandard<(string | number)[]>;
  Creator: PerStandard<(string | number)[]>;
  City: PerStandard<string | number>;
  Country: PerStandard<string | number>;
  Copyright: PerStandard<string | number>;
  tag_groups: Record<string, string>;
  exiftool_error?: string | null;
  exiftool_warning?: string | null;
}

/** One file of the samples. */
export interface ManifestEntry {
  /** Path relative to {@link SAMPLES_DIR}. */
  path: string;
  bytes: number;
  mime: string;
  category: string;
  bad_input: boolean;
  notes: string;
  exiftool: ManifestExif | null;
}

let cached: ManifestEntry[] | undefined;

/** All manifest entries (empty when the samples are missing). */
export function loadManifest(): ManifestEntry[] {
  if (!HAVE_SAMPLES) return [];
  cached ??= JSON.parse(readFileSync(path.join(SAMPLES_DIR, 'manifest.json'), 'utf8')) as ManifestEntry[];
  return cached;
}

/** Absolute path of a sample. */
export function samplePath(entry: ManifestEntry | string): string {
  return path.join(SAMPLES_DIR, typeof entry === 'string' ? entry : entry.path);
}

/** Manifest entries under `folder/` (recursively), minus those under any of `exclude`. */
export function entriesUnder(folder: string, exclude: readonly string[] = []): ManifestEntry[] {
  const inside = (p: string, dir: string) => p.startsWith(`${dir.replace(/\/$/, '')}/`);
  return loadManifest().filter((e) => inside(e.path, folder) && !exclude.some((x) => inside(e.path, x)));
}

/** Files on disk under `folder/` (relative to {@link SAMPLES_DIR}), recursively, for checking manifest coverage. */
export function filesOnDisk(folder: string): string[] {
  const root = path.join(SAMPLES_DIR, folder);
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(SAMPLES_DIR, path.join(d.parentPath, d.name)));
}

/** Trimmed, non-blank text values: the normalisation readMetadata applies (numbers as ExifTool's JSON printed them). */
export function texts(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((v) => String(v).trim()).filter((v) => v !== '');
}

/** First non-blank source as a single value (`XMP ?? IPTC ?? EXIF`), joined like readMetadata joins lists. */
export function firstSingle(...sources: unknown[]): string | undefined {
  for (const source of sources) {
    const values = texts(source);
    if (values.length > 0) return values.join('; ');
  }
  return undefined;
}

/** First non-blank source as a bag. */
export function firstBag(...sources: unknown[]): string[] | undefined {
  for (const source of sources) {
    const values = texts(source);
    if (values.length > 0) return values;
  }
  return undefined;
}

/** Manifest orientation with 0 (invalid) and null as "none". */
export function manifestOrientation(exif: ManifestExif): number | undefined {
  const o = exif.Orientation;
  return o !== null && o >= 1 && o <= 8 ? o : undefined;
}

/** Stored pixel size per the manifest: `FileImageWidth/Height`, else `ImageWidth/Height` when numeric. */
export function manifestStoredSize(exif: ManifestExif): { width: number; height: number } | undefined {
  const width = exif.FileImageWidth ?? (typeof exif.ImageWidth === 'number' ? exif.ImageWidth : null);
  const height = exif.FileImageHeight ?? (typeof exif.ImageHeight === 'number' ? exif.ImageHeight : null);
  return width !== null && height !== null ? { width, height } : undefined;
}

/** Runs `fn` over `items` with at most `limit` calls in flight; results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Settles `promise` or rejects with "hang" after `ms` (for "never hangs" checks). */
export async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hang: no result after ${ms} ms`)), ms);
  });
  try {
    return { ok: true, value: await Promise.race([promise, hang]) };
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('hang:')) throw error;
    return { ok: false, error };
  } finally {
    clearTimeout(timer);
  }
}
