import { getExiftool } from './exiftool.ts';
import { MediaError } from './errors.ts';
import { GROUPED_READ_ARGS, keysForTag, pickOrientation, toNumber, type GroupedTags } from './tags.ts';
import { checkReadableFile, isExiftoolTimeout } from './util.ts';
import { withoutServerPaths } from '../lib/server-paths.ts';

/** A FotoWeb metadata value: single-value fields are strings, bag (multi-instance) fields are arrays. */
export type FieldValue = string | string[];

/** Colour model of the stored pixels, as FotoWeb's `imageattributes.colorspace` (spec 02 §9: rgb, cmyk, grayscale). */
export type Colorspace = 'rgb' | 'cmyk' | 'grayscale' | 'unknown';

/**
 * Technical facts about the file (FotoWeb API notes §3.3 `attributes.imageattributes` / `videoattributes`).
 * Every member is absent when the file does not say.
 */
export interface TechnicalMetadata {
  /** Camera or device maker (EXIF `Make`, else XMP-tiff / QuickTime). */
  make?: string;
  /** Camera or device model (EXIF `Model`, else XMP-tiff / QuickTime). */
  model?: string;
  /**
   * When the picture was taken, ISO 8601 (`2008-05-30T15:56:01`, with `+02:00`/`Z` when the file states the zone,
   * date only when only a date is known). Same source chain as field 55, see {@link readMetadata}.
   */
  dateTimeOriginal?: string;
  /**
   * EXIF orientation 1-8 (1 = upright; 5-8 swap width and height for display). Invalid stored values (0) are
   * dropped. For videos without EXIF orientation it is derived from the track rotation (90° → 6, 180° → 3,
   * 270° → 8).
   */
  orientation?: number;
  /** Stored width in px, before orientation (JPEG SOF, PNG IHDR, TIFF IFD0, HEIC ispe, video track…). */
  width?: number;
  /** Stored height in px, before orientation. */
  height?: number;
  /** Colour model of the stored pixels; `unknown` for images whose model the metadata does not reveal. */
  colorspace?: Colorspace;
  /** Horizontal resolution in dots per inch (converted from px/cm or px/m), rounded to 0.01. */
  resolution?: number;
  /** Position in signed decimal degrees (WGS 84): ExifTool's composite GPS tags, else XMP-exif GPS. */
  gps?: { lat: number; lon: number };
  /** MIME type as ExifTool identifies the content (`File:MIMEType`). */
  mimeType?: string;
  /** Play time of audio/video (or animation) in seconds. */
  duration?: number;
  /** Video track facts (ExifTool's QuickTime/RIFF/Matroska track tags); absent for files without a video track. */
  video?: {
    /** Codec as the container names it: `avc1`, `hvc1`, `mp4v`, `vp09`… */
    codec?: string;
    /** Frames per second, rounded to 0.001. */
    frameRate?: number;
    /** Average bit rate of the whole file in bit/s. */
    bitRate?: number;
  };
  /** Audio track facts; absent for files without an audio track. */
  audio?: {
    /** Codec as the container names it: `mp4a`, `alac`, `samr`, `MP3`… */
    codec?: string;
    /** Samples per second (Hz). */
    sampleRate?: number;
    /** Number of channels (1 mono, 2 stereo…). */
    channels?: number;
  };
  /** Number of pages of a document (PDF `PageCount`, multi-page TIFF is not counted here). */
  pageCount?: number;
}

/** What {@link readMetadata} returns. */
export interface MediaMetadata {
  /** Embedded metadata keyed by FotoWeb field id (`"5"`, `"25"`…); only fields with a non-blank value are present. */
  fields: Record<string, FieldValue>;
  technical: TechnicalMetadata;
  /**
   * ExifTool's `Error` and `Warning` for the file (and the read failure, if any), in that order, no duplicates; the
   * file's path reads "the file" and any other absolute path `[path]` (they are shown to users).
   */
  warnings: string[];
}

