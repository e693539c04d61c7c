import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { MediaError } from './errors.ts';
import { checkReadableFile } from './util.ts';

/** FotoWeb document types, lower-case as on the wire (spec 02 §9; FotoWeb API notes §3.3 `doctype`). */
export type Doctype = 'image' | 'movie' | 'audio' | 'document' | 'graphic' | 'generic';

/** What {@link detectFileType} returns. */
export interface FileTypeInfo {
  /** MIME type of the content, e.g. `image/jpeg`, `application/pdf`, `text/plain`, `application/octet-stream`. */
  mime: string;
  /** Canonical extension for the content, without dot (`jpg`, `heic`, `docx`, `svg`, `txt`, `bin`). */
  ext: string;
  doctype: Doctype;
}

/** Bytes read from the start of the file for text sniffing and Illustrator markers. */
const SNIFF_BYTES = 64 * 1024;

/** Extensions (as named by file-type) of vector and page-description formats: FotoWeb's `graphic`. */
const GRAPHIC_EXTS = new Set(['svg', 'eps', 'ps', 'ai', 'odg', 'otg', 'dwg', 'vsdx', 'emf', 'wmf']);

/** Office, PDF and e-book containers: FotoWeb's `document`. */
const DOCUMENT_EXTS = new Set([
  'pdf',
  'docx',
  'docm',
  'dotx',
  'dotm',
  'xlsx',
  'xlsm',
  'xltx',
  'xltm',
  'pptx',
  'pptm',
  'potx',
  'potm',
  'ppsx',
  'ppsm',
  'odt',
  'ott',
  'ods',
  'ots',
  'odp',
  'otp',
  'cfb', // legacy MS Office (doc/xls/ppt) compound file
  'rtf',
  'epub',
  'mobi',
  'indd',
  'chm',
]);

/**
 * Camera RAW and other still-image formats that file-type names with a non-`image/` MIME type or that are worth
 * listing explicitly (RAW: cr2, cr3, nef, dng, rw2, raf, orf, arw).
 */
const IMAGE_EXTS = new Set([
  'cr2',
  'cr3',
  'nef',
  'dng',
  'rw2',
  'raf',
  'orf',
  'arw',
  'heic',
  'avif',
  'webp',
  'tif',
  'psd',
  'jxl',
  'jp2',
  'jpx',
  'jpm',
  'j2c',
  'bmp',
  'gif',
  'png',
  'jpg',
  'apng',
  'jxr',
  'xcf',
  'ico',
  'icns',
  'cur',
  'bpg',
  'flif',
  'jls',
  'ktx',
]);

/**
 * Decides what a file is from its CONTENT (magic bytes via file-type, then text sniffing), never from its name, and
 * maps it to a FotoWeb doctype: SVG/EPS/PostScript/Illustrator → `graphic`; PDF and Office/OpenDocument →
 * `document`; camera RAW, HEIC/AVIF/WebP/TIFF/PSD/JXL/JP2/BMP/GIF/PNG/JPEG → `image`; video → `movie`; audio → `audio`; plain
 * text, XML, XMP sidecars and anything unknown → `generic`.
 *
 * TIFF-based RAW files without their own signature (NEF) report `image/tiff`.
 *
 * @param filePath - the file to inspect.
 * @returns `{ mime, ext, doctype }`.
 * @throws MediaError `EmptyFile` (0 bytes), `UnreadableFile` (missing, not a regular file, no permission, I/O error).
 */
