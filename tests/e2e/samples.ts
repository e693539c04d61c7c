/**
 * Sample files for the end-to-end tests, chosen from the shared samples' manifest.json (its metadata, read by
 * ExifTool, is the ground truth): JPEGs with IPTC/XMP keywords. Titles and keywords are computed from the manifest
 * the way the DAM maps them (XMP first, then IPTC: apps/dam/src/media/metadata.ts), never hard-coded.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './stack.ts';

/** Where the shared samples live (`MAGPIE_SAMPLES_DIR`, default `../shared/samples` beside the repository). */
export const SAMPLES_DIR = process.env.MAGPIE_SAMPLES_DIR ?? path.resolve(REPO_ROOT, '../shared/samples');

type Pair<T> = { XMP: T | null; IPTC: T | null };
interface ManifestEntry {
  path: string;
  bytes: number;
  mime: string;
  bad_input: boolean;
  exiftool: {
    Title: Pair<string>;
    Description: Pair<string>;
    Keywords: Pair<string[]>;
    Creator: Pair<string[]>;
    FileImageWidth: number | null;
  } | null;
}

/** A sample with the metadata the DAM will show for it. */
export interface Sample {
  /** Absolute path. */
  readonly file: string;
  /** File name (the asset's `filename`). */
  readonly name: string;
  readonly bytes: number;
  /** The title field (5), or undefined when the file has none. */
  readonly title: string | undefined;
  /** The keywords field (25). */
  readonly keywords: readonly string[];
  /** Every word the DAM's free-text search indexes for it: title, keywords, byline, description, file name. */
  readonly searchableText: string;
}

function first<T>(pair: Pair<T> | undefined): T | undefined {
  if (!pair) return undefined;
  const candidates = [pair.XMP, pair.IPTC];
  for (const value of candidates) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value) ? value.length > 0 : String(value).trim() !== '') return value;
  }
  return undefined;
}

function toSample(entry: ManifestEntry): Sample {
  const x = entry.exiftool!;
  const title = first(x.Title);
  const keywords = first(x.Keywords) ?? [];
  const name = path.basename(entry.path);
  return {
    file: path.join(SAMPLES_DIR, entry.path),
    name,
    bytes: entry.bytes,
    title: typeof title === 'string' ? title.trim() : undefined,
    keywords: keywords.map(String),
    searchableText: [title ?? '', ...keywords, ...(first(x.Creator) ?? []), first(x.Description) ?? '', name].join(' '),
  };
}

/** Every usable sample: a renderable JPEG, not bad input, with keywords, smaller than 3 MB. */
export function keywordSamples(): Sample[] {
  const manifest = JSON.parse(readFileSync(path.join(SAMPLES_DIR, 'manifest.json'), 'utf8')) as ManifestEntry[];
  return manifest
    .filter(
      (e) =>
        !e.bad_input &&
        e.mime === 'image/jpeg' &&
        e.bytes < 3_000_000 &&
        e.exiftool !== null &&
        (e.exiftool.FileImageWidth ?? 0) >= 32 &&
        (first(e.exiftool.Keywords)?.length ?? 0) > 0,
    )
    .map(toSample);
}

/** `count` samples, the `preferred` ones (by manifest path suffix) first when usable. */
export function pickSamples(count: number, preferred: readonly string[] = []): Sample[] {
  const all = keywordSamples();
  const chosen: Sample[] = [];
  for (const suffix of preferred) {
    const sample = all.find((s) => s.file.endsWith(suffix));
    if (sample && !chosen.includes(sample)) chosen.push(sample);
  }
  for (const sample of all) {
    if (chosen.length >= count) break;
    if (!chosen.includes(sample)) chosen.push(sample);
  }
  if (chosen.length < count) throw new Error(`Only ${chosen.length} usable keyword samples in ${SAMPLES_DIR}`);
  return chosen.slice(0, count);
}

/**
 * A keyword of `target` to search for: one plain word (letters only, at least 4 long) that does not occur in the
 * searchable text of the `others`, so the search must find exactly the target among the uploaded files.
 */
export function distinctiveKeyword(target: Sample, others: readonly Sample[]): string {
  const words = target.keywords.flatMap((k) => k.split(/\s+/)).filter((w) => /^\p{L}{4,}$/u.test(w));
  const keyword = words.find((w) => !others.some((o) => o.searchableText.toLowerCase().includes(w.toLowerCase())));
  if (!keyword) throw new Error(`No distinctive keyword in ${target.name}: ${target.keywords.join(', ')}`);
  return keyword;
}
