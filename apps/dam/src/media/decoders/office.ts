/**
 * Office documents (OOXML: docx, xlsx, pptx; OpenDocument: odt, ods, odp…) keep a thumbnail of their first page in
 * the package (`docProps/thumbnail.jpeg`, `Thumbnails/thumbnail.png`), written by the application that saved them.
 * This decoder takes it (issue 16: previews where an embedded preview exists); documents saved without one get none.
 * The package is read with `yauzl` (MIT), entries only by name, never extracted to disk.
 */
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { DecoderFailure, type DecodeRequest, type DecodeResult, type FormatDecoder } from './types.ts';

/** Package entries that hold a thumbnail, in the order they are looked for. */
export const OFFICE_THUMBNAIL_ENTRIES = [
  'docProps/thumbnail.jpeg',
  'docProps/thumbnail.jpg',
  'docProps/thumbnail.png',
  'docProps/thumbnail.emf',
  'Thumbnails/thumbnail.png',
] as const;

/** The largest thumbnail entry read, in bytes (uncompressed). */
export const OFFICE_THUMBNAIL_MAX_BYTES = 16 * 1024 * 1024;

/** File-type extensions of office packages. */
const OFFICE_EXTS = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'odg', 'ott', 'ots', 'otp']);

function openZip(filePath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => yauzl.open(filePath, { lazyEntries: true, autoClose: false }, (err, zip) => (err ? reject(err) : resolve(zip))));
}

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => {
      if (err) return reject(err);
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > OFFICE_THUMBNAIL_MAX_BYTES) stream.destroy(new Error('The thumbnail is too large'));
        else chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    }),
  );
}

/** The first of {@link OFFICE_THUMBNAIL_ENTRIES} the package holds, with its data; `undefined` when none. */
async function findThumbnail(zip: ZipFile, signal: AbortSignal): Promise<{ name: string; data: Buffer } | undefined> {
  const wanted = new Set<string>(OFFICE_THUMBNAIL_ENTRIES);
  const found = new Map<string, Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      if (wanted.has(entry.fileName)) found.set(entry.fileName, entry);
      if (signal.aborted) resolve();
      else zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  for (const name of OFFICE_THUMBNAIL_ENTRIES) {
    const entry = found.get(name);
    if (entry === undefined || entry.uncompressedSize > OFFICE_THUMBNAIL_MAX_BYTES) continue;
    return { name, data: await readEntry(zip, entry) };
  }
  return undefined;
}

/**
 * The thumbnail stored in an office package, as encoded bytes (JPEG or PNG; EMF thumbnails are not read).
 * @throws DecoderFailure `UnsupportedImage` when the package holds no readable thumbnail; `CorruptImage` when the
 *   file is not a readable ZIP package.
 */
export async function decodeOfficeThumbnail(request: DecodeRequest): Promise<DecodeResult> {
  let zip: ZipFile;
  try {
    zip = await openZip(request.filePath);
  } catch (err) {
    throw new DecoderFailure('CorruptImage', `The document package cannot be read: ${(err as Error).message}`, { cause: err });
  }
  try {
    const thumbnail = await findThumbnail(zip, request.signal).catch((err: Error) => {
      throw new DecoderFailure('CorruptImage', `The document package cannot be read: ${err.message}`, { cause: err });
    });
    if (thumbnail === undefined || thumbnail.name.endsWith('.emf')) throw new DecoderFailure('UnsupportedImage', 'The document holds no thumbnail');
    return { picture: { kind: 'encoded', data: thumbnail.data }, upright: true, source: thumbnail.name };
  } finally {
    zip.close();
  }
}

/** The office-package decoder (docx, xlsx, pptx, odt, ods, odp… by file-type's extension). */
export const officeDecoder: FormatDecoder = {
  name: 'office',
  accepts: ({ ext }) => ext !== undefined && OFFICE_EXTS.has(ext),
  decode: decodeOfficeThumbnail,
};