export interface FieldRule {
  /** FotoWeb field id (FotoWeb API notes §4 Field IDs). */
  readonly id: string;
  /** Multi-instance (bag) field: the value is always an array. */
  readonly bag: boolean;
  /** Group-qualified ExifTool tags in priority order; the first with a non-blank value wins. */
  readonly sources: readonly string[];
}

/**
 * Field id ← ExifTool tags, XMP first, then IPTC IIM, then EXIF where the IPTC/MWG mapping has one.
 * Ids: FotoWeb API notes §4 (FotoWare default XMP configuration). Tag pairs: IPTC Photo Metadata Standard
 * (IIM ↔ XMP mapping), as exposed by ExifTool's group names.
 */
export const FIELD_RULES: readonly FieldRule[] = [
  { id: '5', bag: false, sources: ['XMP-dc:Title', 'IPTC:ObjectName'] },
  { id: '15', bag: false, sources: ['XMP-photoshop:Category', 'IPTC:Category'] },
  { id: '20', bag: true, sources: ['XMP-photoshop:SupplementalCategories', 'IPTC:SupplementalCategories'] },
  { id: '25', bag: true, sources: ['XMP-dc:Subject', 'IPTC:Keywords'] },
  { id: '40', bag: false, sources: ['XMP-photoshop:Instructions', 'IPTC:SpecialInstructions'] },
  { id: '80', bag: true, sources: ['XMP-dc:Creator', 'IPTC:By-line', 'IFD0:Artist'] },
  { id: '85', bag: false, sources: ['XMP-photoshop:AuthorsPosition', 'IPTC:By-lineTitle'] },
  { id: '90', bag: false, sources: ['XMP-photoshop:City', 'IPTC:City'] },
  { id: '95', bag: false, sources: ['XMP-photoshop:State', 'IPTC:Province-State'] },
  { id: '100', bag: false, sources: ['XMP-iptcCore:CountryCode', 'IPTC:Country-PrimaryLocationCode'] },
  { id: '101', bag: false, sources: ['XMP-photoshop:Country', 'IPTC:Country-PrimaryLocationName'] },
  { id: '105', bag: false, sources: ['XMP-photoshop:Headline', 'IPTC:Headline'] },
  { id: '110', bag: false, sources: ['XMP-photoshop:Credit', 'IPTC:Credit'] },
  { id: '115', bag: false, sources: ['XMP-photoshop:Source', 'IPTC:Source'] },
  { id: '116', bag: false, sources: ['XMP-dc:Rights', 'IPTC:CopyrightNotice', 'IFD0:Copyright'] },
  { id: '120', bag: false, sources: ['XMP-dc:Description', 'IPTC:Caption-Abstract', 'IFD0:ImageDescription'] },
  { id: '122', bag: false, sources: ['XMP-photoshop:CaptionWriter', 'IPTC:Writer-Editor'] },
];

/** FotoWeb field id of Created Date (FotoWeb API notes §4). */
const CREATED_DATE_FIELD = '55';

/**
 * Placeholder captions cameras write into EXIF `ImageDescription`; they are not descriptions, so field 120 ignores
 * them (the EXIF fallback only).
 */
const CAMERA_PLACEHOLDER_DESCRIPTIONS = new Set(
  [
    'OLYMPUS DIGITAL CAMERA',
    'SONY DSC',
    'DIGITAL CAMERA',
    'KONICA MINOLTA DIGITAL CAMERA',
    'MINOLTA DIGITAL CAMERA',
    'SAMSUNG DIGITAL CAMERA',
    'LEICA DIGITAL CAMERA',
    'SANYO DIGITAL CAMERA',
    'EXIF_JPEG_PICTURE',
    'DEFAULT',
  ].map((s) => s.toUpperCase()),
);

