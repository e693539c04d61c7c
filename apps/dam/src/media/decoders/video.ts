/**
 * Video posters (issue 16, "Previews for every common format"): one upright frame of a video, decoded by ffmpeg, that
 * `makePreviews` turns into the usual previews.
 */
import { bareMime, renderWaveform, waveformWidth } from './audio.ts';
import { Deadline, FFMPEG_SAFE_INPUT, probeMedia, runFfmpeg, uprightSize, type MediaProbe, type VideoStreamInfo } from './ffmpeg.ts';
import { DECODER_MAX_PIXELS, DecoderFailure, type DecodeRequest, type DecodeResult, type FormatDecoder } from './types.ts';

/** The poster is taken at this time, in seconds, or at {@link POSTER_FRACTION} of the duration when that is earlier. */
export const POSTER_MAX_SECONDS = 1;
/** Fraction of the duration at which short clips take their poster (a 4 s clip: 0.4 s). */
export const POSTER_FRACTION = 0.1;

const VIDEO_EXTS = new Set(['mp4', 'mov', 'qt', 'm4v', '3gp', '3g2', 'avi', 'mkv', 'webm']);
const VIDEO_MIMES = new Set([
  'video/mp4',
  'video/quicktime',
  'video/x-m4v',
  'video/3gpp',
  'video/3gpp2',
  'video/x-msvideo',
  'video/avi',
  'video/msvideo',
  'video/vnd.avi',
  'video/x-matroska',
  'video/webm',
]);
/** ExifTool `File:FileType` values of those formats. */
const VIDEO_FILE_TYPES = new Set(['MP4', 'MOV', 'M4V', '3GP', '3G2', 'AVI', 'MKV', 'WEBM']);

/** The time of the poster frame, in seconds: min(1 s, 10 % of the duration); 0 when the duration is unknown. */
export function posterTime(durationSeconds: number | undefined): number {
  if (durationSeconds === undefined || !(durationSeconds > 0)) return 0;
  return Math.min(POSTER_MAX_SECONDS, durationSeconds * POSTER_FRACTION);
}

/**
 * The `-vf` chain of a poster: square pixels (the pixel aspect applied to the width), then at most `maxSide` px on the
 * longest side, never enlarged. Rotation is not here: ffmpeg's autorotate inserts it before this chain.
 */
function posterFilter(maxSide: number): string {
  const side = Math.max(1, Math.round(maxSide));
  return ['scale=w=trunc(iw*sar+0.5):h=ih', 'setsar=1', `scale=w='if(gte(iw,ih),min(iw,${side}),-1)':h='if(gte(iw,ih),-1,min(ih,${side}))'`, 'setsar=1'].join(',');
}

async function grabFrame(filePath: string, video: VideoStreamInfo, seconds: number, maxSide: number, deadline: Deadline, signal: AbortSignal): Promise<Buffer> {
  // -ss before -i seeks in the container index (to the keyframe before `seconds`, then decodes forward), so a file
  // that claims ten hours is not read through; -frames:v 1 stops after one frame.
  const seek = seconds > 0 ? ['-ss', seconds.toFixed(3)] : [];
  const run = await runFfmpeg(
    [
      '-v',
      'error',
      ...seek,
      ...FFMPEG_SAFE_INPUT,
      '-i',
      filePath,
      '-map',
      `0:${video.index}`,
      '-an',
      '-sn',
      '-dn',
      '-vf',
      posterFilter(maxSide),
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      // Uncompressed PNG: twice as fast as the default level on a 1080p frame, and sharp decodes it at once anyway.
      '-compression_level',
      '0',
      '-',
    ],
    { timeoutMs: deadline.left(), signal, what: `Taking a poster frame of ${filePath}` },
  );
  return run.stdout;
}

/**
 * The poster of a probed video: the frame at {@link posterTime} (the first frame when nothing decodes there: clips
 * shorter than their claimed duration, 0.17 s phone clips), upright, square-pixelled, at most `maxSide` px.
 *
 * @throws DecoderFailure `ImageTooLarge` (frame over {@link DECODER_MAX_PIXELS}, checked before decoding),
 *   `CorruptImage` (no frame decodes), `UnsupportedImage` (unknown codec); MediaError `Timeout`; FfmpegMissing.
 */
export async function renderPoster(filePath: string, probe: MediaProbe, options: { maxSide: number; deadline: Deadline; signal: AbortSignal }): Promise<DecodeResult> {
  const video = probe.video;
  if (video === undefined) throw new DecoderFailure('UnsupportedImage', `${filePath} has no video stream`);
  const upright = uprightSize(video);
  if (video.width * video.height > DECODER_MAX_PIXELS || upright.width * upright.height > DECODER_MAX_PIXELS) {
    throw new DecoderFailure('ImageTooLarge', `The ${video.width}×${video.height} frames of ${filePath} exceed ${DECODER_MAX_PIXELS} px`);
  }
  const at = posterTime(probe.durationSeconds);
  let data = await grabFrame(filePath, video, at, options.maxSide, options.deadline, options.signal);
  let source = 'video-frame';
  if (data.length === 0 && at > 0) {
    data = await grabFrame(filePath, video, 0, options.maxSide, options.deadline, options.signal);
    source = 'video-frame-first';
  }
  if (data.length === 0) throw new DecoderFailure('CorruptImage', `No frame of the ${video.codec} stream of ${filePath} could be decoded`);
  return {
    picture: { kind: 'encoded', data },
    upright: true,
    contentWidth: upright.width,
    contentHeight: upright.height,
    source,
  };
}

/**
 * Decoder of videos (MP4, MOV, M4V, 3GP, AVI, MKV, WebM): a PNG poster frame taken at min(1 s, 10 % of the
 * duration), upright (ffmpeg applies the track rotation), at most `maxSide` px on the longest side;
 * `contentWidth`/`contentHeight` are the upright frame size. A container with sound and no picture gives the
 * waveform of the sound (`source: 'waveform'`).
 */
export const videoDecoder: FormatDecoder = {
  name: 'video',
  accepts({ ext, mime, fileType }) {
    return (
      (ext !== undefined && VIDEO_EXTS.has(ext.toLowerCase())) || (fileType !== undefined && VIDEO_FILE_TYPES.has(fileType.toUpperCase())) || VIDEO_MIMES.has(bareMime(mime) ?? '')
    );
  },
  async decode(request: DecodeRequest): Promise<DecodeResult> {
    const deadline = new Deadline(request.timeoutMs, `Taking a poster frame of ${request.filePath}`);
    const probe = await probeMedia(request.filePath, { timeoutMs: deadline.left(), signal: request.signal });
    if (probe.video === undefined && probe.audio !== undefined) {
      return renderWaveform(request.filePath, probe, { width: waveformWidth(request.maxSide), deadline, signal: request.signal });
    }
    return renderPoster(request.filePath, probe, { maxSide: request.maxSide, deadline, signal: request.signal });
  },
};
