/**
 * Internal: reading ExifTool output keyed by family-1 group (`exiftool -j -G1 -struct -n`), the same shape as the
 * `exiftool` object of `/work/shared/samples/manifest.json` was made from. Not part of the public API.
 */

/** One file's tags as printed by `exiftool -j -G1 -struct -n`: keys like `XMP-dc:Title`, `IPTC:Keywords`. */
export type GroupedTags = Readonly<Record<string, unknown>>;

/** The arguments for {@link GroupedTags}: group-qualified names, structures kept, numeric (unconverted) values. */
export const GROUPED_READ_ARGS: readonly string[] = ['-G1', '-struct', '-n'];

/** Keys of `tags` whose tag name (after the group) is `name`, in ExifTool's output order. */
export function keysForTag(tags: GroupedTags, name: string): string[] {
  const suffix = `:${name}`;
  return Object.keys(tags).filter((key) => key.endsWith(suffix) && key.indexOf(':') === key.length - suffix.length);
}

/** A finite number from a number or a numeric string; `undefined` otherwise. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/**
 * EXIF orientation 1-8 at ExifTool's default priority for the samples: `IFD0` (the main image), then `XMP-tiff`,
 * then `IFD1` (thumbnail IFD, which ExifTool reports when nothing else has the tag). 0 and other invalid values
 * count as absent. Source: ExifTool tag priority as observed in manifest.json `tag_groups.Orientation`.
 */
export function pickOrientation(tags: GroupedTags): number | undefined {
  for (const key of ['IFD0:Orientation', 'XMP-tiff:Orientation', 'IFD1:Orientation']) {
    const value = toNumber(tags[key]);
    if (value !== undefined) return Number.isInteger(value) && value >= 1 && value <= 8 ? value : undefined;
  }
  return undefined;
}

/** Orientations (EXIF 5-8) that turn the stored image by 90°, so the upright width is the stored height. */
export function swapsAxes(orientation: number | undefined): boolean {
  return orientation !== undefined && orientation >= 5 && orientation <= 8;
}