/**
 * Reads the embedded metadata of a media file with ExifTool (`exiftool -j -G1 -struct -n`, no MWG composites), so
 * XMP, IPTC IIM and EXIF values are told apart exactly as in `/work/shared/samples/manifest.json`.
 *
 * Fields (FotoWeb API notes §4 Field IDs), XMP preferred, then IPTC IIM, then EXIF where noted:
 * 5 title, 15 category, 20 supplemental categories (bag), 25 keywords (bag), 40 special instructions, 55 created
 * date, 80 byline (bag; EXIF `Artist` last), 85 byline title, 90 city, 95 province/state, 100 country code,
 * 101 country, 105 headline, 110 credit, 115 source, 116 copyright (EXIF `Copyright` last), 120 description (EXIF
 * `ImageDescription` last, unless blank or a camera placeholder such as "OLYMPUS DIGITAL CAMERA"), 122 caption
 * writer. Values are trimmed, blank values dropped; bags are always arrays, single fields strings. Lang-alt fields
 * use the `x-default` value. IPTC text is decoded as ExifTool does by default (UTF-8 when `CodedCharacterSet` says
 * so, else Latin-1/cp1252).
 *
 * Field 55 is an ISO 8601 date (`YYYY-MM-DD`; FotoWeb stores the IPTC form `YYYYMMDD`) taken from the first of:
 * EXIF/XMP `DateTimeOriginal`, XMP-photoshop `DateCreated`, IPTC `DateCreated`, then `CreateDate` (EXIF, XMP,
 * QuickTime). This is the MWG order for "date taken"; IPTC comes before `CreateDate` because on scans `CreateDate`
 * is the scan date. Zero dates (`0000:00:00`) are ignored.
 *
 * @param filePath - path of the file to read (any format ExifTool knows; unknown formats give few tags).
 * @returns fields, technical facts and ExifTool's warnings. A broken file is not an error: ExifTool's `Error`
 *   (e.g. "File format error") and `Warning` end up in `warnings`, with whatever could be read.
 * @throws MediaError `UnreadableFile` (missing, not a file, no permission), `EmptyFile` (0 bytes), `Timeout` (ExifTool
 *   took longer than `EXIFTOOL_TASK_TIMEOUT_MS`, 20 s).
 */
export async function readMetadata(filePath: string): Promise<MediaMetadata> {
  await checkReadableFile(filePath);
  let tags: GroupedTags;
  const warnings: string[] = [];
  try {
    tags = (await getExiftool().readRaw(filePath, {
      readArgs: [...GROUPED_READ_ARGS],
      useMWG: false,
      // Keep ExifTool's "[minor]" warnings (no -m), as in manifest.json.
      ignoreMinorErrors: false,
    })) as GroupedTags;
  } catch (err) {
    if (isExiftoolTimeout(err)) {
      throw new MediaError('Timeout', `ExifTool did not finish reading ${filePath}: ${(err as Error).message}`, {
        cause: err,
      });
    }
    return { fields: {}, technical: {}, warnings: [withoutServerPaths(`ExifTool failed: ${(err as Error).message}`, [[filePath, 'the file']])] };
  }

  for (const message of [tags['ExifTool:Error'], tags['ExifTool:Warning'], ...asArray(tags['errors']), ...asArray(tags['warnings'])]) {
    // ExifTool names the file by its local path in some messages; warnings are shown to users (issue 9).
    const warning = typeof message === 'string' ? withoutServerPaths(message.trim(), [[filePath, 'the file']]) : '';
    if (warning !== '' && !warnings.includes(warning)) warnings.push(warning);
  }
  return { fields: mapFields(tags), technical: mapTechnical(tags), warnings };
}

/**
 * Builds the FotoWeb field-id map from one file's grouped tags (the mapping of {@link readMetadata}, exported so it
 * can be tested without ExifTool).
 *
 * @param tags - `exiftool -j -G1 -struct -n` output for one file (keys like `XMP-dc:Title`).
 * @returns fields by id, sorted by numeric id; bags as arrays, single fields as strings. Never throws.
 */
export function mapFields(tags: GroupedTags): Record<string, FieldValue> {
  const fields: Record<string, FieldValue> = {};
  for (const rule of FIELD_RULES) {
    for (const source of rule.sources) {
      let values = textValues(tags[source]);
      if (source === 'IFD0:ImageDescription') {
        values = values.filter((v) => !CAMERA_PLACEHOLDER_DESCRIPTIONS.has(v.toUpperCase()));
      }
      if (values.length === 0) continue;
      fields[rule.id] = rule.bag ? values : values.join('; ');
      break;
    }
  }
  const created = pickCreated(tags);
  if (created !== undefined) fields[CREATED_DATE_FIELD] = created.slice(0, 10);
  return sortById(fields);
}

