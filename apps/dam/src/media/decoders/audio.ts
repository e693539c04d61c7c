/**
 * Audio "previews" (issue 16, "Previews for every common format"): a waveform picture of the whole recording, drawn
 * by ffmpeg's `showwavespic` filter. Used for audio files and for video containers that hold only sound.
 */
import sharp from 'sharp';
import { Deadline, FFMPEG_SAFE_INPUT, probeMedia, runFfmpeg, type MediaProbe } from './ffmpeg.ts';
import { DecoderFailure, type DecodeRequest, type DecodeResult, type FormatDecoder } from './types.ts';

/** Width of the waveform in px when the request allows it (the largest default preview). */
export const WAVEFORM_WIDTH = 1600;
/** Height of the waveform as a fraction of its width (1600 × 400). */
export const WAVEFORM_ASPECT = 4;
/** Colour of the waveform, drawn on white: a calm slate blue. */
export const WAVEFORM_COLOUR = '#3f6e94';

const AUDIO_EXTS = new Set(['mp3', 'm4a', 'aac', 'wav', 'aif', 'aiff', 'aifc', 'flac', 'ogg', 'oga', 'opus']);
const AUDIO_MIMES = new Set([
  'audio/mpeg',
  'audio/mp3',
  'audio/mp4',
  'audio/x-m4a',
  'audio/m4a',
  'audio/aac',
  'audio/x-aac',
  'audio/aacp',
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/vnd.wave',
  'audio/aiff',
  'audio/x-aiff',
  'audio/flac',
  'audio/x-flac',
  'audio/ogg',
  'audio/opus',
]);
/** ExifTool `File:FileType` values of those formats. */
const AUDIO_FILE_TYPES = new Set(['MP3', 'M4A', 'AAC', 'WAV', 'AIFF', 'AIFC', 'FLAC', 'OGG', 'OPUS']);

/** The bare MIME type, lower case (`audio/ogg; codecs=opus` → `audio/ogg`). */
export function bareMime(mime: string | undefined): string | undefined {
  return mime?.split(';')[0]?.trim().toLowerCase();
}

/**
 * Draws the waveform of the first audio stream of `filePath` as a PNG of `width` × `width / 4` px: all channels mixed
 * to one, linear amplitude, {@link WAVEFORM_COLOUR} on white. Recordings with fewer samples than `width` (a 10 ms
 * clip) are padded with silence, so they draw on the left and end in a flat line.
 *
 * @param probe - the file's {@link probeMedia} result (it must have an `audio` stream).
 * @throws DecoderFailure `UnsupportedImage` when the file has no audio stream, `CorruptImage` when the stream holds no
 *   decodable samples (an AIFF with a header and no sound data) or ffmpeg fails; MediaError `Timeout`; FfmpegMissing.
 */
export async function renderWaveform(filePath: string, probe: MediaProbe, options: { width: number; deadline: Deadline; signal: AbortSignal }): Promise<DecodeResult> {
  const audio = probe.audio;
  if (audio === undefined) throw new DecoderFailure('UnsupportedImage', `${filePath} has no audio stream`);
  const width = Math.round(options.width);
  const height = Math.max(1, Math.round(width / WAVEFORM_ASPECT));
  const filter = `[0:${audio.index}]aformat=channel_layouts=mono,apad=whole_len=${width},showwavespic=s=${width}x${height}:colors=${WAVEFORM_COLOUR}`;
  const run = await runFfmpeg(['-v', 'error', ...FFMPEG_SAFE_INPUT, '-i', filePath, '-filter_complex', filter, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-'], {
    timeoutMs: options.deadline.left(),
    signal: options.signal,
    what: `Drawing the waveform of ${filePath}`,
  });
  if (run.stdout.length === 0) {
    const detail = run.stderr.trim().split('\n').at(-1) ?? '';
    throw new DecoderFailure('CorruptImage', `The ${audio.codec} stream of ${filePath} holds no decodable samples${detail === '' ? '' : `: ${detail}`}`);
  }
  // showwavespic draws on a transparent background and draws nothing for silence: put it on white, over a faint
  // centre line, so that a silent recording shows as a flat line rather than an empty picture.
  const centre = { create: { width, height: 1, channels: 4 as const, background: `${WAVEFORM_COLOUR}80` } };
  const data = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([
      { input: centre, top: Math.floor(height / 2), left: 0 },
      { input: run.stdout, top: 0, left: 0 },
    ])
    .png()
    .toBuffer();
  return { picture: { kind: 'encoded', data }, upright: true, source: 'waveform' };
}

/** Width of the waveform for a request: {@link WAVEFORM_WIDTH}, or less when the largest preview is smaller. */
export function waveformWidth(maxSide: number): number {
  return Math.max(64, Math.min(WAVEFORM_WIDTH, Math.round(maxSide)));
}

/**
 * Decoder of audio files (MP3, M4A/AAC/ALAC, WAV, AIFF, FLAC, Ogg Vorbis/Opus): a waveform picture, 1600 × 400 px
 * for the default previews, already upright. Cover art is not used here (ExifTool's `Picture`/`CoverArt` extraction
 * in `makePreviews` covers it).
 */
export const audioDecoder: FormatDecoder = {
  name: 'audio',
  accepts({ ext, mime, fileType }) {
    return (
      (ext !== undefined && AUDIO_EXTS.has(ext.toLowerCase())) || (fileType !== undefined && AUDIO_FILE_TYPES.has(fileType.toUpperCase())) || AUDIO_MIMES.has(bareMime(mime) ?? '')
    );
  },
  async decode(request: DecodeRequest): Promise<DecodeResult> {
    const deadline = new Deadline(request.timeoutMs, `Drawing the waveform of ${request.filePath}`);
    const probe = await probeMedia(request.filePath, { timeoutMs: deadline.left(), signal: request.signal });
    return renderWaveform(request.filePath, probe, { width: waveformWidth(request.maxSide), deadline, signal: request.signal });
  },
};
