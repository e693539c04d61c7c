/**
 * The web-playable preview rendition of a video (issue 16: "a web-playable H.264/AAC MP4 preview rendition (at most
 * 1080 px) that the asset view plays with seeking"). The background job and the route that serve it are built on top.
 */
import { randomBytes } from 'node:crypto';
import { access, constants, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { MediaError } from '../errors.ts';
import { Deadline, FFMPEG_SAFE_INPUT, probeMedia, runFfmpeg, uprightSize } from './ffmpeg.ts';
import { DECODER_MAX_PIXELS, DecoderFailure } from './types.ts';

/** Longest side of the rendition in px when none is given. */
export const WEB_VIDEO_MAX_SIDE = 1080;
/** Time budget of one transcode when none is given, in ms (an hour of 1080p at `veryfast` on two shared cores). */
export const TRANSCODE_TIMEOUT_MS = 60 * 60_000;
/** x264 constant rate factor: 23 is x264's default, visually fine for previews. */
export const WEB_VIDEO_CRF = 23;
/** AAC bit rate of the rendition. */
export const WEB_AUDIO_BITRATE = '128k';

/** Options of {@link transcodeToWebMp4}. */
export interface TranscodeOptions {
  /** Longest side of the output in px; default {@link WEB_VIDEO_MAX_SIDE}. Never enlarges. */
  maxSide?: number;
  /** Deadline in ms; default {@link TRANSCODE_TIMEOUT_MS}. ffmpeg is SIGKILLed and the partial file removed when it passes. */
  timeoutMs?: number;
  /** Stops the transcode (same cleanup as the deadline). */
  signal?: AbortSignal;
  /** Fraction done, 0..1, as ffmpeg reports its progress (about twice a second), and 1 at the end. */
  onProgress?: (fraction: number) => void;
}

/** What {@link transcodeToWebMp4} returns, read back from the written file. */
export interface TranscodeResult {
  /** Duration of the rendition in seconds. */
  durationSeconds: number;
  /** Frame width in px (even, upright). */
  width: number;
  /** Frame height in px (even, upright). */
  height: number;
  /** Size of the file in bytes. */
  bytes: number;
}

/** Even output size for an upright `width`×`height` frame fitted inside `maxSide`, never enlarged, at least 2×2. */
export function webVideoSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const even = (n: number) => Math.max(2, 2 * Math.round((n * scale) / 2));
  return { width: even(width), height: even(height) };
}

/**
 * Transcodes a video into an MP4 browsers play and seek in: H.264 (libx264, High profile, yuv420p, `-preset
 * veryfast`, CRF 23) and AAC-LC stereo at most ({@link WEB_AUDIO_BITRATE}; no audio track when the source has
 * none), upright (the rotation is applied to the pixels, none is stored), square pixels, even dimensions fitted in
 * `maxSide` px and never enlarged, metadata and chapters dropped (the rendition is a preview: no GPS), `moov` first
 * (`-movflags +faststart`). Written to a temporary name beside `output`, then renamed, so `output` is either the old
 * file or the complete new one.
 *
 * @param input - the source video (absolute path).
 * @param output - the MP4 to write (absolute path; its folder must exist).
 * @returns the rendition's duration, size and bytes, read back from the file by {@link probeMedia}.
 * @throws MediaError `Timeout` (deadline or abort), `WriteFailed` (folder not writable, rename failed); DecoderFailure
 *   `UnsupportedImage` (no video stream, codec ffmpeg cannot decode), `ImageTooLarge` (frames over
 *   {@link DECODER_MAX_PIXELS}), `CorruptImage` (ffmpeg failed on the data); FfmpegMissing.
 */
export async function transcodeToWebMp4(input: string, output: string, options: TranscodeOptions = {}): Promise<TranscodeResult> {
  const maxSide = options.maxSide ?? WEB_VIDEO_MAX_SIDE;
  if (!Number.isInteger(maxSide) || maxSide < 2 || maxSide > 8192) throw new RangeError(`Invalid maxSide ${maxSide} px (integer 2-8192)`);
  const deadline = new Deadline(options.timeoutMs ?? TRANSCODE_TIMEOUT_MS, `Transcoding ${input}`);
  const dir = path.dirname(output);
  try {
    await access(dir, constants.W_OK);
  } catch (err) {
    throw new MediaError('WriteFailed', `Cannot write into ${dir}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`, { cause: err });
  }

  const probe = await probeMedia(input, { timeoutMs: deadline.left(), ...(options.signal ? { signal: options.signal } : {}) });
  const video = probe.video;
  if (video === undefined) throw new DecoderFailure('UnsupportedImage', `${input} has no video stream to transcode`);
  if (video.width * video.height > DECODER_MAX_PIXELS) {
    throw new DecoderFailure('ImageTooLarge', `The ${video.width}×${video.height} frames of ${input} exceed ${DECODER_MAX_PIXELS} px`);
  }
  const size = webVideoSize(uprightSize(video).width, uprightSize(video).height, maxSide);
  const audio = probe.audio;
  const duration = probe.durationSeconds;

  const tmp = path.join(dir, `.${path.basename(output)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const args = [
    '-v',
    'error',
    '-progress',
    'pipe:2',
    '-nostats',
    ...FFMPEG_SAFE_INPUT,
    '-i',
    input,
    '-map',
    `0:${video.index}`,
    ...(audio === undefined ? ['-an'] : ['-map', `0:${audio.index}`]),
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-vf',
    `scale=${size.width}:${size.height},setsar=1`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    String(WEB_VIDEO_CRF),
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    ...(audio === undefined ? [] : ['-c:a', 'aac', '-b:a', WEB_AUDIO_BITRATE, ...((audio.channels ?? 2) > 2 ? ['-ac', '2'] : [])]),
    '-max_muxing_queue_size',
    '1024',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    '-y',
    tmp,
  ];
  const report = options.onProgress;
  try {
    await runFfmpeg(args, {
      timeoutMs: deadline.left(),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(report !== undefined && duration !== undefined && duration > 0 ? { onProgress: (seconds: number) => report(Math.min(1, Math.max(0, seconds / duration))) } : {}),
      maxStdoutBytes: 1024 * 1024,
      what: `Transcoding ${input}`,
    });
    const written = await probeMedia(tmp, { timeoutMs: Math.min(deadline.left(), 10_000) });
    const bytes = (await stat(tmp)).size;
    try {
      await rename(tmp, output);
    } catch (err) {
      throw new MediaError('WriteFailed', `Cannot rename the rendition to ${output}: ${(err as Error).message}`, { cause: err });
    }
    report?.(1);
    return {
      durationSeconds: written.durationSeconds ?? duration ?? 0,
      width: written.video?.width ?? size.width,
      height: written.video?.height ?? size.height,
      bytes,
    };
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
}