function sortById(fields: Record<string, FieldValue>): Record<string, FieldValue> {
  return Object.fromEntries(Object.entries(fields).sort(([a], [b]) => Number(a) - Number(b)));
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** Trimmed, non-blank text values of a tag (numbers printed as ExifTool printed them; structures ignored). */
function textValues(value: unknown): string[] {
  return asArray(value)
    .filter((v): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v))
    .map((v) => String(v).trim())
    .filter((v) => v !== '');
}

function firstText(tags: GroupedTags, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const [value] = textValues(tags[key]);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Date sources for "date taken", in priority order (see {@link readMetadata}). */
const CREATED_SOURCES: readonly { key: string; offsetKey?: string; utc?: boolean; timeKey?: string }[] = [
  { key: 'ExifIFD:DateTimeOriginal', offsetKey: 'ExifIFD:OffsetTimeOriginal' },
  { key: 'XMP-exif:DateTimeOriginal' },
  { key: 'XMP-photoshop:DateCreated' },
  { key: 'IPTC:DateCreated', timeKey: 'IPTC:TimeCreated' },
  { key: 'ExifIFD:CreateDate', offsetKey: 'ExifIFD:OffsetTimeDigitized' },
  { key: 'XMP-xmp:CreateDate' },
  { key: 'Keys:CreationDate' },
  { key: 'UserData:DateTimeOriginal' },
  // QuickTime movie header dates are UTC by the QuickTime spec.
  { key: 'QuickTime:CreateDate', utc: true },
];

function pickCreated(tags: GroupedTags): string | undefined {
  // Maker groups (FLIR, Ricoh…) also carry a DateTimeOriginal; it beats the IPTC/XMP "date created" fallbacks.
  const makerOriginal = keysForTag(tags, 'DateTimeOriginal')
    .filter((key) => !CREATED_SOURCES.some((s) => s.key === key))
    .map((key): (typeof CREATED_SOURCES)[number] => ({ key }));
  for (const source of [...CREATED_SOURCES.slice(0, 2), ...makerOriginal, ...CREATED_SOURCES.slice(2)]) {
    const raw = tags[source.key];
    if (typeof raw !== 'string') continue;
    let text = raw;
    const time = source.timeKey === undefined ? undefined : tags[source.timeKey];
    if (typeof time === 'string' && !/\d:\d\d:\d\d/.test(raw.slice(10))) text = `${raw} ${time}`;
    let iso = exifDateToIso(text);
    if (iso === undefined) continue;
    if (iso.length > 10 && !/(Z|[+-]\d\d:\d\d)$/.test(iso)) {
      const offset = source.offsetKey === undefined ? undefined : normaliseOffset(tags[source.offsetKey]);
      if (offset !== undefined) iso += offset;
      else if (source.utc === true) iso += 'Z';
    }
    return iso;
  }
  return undefined;
}

function normaliseOffset(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^([+-])(\d\d):?(\d\d)$/.exec(value.trim());
  return m === null ? (value.trim() === 'Z' ? 'Z' : undefined) : `${m[1]}${m[2]}:${m[3]}`;
}

/**
 * Converts ExifTool's raw date `YYYY:MM:DD[ hh:mm[:ss[.fff]]][Z|±hh:mm]` (also with `-` separators or `T`), as
 * EXIF 2.3 DateTime* and IPTC/XMP dates are printed with `-n`, to ISO 8601 (`YYYY-MM-DD[Thh:mm:ss[.fff]][Z|±hh:mm]`).
 *
 * @returns the ISO string; `undefined` for zero (`0000:00:00`), partial (year only) or impossible dates, never throws.
 *   An impossible time keeps the date only.
 */
export function exifDateToIso(value: string): string | undefined {
  const m = /^(\d{4})[:-](\d{2})[:-](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(value.trim());
  if (m === null) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year === 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  const date = `${y}-${mo}-${d}`;
  if (h === undefined || mi === undefined) return date;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? '0') > 59) return date;
  const tz = zone === undefined ? '' : zone.toUpperCase() === 'Z' ? 'Z' : (normaliseOffset(zone) ?? '');
  return `${date}T${h}:${mi}:${s ?? '00'}${frac ?? ''}${tz}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Builds {@link TechnicalMetadata} from one file's grouped tags (the mapping of {@link readMetadata}, exported so it
 * can be tested without ExifTool). Sizes in px, resolution in dpi, duration in s, GPS in signed decimal degrees.
 *
 * @param tags - `exiftool -j -G1 -struct -n` output for one file.
 * @returns the facts the tags reveal; absent members are unknown. Never throws.
 */
export function mapTechnical(tags: GroupedTags): TechnicalMetadata {
  const technical: TechnicalMetadata = {};
  const mimeType = firstText(tags, ['File:MIMEType']);
  if (mimeType !== undefined) technical.mimeType = mimeType;

  const make = firstText(tags, ['IFD0:Make', 'XMP-tiff:Make', 'Keys:Make', 'UserData:Make', ...keysForTag(tags, 'Make')]);
  if (make !== undefined) technical.make = make;
  const model = firstText(tags, ['IFD0:Model', 'XMP-tiff:Model', 'Keys:Model', 'UserData:Model', ...keysForTag(tags, 'Model')]);
  if (model !== undefined) technical.model = model;

  const created = pickCreated(tags);
  if (created !== undefined) technical.dateTimeOriginal = created;

  const orientation = pickOrientation(tags) ?? videoOrientation(tags, mimeType);
  if (orientation !== undefined) technical.orientation = orientation;

  const size = storedSize(tags);
  if (size !== undefined) {
    technical.width = size.width;
    technical.height = size.height;
  }

  const colorspace = pickColorspace(tags, mimeType);
  if (colorspace !== undefined) technical.colorspace = colorspace;

  const resolution = pickResolution(tags);
  if (resolution !== undefined) technical.resolution = resolution;

  const gps = pickGps(tags);
  if (gps !== undefined) technical.gps = gps;

  const duration = pickDuration(tags);
  if (duration !== undefined) technical.duration = duration;

  const video = pickVideo(tags, mimeType);
  if (video !== undefined) technical.video = video;
  const audio = pickAudio(tags, mimeType);
  if (audio !== undefined) technical.audio = audio;
  const pageCount = toNumber(tags['PDF:PageCount']);
  if (pageCount !== undefined && Number.isInteger(pageCount) && pageCount > 0) technical.pageCount = pageCount;
  return technical;
}

/** Drops the members whose value is undefined; `undefined` when none is left. */
function compact<T extends Record<string, unknown>>(facts: T): T | undefined {
  const entries = Object.entries(facts).filter(([, value]) => value !== undefined);
  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as T);
}

/** The video track of a movie (`video/*` MIME type, or a container tag naming a video codec). */
function pickVideo(tags: GroupedTags, mimeType: string | undefined): TechnicalMetadata['video'] {
  const codec = firstText(tags, keysForTag(tags, 'CompressorID').concat(keysForTag(tags, 'VideoCodec')));
  if (codec === undefined && !mimeType?.startsWith('video/')) return undefined;
  const rate = firstNumber(tags, keysForTag(tags, 'VideoFrameRate'));
  const bitRate = firstNumber(tags, ['Composite:AvgBitrate']);
  return compact({
    codec,
    frameRate: rate !== undefined && rate > 0 ? Math.round(rate * 1000) / 1000 : undefined,
    bitRate: bitRate !== undefined && bitRate > 0 ? Math.round(bitRate) : undefined,
  });
}

/** The audio track of a movie or sound file. */
function pickAudio(tags: GroupedTags, mimeType: string | undefined): TechnicalMetadata['audio'] {
  const codec = firstText(tags, keysForTag(tags, 'AudioFormat').concat(keysForTag(tags, 'AudioCodec'))) ?? (mimeType === 'audio/mpeg' ? 'MP3' : undefined);
  const sampleRate = firstNumber(tags, keysForTag(tags, 'AudioSampleRate').concat(keysForTag(tags, 'SampleRate')));
  const channels = firstNumber(tags, keysForTag(tags, 'AudioChannels').concat(keysForTag(tags, 'NumChannels')));
  if (codec === undefined && sampleRate === undefined && channels === undefined) return undefined;
  return compact({
    codec,
    sampleRate: sampleRate !== undefined && sampleRate > 0 ? Math.round(sampleRate) : undefined,
    channels: channels !== undefined && Number.isInteger(channels) && channels > 0 ? channels : undefined,
  });
}

/** The first of `keys` whose value is a finite number. */
function firstNumber(tags: GroupedTags, keys: readonly string[]): number | undefined {
  for (const key of keys) {
    const value = toNumber(tags[key]);
    if (value !== undefined && Number.isFinite(value)) return value;
  }
  return undefined;
}

/** Composite (EXIF GPS IFD, QuickTime) position, else XMP-exif's (some files carry empty EXIF GPS tags). */
function pickGps(tags: GroupedTags): { lat: number; lon: number } | undefined {
  for (const group of ['Composite', 'XMP-exif']) {
    const lat = toNumber(tags[`${group}:GPSLatitude`]);
    const lon = toNumber(tags[`${group}:GPSLongitude`]);
    if (lat !== undefined && lon !== undefined && Math.abs(lat) <= 90 && Math.abs(lon) <= 180) return { lat, lon };
  }
  return undefined;
}

function videoOrientation(tags: GroupedTags, mimeType: string | undefined): number | undefined {
  if (mimeType === undefined || !mimeType.startsWith('video/')) return undefined;
  switch (toNumber(tags['Composite:Rotation'])) {
    case 90:
      return 6;
    case 180:
      return 3;
    case 270:
      return 8;
    default:
      return undefined;
  }
}

/** Groups that carry the real stored size of the pixels, per container, in the order ExifTool prefers them. */
const SIZE_GROUPS = ['File', 'PNG', 'GIF', 'RIFF', 'Photoshop', 'Jpeg2000', 'BMP', 'JXL'] as const;

/** File types whose `IFD0` is the stored image (TIFF and TIFF-based RAW), not metadata about another image. */
const TIFF_LIKE_TYPES = new Set(['TIFF', 'BTF', 'DNG', 'CR2', 'NEF', 'NRW', 'ARW', 'SR2', 'PEF', 'ORF', 'ERF', 'IIQ', '3FR']);

function storedSize(tags: GroupedTags): { width: number; height: number } | undefined {
  const pair = (group: string) => {
    const width = toNumber(tags[`${group}:ImageWidth`]);
    const height = toNumber(tags[`${group}:ImageHeight`]);
    return width !== undefined && height !== undefined && width > 0 && height > 0 ? { width, height } : undefined;
  };
  for (const group of SIZE_GROUPS) {
    const size = pair(group);
    if (size !== undefined) return size;
  }
  const fileType = firstText(tags, ['File:FileType']);
  if (fileType !== undefined && TIFF_LIKE_TYPES.has(fileType)) {
    const size = pair('IFD0');
    if (size !== undefined) return size;
  }
  // Videos: the first track whose handler is video ("vide").
  for (const key of keysForTag(tags, 'HandlerType')) {
    const group = key.slice(0, key.indexOf(':'));
    if (/^Track\d+$/.test(group) && tags[key] === 'vide') {
      const size = pair(group);
      if (size !== undefined) return size;
    }
  }
  const composite = /^(\d+)[ x](\d+)$/.exec(String(tags['Composite:ImageSize'] ?? ''));
  if (composite === null) return undefined;
  const [width, height] = [Number(composite[1]), Number(composite[2])];
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/** Formats whose decoded pixels are colour (RGB) whatever the metadata says. */
const RGB_MIME_TYPES = new Set(['image/gif', 'image/webp', 'image/bmp', 'image/heic', 'image/heif', 'image/avif']);

function pickColorspace(tags: GroupedTags, mimeType: string | undefined): Colorspace | undefined {
  // JPEG: number of components in the frame header (YCbCr counts as RGB, YCCK as CMYK).
  switch (toNumber(tags['File:ColorComponents'])) {
    case 1:
      return 'grayscale';
    case 3:
      return 'rgb';
    case 4:
      return 'cmyk';
  }
  const fileType = firstText(tags, ['File:FileType']);
  if (fileType !== undefined && TIFF_LIKE_TYPES.has(fileType)) {
    // TIFF PhotometricInterpretation: 0/1 grey, 2 RGB, 3 palette, 5 separated (CMYK), 6 YCbCr, 8-10 Lab,
    // 32803 CFA and 34892 LinearRaw (camera RAW, rendered as RGB).
    const photometric = toNumber(tags['IFD0:PhotometricInterpretation']);
    if (photometric === 0 || photometric === 1) return 'grayscale';
    if (photometric === 5) return 'cmyk';
    if (photometric !== undefined && [2, 3, 6, 32803, 34892].includes(photometric)) return 'rgb';
  }
  // PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA.
  const pngType = toNumber(tags['PNG:ColorType']);
  if (pngType === 0 || pngType === 4) return 'grayscale';
  if (pngType === 2 || pngType === 3 || pngType === 6) return 'rgb';
  // Photoshop colour mode: 0 bitmap, 1 greyscale, 2 indexed, 3 RGB, 4 CMYK, 8 duotone.
  const psdMode = toNumber(tags['Photoshop:ColorMode']);
  if (psdMode === 0 || psdMode === 1 || psdMode === 8) return 'grayscale';
  if (psdMode === 2 || psdMode === 3) return 'rgb';
  if (psdMode === 4) return 'cmyk';
  if (mimeType !== undefined && RGB_MIME_TYPES.has(mimeType)) return 'rgb';
  if (mimeType !== undefined && mimeType.startsWith('image/')) return 'unknown';
  return undefined;
}

const CM_PER_INCH = 2.54;
const M_PER_INCH = 0.0254;

function pickResolution(tags: GroupedTags): number | undefined {
  const round = (dpi: number) => (dpi > 0 ? Math.round(dpi * 100) / 100 : undefined);
  // EXIF/TIFF ResolutionUnit: 1 none, 2 inch (the default when absent), 3 cm.
  for (const group of ['IFD0', 'XMP-tiff']) {
    const x = toNumber(tags[`${group}:XResolution`]);
    if (x === undefined) continue;
    const unit = toNumber(tags[`${group}:ResolutionUnit`]) ?? 2;
    if (unit === 2) return round(x);
    if (unit === 3) return round(x * CM_PER_INCH);
  }
  // JFIF units: 0 aspect ratio only, 1 inch, 2 cm.
  const jfif = toNumber(tags['JFIF:XResolution']);
  const jfifUnit = toNumber(tags['JFIF:ResolutionUnit']);
  if (jfif !== undefined && jfifUnit === 1) return round(jfif);
  if (jfif !== undefined && jfifUnit === 2) return round(jfif * CM_PER_INCH);
  const psd = toNumber(tags['Photoshop:XResolution']);
  if (psd !== undefined) return round(psd);
  // PNG pHYs: unit 1 = metre.
  const ppm = toNumber(tags['PNG:PixelsPerUnitX']);
  if (ppm !== undefined && toNumber(tags['PNG:PixelUnits']) === 1) return round(ppm * M_PER_INCH);
  return undefined;
}

function pickDuration(tags: GroupedTags): number | undefined {
  for (const key of ['Composite:Duration', 'QuickTime:Duration', ...keysForTag(tags, 'Duration')]) {
    const seconds = toNumber(tags[key]);
    if (seconds !== undefined && seconds > 0) return seconds;
  }
  return undefined;
}