export async function detectFileType(filePath: string): Promise<FileTypeInfo> {
  await checkReadableFile(filePath);
  // file-type reads what it needs (TIFF IFDs can sit at the end of the file), then the head serves text sniffing.
  // A parser failure on malformed content means "not recognised", not "unreadable" (readability was checked).
  const detected = await fileTypeFromFile(filePath).catch(() => undefined);
  let head: Uint8Array;
  try {
    const handle = await open(filePath, 'r');
    try {
      const buffer = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (err) {
    throw new MediaError('UnreadableFile', `Cannot read ${filePath}: ${(err as Error).message}`, { cause: err });
  }
  if (head.length === 0) throw new MediaError('EmptyFile', `The file is empty (0 bytes): ${filePath}`);

  if (detected !== undefined && detected.ext !== 'xml') {
    if (detected.ext === 'pdf' && isIllustrator(head)) return info('application/illustrator', 'ai');
    if (detected.ext === 'ps' && isIllustrator(head)) return info('application/illustrator', 'ai');
    if (detected.ext === 'ps' && /^%!PS-Adobe-\d\.\d EPSF/.test(latin1(head, 40))) {
      return info('application/postscript', 'eps');
    }
    return info(detected.mime, detected.ext);
  }
  return sniffText(head) ?? info('application/octet-stream', 'bin');
}

/** Maps a content type to its doctype (exported for callers that already know the type, e.g. from ExifTool). */
export function doctypeFor(mime: string, ext: string): Doctype {
  const e = ext.toLowerCase();
  const m = mime.toLowerCase();
  if (GRAPHIC_EXTS.has(e) || m === 'image/svg+xml' || m === 'application/postscript') return 'graphic';
  if (DOCUMENT_EXTS.has(e) || m === 'application/pdf') return 'document';
  if (IMAGE_EXTS.has(e) || m.startsWith('image/')) return 'image';
  if (m.startsWith('video/')) return 'movie';
  if (m.startsWith('audio/')) return 'audio';
  return 'generic';
}

/** file-type's non-standard names → the registered MIME types ExifTool also reports. */
const MIME_ALIASES: Readonly<Record<string, string>> = {
  'application/eps': 'application/postscript',
};

function info(mime: string, ext: string): FileTypeInfo {
  const canonical = MIME_ALIASES[mime] ?? mime;
  return { mime: canonical, ext, doctype: doctypeFor(canonical, ext) };
}

function latin1(bytes: Uint8Array, length: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(length, bytes.length)).toString('latin1');
}

/** Illustrator files are PDF or PostScript with Illustrator's private data markers. */
function isIllustrator(head: Uint8Array): boolean {
  const text = latin1(head, head.length);
  return text.includes('/AIPrivateData') || text.includes('/AIMetaData') || /%%Creator: Adobe Illustrator/.test(text);
}

/** Text formats file-type does not report (or reports only as generic XML): SVG, EPS, XMP, plain text. */
function sniffText(head: Uint8Array): FileTypeInfo | undefined {
  const start = latin1(head, 4096).replace(/^\uFEFF|^\xEF\xBB\xBF/, '');
  if (/^%!PS-Adobe-\d\.\d EPSF/.test(start)) return info('application/postscript', 'eps');
  if (start.startsWith('%!')) return info('application/postscript', 'ps');
  const trimmed = start.trimStart();
  if (trimmed.startsWith('<')) {
    // The root element decides: skip the XML declaration, comments, processing instructions and DOCTYPE.
    const root = /<(?!\?|!)([A-Za-z_][\w.:-]*)/.exec(trimmed.replace(/<!--[\s\S]*?-->/g, ''));
    const name = root?.[1]?.toLowerCase();
    if (name === 'svg' || name?.endsWith(':svg') === true) return info('image/svg+xml', 'svg');
    if (name === 'x:xmpmeta' || name === 'rdf:rdf' || trimmed.startsWith('<?xpacket')) {
      return info('application/rdf+xml', 'xmp');
    }
    if (trimmed.startsWith('<?xml')) return info('application/xml', 'xml');
  }
  if (looksLikeText(head)) return info('text/plain', 'txt');
  return undefined;
}

/** Valid UTF-8 without NULs and with few control characters. */
function looksLikeText(head: Uint8Array): boolean {
  let text: string;
  try {
    // `stream` when the window is full: a multi-byte character cut at the end of the window is not an error.
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: head.length === SNIFF_BYTES });
  } catch {
    return false;
  }
  let control = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code === 0) return false;
    if (code < 32 && ch !== '\n' && ch !== '\r' && ch !== '\t' && ch !== '\f') control++;
  }
  return control <= text.length / 100;
}
