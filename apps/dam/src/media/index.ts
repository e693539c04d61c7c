/**
 * The media layer of the DAM: technology wrappers that read a media file and make its previews (ExifTool through
 * exiftool-vendored, libvips through sharp, magic-byte detection through file-type). Services call these; nothing
 * here knows about archives, assets or the database (architecture.md: services over repositories).
 */
export { MediaError, isMediaError, type MediaErrorValue, type NoPreviewReason } from './errors.ts';
export { getExiftool, endExiftool, EXIFTOOL_TASK_TIMEOUT_MS, EXIFTOOL_MAX_PROCS } from './exiftool.ts';
export { readMetadata, type MediaMetadata, type TechnicalMetadata, type FieldValue, type Colorspace } from './metadata.ts';
export { detectFileType, doctypeFor, type Doctype, type FileTypeInfo } from './doctype.ts';
export {
  makePreviews,
  DEFAULT_PREVIEW_SPECS,
  PREVIEW_JPEG_QUALITY,
  PREVIEW_JPEG_OPTIONS,
  PREVIEW_TIMEOUT_MS,
  MAX_INPUT_PIXELS,
  type Preview,
  type PreviewOptions,
  type PreviewResult,
  type PreviewSource,
  type PreviewSpec,
} from './previews.ts';
export { rotateImageFile, RotateError, ROTATE_DEGREES, ROTATE_QUALITY, type RotateDirection } from './rotate.ts';
export { renderDocumentPage, DOCUMENT_PAGE_SIZE, DOCUMENT_PAGE_TIMEOUT_MS } from './document-pages.ts';
export { ffmpegPath, runFfmpeg } from './decoders/ffmpeg.ts';
export { transcodeToWebMp4, WEB_VIDEO_MAX_SIDE } from './decoders/transcode.ts';
