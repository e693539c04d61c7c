import fsp from 'node:fs/promises';
import { getExiftool } from './exiftool.ts';
import { FIELD_RULES, type FieldValue } from './metadata.ts';

/** The tags one field id is written to, by family: XMP always, IPTC IIM and EXIF where the format carries them. */
export interface FieldTags {
  readonly bag: boolean;
  readonly xmp: readonly string[];
  readonly iptc: readonly string[];
  readonly exif: readonly string[];
}

/**
 * Field id → ExifTool tags written back: the read mapping of {@link FIELD_RULES} (XMP, IPTC IIM, EXIF fallbacks;
 * the same tags read them back, so a write round-trips), plus Rating (320) → XMP-xmp:Rating. Field 55 is not
 * written (read-only in the default view: the camera's date). Fields without tags (10 status, 230 notes, custom
 * fields) live in the database only.
 */
export const WRITABLE_FIELDS: ReadonlyMap<string, FieldTags> = new Map([
  ...FIELD_RULES.map((rule): [string, FieldTags] => [
    rule.id,
    {
      bag: rule.bag,
      xmp: rule.sources.filter((s) => s.startsWith('XMP-')),
      iptc: rule.sources.filter((s) => s.startsWith('IPTC:')),
      exif: rule.sources.filter((s) => s.startsWith('IFD0:')),
    },
  ]),
  ['320', { bag: false, xmp: ['XMP-xmp:Rating'], iptc: [], exif: [] }],
]);

/** Formats whose IPTC IIM block ExifTool writes (JPEG, TIFF, Photoshop); others get XMP (and EXIF) only. */
const IPTC_MIME_TYPES = new Set(['image/jpeg', 'image/tiff', 'image/vnd.adobe.photoshop', 'application/vnd.adobe.photoshop', 'image/x-adobe-dng']);
/** Formats with an EXIF IFD0 ExifTool writes; the EXIF fallbacks (Artist, Copyright, ImageDescription) stay in sync. */
const EXIF_MIME_TYPES = new Set(['image/jpeg', 'image/tiff', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/x-adobe-dng']);

/** ExifTool's answers for a format it cannot write (ExifTool's "Writing of X files is not yet supported" and kin). */
const UNSUPPORTED_RE = /not yet supported|does not (yet )?support writing|can't currently write|Unknown file type|not supported|Can't write/i;

/** Why a write-back did not happen. */
export class MetadataWriteError extends Error {
  constructor(
    /** `Unsupported`: ExifTool cannot write this format; `Failed`: the write failed (retry may help). */
    readonly value: 'Unsupported' | 'Failed',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The ExifTool tag assignments for field values (null, `''` or `[]` delete the field's tags). Fields without tags
 * (see {@link WRITABLE_FIELDS}) are skipped; IPTC and EXIF tags only for formats that carry them (by `mime`). When
 * IPTC is written, the IIM copies of the other `stored` fields (the asset's metadata) are rewritten in UTF-8 too.
 */
export function tagsForFields(values: Record<string, FieldValue | null>, mime: string, stored: Record<string, FieldValue> = {}): Record<string, string | string[] | null> {
  const tags: Record<string, string | string[] | null> = {};
  const withIptc = IPTC_MIME_TYPES.has(mime);
  const withExif = EXIF_MIME_TYPES.has(mime);
  if (withIptc && Object.keys(values).some((id) => (WRITABLE_FIELDS.get(id)?.iptc.length ?? 0) > 0)) {
    // The IIM block becomes UTF-8 (CodedCharacterSet), and ExifTool does not re-encode values already there: every
    // mapped IIM field the asset holds is written again, so none stays in its old encoding.
    for (const [id, value] of Object.entries(stored)) {
      const rule = WRITABLE_FIELDS.get(id);
      for (const tag of rule?.iptc ?? []) tags[tag] = rule!.bag ? [value].flat() : [value].flat().join('; ');
    }
  }
  for (const [id, value] of Object.entries(values)) {
    const rule = WRITABLE_FIELDS.get(id);
    if (!rule) continue;
    const list = value === null ? [] : Array.isArray(value) ? value : value === '' ? [] : [value];
    const single = list.length === 0 ? null : list.join('; ');
    for (const tag of rule.xmp) tags[tag] = list.length === 0 ? null : rule.bag ? list : single;
    if (withIptc) for (const tag of rule.iptc) tags[tag] = list.length === 0 ? null : rule.bag ? list : single;
    if (withExif) for (const tag of rule.exif) tags[tag] = single;
  }
  if (withIptc && Object.keys(tags).some((tag) => tag.startsWith('IPTC:'))) tags['IPTC:CodedCharacterSet'] = 'UTF8';
  return tags;
}

/**
 * Writes metadata field values into a file in place with ExifTool (`-overwrite_original`, minor warnings ignored
 * so IIM length limits truncate rather than fail): XMP for every writable format, IPTC IIM for JPEG/TIFF/PSD/DNG,
 * the EXIF fallbacks where the format has EXIF (issue 5 "Saving and writeback").
 *
 * @param filePath - the stored original (changed in place).
 * @param mime - the file's media type (decides IPTC and EXIF).
 * @param values - field id → value; null, `''` or `[]` clear the field.
 * @param stored - the asset's whole metadata (field id → value), for re-encoding the IIM block in UTF-8.
 * @returns the file's new size in bytes.
 * @throws MetadataWriteError `Unsupported` when ExifTool cannot write the format, `Failed` for other failures.
 */
export async function writeMetadata(filePath: string, mime: string, values: Record<string, FieldValue | null>, stored: Record<string, FieldValue> = {}): Promise<number> {
  const tags = tagsForFields(values, mime, stored);
  if (Object.keys(tags).length > 0) {
    try {
      const result = await getExiftool().write(filePath, tags as never, { writeArgs: ['-overwrite_original', '-m'] });
      if (result.updated === 0 && result.unchanged === 0) {
        throw new MetadataWriteError('Failed', `ExifTool changed nothing: ${(result.warnings ?? []).join('; ')}`);
      }
    } catch (error) {
      if (error instanceof MetadataWriteError) throw error;
      const message = (error as Error).message;
      if (UNSUPPORTED_RE.test(message)) throw new MetadataWriteError('Unsupported', `ExifTool cannot write this format: ${message}`, { cause: error });
      throw new MetadataWriteError('Failed', `ExifTool could not write the metadata: ${message}`, { cause: error });
    }
  }
  return (await fsp.stat(filePath)).size;
}
