/**
 * The ffmpeg binary of Magpie's video and audio support (issue 16, "Previews for every common format"): where it is,
 * how to run it with a deadline, and what `ffmpeg -i` says about a file. ffmpeg runs as a child process, so a
 * pathological file costs a process that is SIGKILLed at its deadline, never the DAM's own thread or heap.
 *
 * The binary comes from the npm package `@ffmpeg-installer/ffmpeg` (a 2018 static build with libx264 and aac,
 * GPL-3.0) unless `MAGPIE_FFMPEG` names another. There is no ffprobe: {@link parseFfmpegProbe} reads the stream
 * summary `ffmpeg -hide_banner -i <file>` prints on stderr.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { MediaError } from '../errors.ts';
import { DecoderFailure } from './types.ts';

/** Environment variable that names the ffmpeg binary to use instead of the npm package's. */
export const FFMPEG_ENV = 'MAGPIE_FFMPEG';

/**
 * Demuxers ffmpeg may use (`-format_whitelist`): the containers of the formats Magpie previews. Without it a text
 * file named `.mp4` holding an HLS playlist or a concat script would make ffmpeg open the URLs or local files it
 * lists (the known ffmpeg SSRF/local-file-read trick); with it ffmpeg refuses with "Format not on whitelist".
 */
export const FFMPEG_DEMUXERS = 'mov,mp4,m4a,3gp,3g2,mj2,avi,matroska,webm,mp3,aac,wav,aiff,flac,ogg';

/** Input options every Magpie ffmpeg call puts before `-i`: local files only, the demuxers above only. */
export const FFMPEG_SAFE_INPUT = ['-protocol_whitelist', 'file', '-format_whitelist', FFMPEG_DEMUXERS] as const;

/** Bytes of ffmpeg's stderr kept for parsing and error messages (the head; the last 8 KiB are kept as well). */
export const FFMPEG_STDERR_HEAD_BYTES = 1024 * 1024;
const STDERR_TAIL_BYTES = 8 * 1024;

/** Default ceiling of ffmpeg's stdout, in bytes (a PNG poster of 1600 px is a few MB). */
export const FFMPEG_MAX_STDOUT_BYTES = 256 * 1024 * 1024;

/** Time budget of {@link probeMedia} when none is given, in ms. */
export const PROBE_TIMEOUT_MS = 10_000;

/** See exiftool.ts: `setpriv --pdeathsig KILL` makes the kernel kill ffmpeg when the DAM dies, however it dies. */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((file) => fs.existsSync(file));

/** What {@link ffmpegAvailability} found. */
export interface FfmpegAvailability {
  available: boolean;
  /** The binary tried (absolute path), when one was found. */
  path?: string;
  /** First word after `ffmpeg version` (e.g. `N-47683-g0e8eb07980-static`). */
  version?: string;
  /** Where the path came from. */
  origin?: 'env' | 'package';
  /** Why ffmpeg is not available (absent when `available`). */
  problem?: string;
}

/**
 * Raised by every ffmpeg-based decoder when there is no working ffmpeg: a {@link DecoderFailure} `UnsupportedImage`
 * whose message says how to add one, so `makePreviews` reports "no preview" rather than crashing.
 */
export class FfmpegMissing extends DecoderFailure {
  constructor(problem: string) {
    super(
      'UnsupportedImage',
      `ffmpeg is not available: ${problem}. Install the npm package @ffmpeg-installer/ffmpeg (a dependency of ` +
        `apps/dam) or set ${FFMPEG_ENV} to the path of an ffmpeg binary (4.1 or newer, with libx264 and aac).`,
    );
  }
}

let availability: FfmpegAvailability | undefined;

/**
 * Finds the ffmpeg binary and checks that it runs (`ffmpeg -version`, synchronously: tens of ms, once per process,
 * so call it at start, where the DAM logs the answer). `MAGPIE_FFMPEG`, when set, is the only candidate (a misconfigured override is reported, not silently
 * replaced); otherwise the binary of `@ffmpeg-installer/ffmpeg`.
 *
 * @param options - `refresh`: look again (tests that change `MAGPIE_FFMPEG`).
 * @returns never throws; `problem` says what is wrong when `available` is false.
 */
export function ffmpegAvailability(options: { refresh?: boolean } = {}): FfmpegAvailability {
  if (availability !== undefined && options.refresh !== true) return availability;
  availability = locateFfmpeg();
  return availability;
}

function locateFfmpeg(): FfmpegAvailability {
  const fromEnv = process.env[FFMPEG_ENV];
  let candidate: string;
  let origin: 'env' | 'package';
  if (fromEnv !== undefined && fromEnv !== '') {
    candidate = fromEnv;
    origin = 'env';
  } else {
    try {
      const require = createRequire(import.meta.url);
      candidate = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
      origin = 'package';
    } catch (err) {
      // The package throws a plain string when its platform binary is missing.
      const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
      return { available: false, problem: `@ffmpeg-installer/ffmpeg cannot be loaded (${why})` };
    }
  }
  const run = spawnSync(candidate, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000, maxBuffer: 1024 * 1024 });
  const where = origin === 'env' ? `${FFMPEG_ENV}=${candidate}` : candidate;
  if (run.error !== undefined) {
    const code = (run.error as NodeJS.ErrnoException).code ?? run.error.message;
    return { available: false, path: candidate, origin, problem: `${where} cannot be run (${code})` };
  }
  if (run.status !== 0) {
    return { available: false, path: candidate, origin, problem: `${where} -version exited with ${run.status ?? run.signal}` };
  }
  const version = /ffmpeg version (\S+)/.exec(run.stdout)?.[1];
  if (version === undefined) return { available: false, path: candidate, origin, problem: `${where} is not ffmpeg` };
  return { available: true, path: candidate, origin, version };
}

/** The ffmpeg binary's path. @throws FfmpegMissing when there is none that runs. */
export function ffmpegPath(): string {
  const found = ffmpegAvailability();
  if (!found.available || found.path === undefined) throw new FfmpegMissing(found.problem ?? 'not found');
  return found.path;
}

/** Options of {@link runFfmpeg}. */
export interface FfmpegRunOptions {
  /** Deadline in ms; ffmpeg is SIGKILLed when it passes. */
  timeoutMs: number;
  /** SIGKILLs ffmpeg early when aborted. */
  signal?: AbortSignal;
  /**
   * Called with the media time processed so far, in seconds, as ffmpeg reports it (`-progress pipe:2` lines
   * `out_time_ms=`/`out_time=`, or the stats line `time=`). Add `-progress pipe:2` to `args` for regular reports.
   */
  onProgress?: (seconds: number) => void;
  /** Called once with the pid of the spawned process (tests check it is gone afterwards). */
  onSpawn?: (pid: number) => void;
  /** ffmpeg is killed and the call fails with `ImageTooLarge` when stdout exceeds this; default {@link FFMPEG_MAX_STDOUT_BYTES}. */
  maxStdoutBytes?: number;
  /** Exit codes that count as success; default `[0]` (`ffmpeg -i file` without an output exits with 1). */
  okExitCodes?: readonly number[];
  /** What runs, for messages (`Making a poster of x.mov`). */
  what?: string;
}

/** What {@link runFfmpeg} returns. */
export interface FfmpegRunResult {
  /** Everything ffmpeg wrote to stdout (the encoded picture with `-f image2pipe … -`). */
  stdout: Buffer;
  /** stderr as text: its first {@link FFMPEG_STDERR_HEAD_BYTES} bytes, and its last 8 KiB when longer. */
  stderr: string;
  exitCode: number;
}

/**
 * Runs ffmpeg with `-hide_banner -nostdin` and `args`, through `setpriv --pdeathsig KILL` on Linux (so it dies with
 * the DAM), and collects stdout and (capped) stderr. When the deadline passes or `signal` aborts, ffmpeg is SIGKILLed
 * and the promise rejects only after the process has exited, so no ffmpeg outlives a failed call.
 *
 * @param args - ffmpeg arguments after `-hide_banner -nostdin` (put {@link FFMPEG_SAFE_INPUT} before each `-i`).
 * @throws FfmpegMissing when there is no ffmpeg; MediaError `Timeout` on the deadline or abort; DecoderFailure
 *   `ImageTooLarge` when stdout exceeds `maxStdoutBytes`; DecoderFailure (classified by {@link classifyFfmpegError}:
 *   `UnsupportedImage` or `CorruptImage`) when ffmpeg exits with a code outside `okExitCodes` or is killed by a signal.
 */
export function runFfmpeg(args: readonly string[], options: FfmpegRunOptions): Promise<FfmpegRunResult> {
  const what = options.what ?? 'ffmpeg';
  if (options.signal?.aborted === true || !(options.timeoutMs > 0)) {
    return Promise.reject(new MediaError('Timeout', `${what} was stopped by its deadline`));
  }
  let binary: string;
  try {
    binary = ffmpegPath();
  } catch (err) {
    return Promise.reject(err as Error);
  }
  const fullArgs = ['-hide_banner', '-nostdin', ...args];
  const [command, commandArgs] = SETPRIV ? [SETPRIV, ['--pdeathsig', 'KILL', '--', binary, ...fullArgs]] : [binary, fullArgs];
  const maxStdout = options.maxStdoutBytes ?? FFMPEG_MAX_STDOUT_BYTES;

  return new Promise<FfmpegRunResult>((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: false,
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', LANG: 'C', LC_ALL: 'C' },
    });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    const head: Buffer[] = [];
    let headBytes = 0;
    let tail = Buffer.alloc(0);
    let stderrBytes = 0;
    let lineRest = '';
    let failure: Error | undefined;

    const kill = (why: Error) => {
      failure ??= why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill(new MediaError('Timeout', `${what} took longer than ${options.timeoutMs} ms`)), options.timeoutMs);
    const onAbort = () => kill(new MediaError('Timeout', `${what} was stopped by its deadline`));
    options.signal?.addEventListener('abort', onAbort, { once: true });

    if (child.pid !== undefined) options.onSpawn?.(child.pid);

    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdout) {
        kill(new DecoderFailure('ImageTooLarge', `${what}: ffmpeg wrote more than ${maxStdout} bytes`));
        return;
      }
      stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderrBytes += chunk.length;
      if (headBytes < FFMPEG_STDERR_HEAD_BYTES) {
        const part = chunk.subarray(0, FFMPEG_STDERR_HEAD_BYTES - headBytes);
        head.push(part);
        headBytes += part.length;
      }
      tail = Buffer.concat([tail, chunk]);
      if (tail.length > STDERR_TAIL_BYTES) tail = tail.subarray(tail.length - STDERR_TAIL_BYTES);
      if (options.onProgress !== undefined) {
        const lines = (lineRest + chunk.toString('latin1')).split(/[\r\n]/);
        lineRest = (lines.pop() ?? '').slice(-256);
        for (const line of lines) {
          const seconds = parseProgressSeconds(line);
          if (seconds !== undefined) options.onProgress(seconds);
        }
      }
    });

    let settled = false;
    const cleanUp = () => {
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (err: NodeJS.ErrnoException) => {
      failure ??= new FfmpegMissing(`${command} cannot be run (${err.code ?? err.message})`);
      // A process that never started has no 'close' to wait for.
      if (child.pid === undefined && !settled) {
        cleanUp();
        reject(failure);
      }
    });
    child.on('close', (code, signalName) => {
      if (settled) return;
      cleanUp();
      let stderr = Buffer.concat(head).toString('utf8');
      if (stderrBytes > headBytes) {
        const tailText = tail.subarray(Math.max(0, tail.length - (stderrBytes - headBytes))).toString('utf8');
        stderr += `\n[…]\n${tailText}`;
      }
      if (failure !== undefined) {
        reject(failure);
        return;
      }
      const exitCode = code ?? -1;
      if (signalName !== null || !(options.okExitCodes ?? [0]).includes(exitCode)) {
        reject(classifyFfmpegError(stderr, `${what}: ffmpeg ${signalName !== null ? `was killed by ${signalName}` : `exited with ${exitCode}`}`));
        return;
      }
      resolve({ stdout: Buffer.concat(stdout), stderr, exitCode });
    });
  });
}

/**
 * Media time in seconds from one line of ffmpeg progress output: `out_time_ms=<µs>` (`-progress`; despite its name
 * it is in microseconds), `out_time=HH:MM:SS.ffffff` or the stats line's `time=HH:MM:SS.ff`. Undefined otherwise
 * (including `N/A` and negative times at the start).
 */
export function parseProgressSeconds(line: string): number | undefined {
  const micro = /^\s*out_time_(?:ms|us)=(\d+)\s*$/.exec(line);
  if (micro?.[1] !== undefined) return Number(micro[1]) / 1e6;
  const clock = /(?:^|\s)(?:out_)?time=(\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(line);
  if (clock === null) return undefined;
  return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
}

/**
 * Turns a failed ffmpeg run into a {@link DecoderFailure}: `UnsupportedImage` for containers or codecs ffmpeg does
 * not handle (or refuses: "Format not on whitelist"), `CorruptImage` for everything else (broken data, missing moov,
 * truncated files). The message is `prefix` plus ffmpeg's last meaningful error lines.
 */
export function classifyFfmpegError(stderr: string, prefix: string): DecoderFailure {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^(?:Input #|Output #|Stream #|Metadata:|Duration:|At least one output file)/.test(l) && !/^\S+\s+: /.test(l));
  const detail = lines.slice(-3).join(' | ').slice(0, 500);
  const unsupported = /not on whitelist|Unknown (?:decoder|encoder|format)|Decoder \(codec [^)]*\) not found|unsupported codec|Protocol not found|no decoder/i.test(stderr);
  return new DecoderFailure(unsupported ? 'UnsupportedImage' : 'CorruptImage', detail === '' ? prefix : `${prefix}: ${detail}`);
}

/** A video stream as `ffmpeg -i` describes it. */
export interface VideoStreamInfo {
  /** Absolute stream index (the `N` of `Stream #0:N`), for `-map 0:N`. */
  index: number;
  /** ffmpeg's decoder name: `h264`, `hevc`, `mpeg4`, `vp9`, `prores`… */
  codec: string;
  /** Stored (coded) frame width in px, before rotation and pixel aspect. */
  width: number;
  /** Stored frame height in px. */
  height: number;
  /** Frames per second (`fps`, else `tbr`); undefined when not printed. */
  frameRate?: number;
  /**
   * Clockwise rotation in degrees (0, 90, 180, 270; other values as given) that displays the frame upright: the
   * `rotate` tag, else the negated `displaymatrix` rotation. ffmpeg applies it when decoding (autorotate).
   */
  rotation: number;
  /** Sample (pixel) aspect ratio, when printed and not 1:1 or 0:1 (unknown). */
  sampleAspectRatio?: number;
  /**
   * True for cover art: a still picture, not the movie. Newer ffmpeg prints `(attached pic)`; ffmpeg 4.1 does not, so
   * a still-image codec (`png`, `mjpeg`, `bmp`, `gif`, `tiff`, `webp`) without an `fps` figure counts as well (a
   * motion-JPEG movie has one).
   */
  attachedPicture: boolean;
}

/** An audio stream as `ffmpeg -i` describes it. */
export interface AudioStreamInfo {
  index: number;
  /** `aac`, `mp3`, `alac`, `opus`, `pcm_s16le`, `amr_nb`… */
  codec: string;
  /** Hz; undefined when not printed. */
  sampleRate?: number;
  /** Channel count from the layout (`mono` 1, `stereo` 2, `5.1` 6, `N channels` N…); undefined when unknown. */
  channels?: number;
}

/** What {@link parseFfmpegProbe} and {@link probeMedia} return. */
export interface MediaProbe {
  /** The demuxer's names (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, `mp3`…). */
  format: string;
  /** Container duration in seconds; undefined when ffmpeg prints `N/A`. May be a file's claim, not the truth. */
  durationSeconds?: number;
  /** The first video stream that is not cover art (else undefined). */
  video?: VideoStreamInfo;
  /** The first audio stream. */
  audio?: AudioStreamInfo;
  /** Every video stream, cover art included, in file order. */
  videoStreams: VideoStreamInfo[];
  /** Every audio stream, in file order. */
  audioStreams: AudioStreamInfo[];
}

const CHANNEL_LAYOUTS: Record<string, number> = {
  mono: 1,
  stereo: 2,
  '2.1': 3,
  '3.0': 3,
  '3.0(back)': 3,
  '4.0': 4,
  quad: 4,
  'quad(side)': 4,
  '3.1': 4,
  '5.0': 5,
  '5.0(side)': 5,
  '4.1': 5,
  '5.1': 6,
  '5.1(side)': 6,
  '6.0': 6,
  '6.0(front)': 6,
  hexagonal: 6,
  '6.1': 7,
  '6.1(back)': 7,
  '6.1(front)': 7,
  '7.0': 7,
  '7.0(front)': 7,
  '7.1': 8,
  '7.1(wide)': 8,
  '7.1(wide-side)': 8,
  octagonal: 8,
  downmix: 2,
};

/** Codecs of cover-art streams (ID3 APIC, MP4 `covr`, FLAC/Ogg METADATA_BLOCK_PICTURE). */
const STILL_CODECS = new Set(['png', 'mjpeg', 'bmp', 'gif', 'tiff', 'webp']);

/** Splits `a, b(c, d), e [f, g]` on top-level commas. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter((p) => p !== '');
}

function normaliseDegrees(degrees: number): number {
  const d = Math.round(degrees * 100) / 100;
  return ((d % 360) + 360) % 360;
}

/**
 * Parses the stream summary that `ffmpeg -hide_banner -i <file>` prints on stderr (ffmpeg 4.x; the same layout in
 * later versions): the `Duration:` line and the `Stream #0:N` lines of the first input, with each stream's
 * `rotate` metadata and `displaymatrix` side data. Pure; the unit tests feed it texts captured from the samples.
 *
 * @returns undefined when the text has no `Input #0` (ffmpeg could not open the file).
 */
export function parseFfmpegProbe(stderr: string): MediaProbe | undefined {
  const lines = stderr.split(/\r?\n/);
  const start = lines.findIndex((l) => /^Input #0, /.test(l));
  if (start < 0) return undefined;
  const format = /^Input #0, (.+?), from /.exec(lines[start] ?? '')?.[1] ?? '';
  const probe: MediaProbe = { format, videoStreams: [], audioStreams: [] };
  let current: VideoStreamInfo | AudioStreamInfo | undefined;
  let rotateTag: number | undefined;
  let matrixRotation: number | undefined;
  const finishVideo = () => {
    if (current !== undefined && 'rotation' in current) {
      current.rotation = normaliseDegrees(rotateTag ?? (matrixRotation === undefined ? 0 : -matrixRotation));
    }
    rotateTag = undefined;
    matrixRotation = undefined;
  };

  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('[')) continue; // a demuxer or decoder message printed in between
    if (/^\S/.test(line)) break; // the next input or output, or ffmpeg's closing message
    const duration = /^\s+Duration: (?:(\d+):(\d\d):(\d\d(?:\.\d+)?)|N\/A)/.exec(line);
    if (duration !== null) {
      if (duration[1] !== undefined) {
        probe.durationSeconds = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
      }
      continue;
    }
    const stream = /^\s+Stream #0:(\d+)(?:\[0x[0-9a-f]+\])?(?:\([^)]*\))?: (Video|Audio|Data|Subtitle|Attachment): (.*)$/.exec(line);
    if (stream !== null) {
      finishVideo();
      current = undefined;
      const index = Number(stream[1]);
      const body = stream[3] ?? '';
      const parts = splitTopLevel(
        body.replace(
          /(?:\s*\((?:default|forced|attached pic|dub|original|comment|lyrics|karaoke|hearing impaired|visual impaired|clean effects|timed thumbnails|captions|descriptions|metadata|dependent|still image)\))+\s*$/,
          '',
        ),
      );
      const codec = /^([^\s,(]+)/.exec(body)?.[1] ?? 'unknown';
      if (stream[2] === 'Video') {
        const size = parts.map((p) => /^(\d+)x(\d+)(?:\s*\[SAR (\d+):(\d+) DAR \d+:\d+\])?/.exec(p)).find((m) => m !== null);
        if (size === undefined || size === null) continue;
        const fps = parts.map((p) => /^(\d+(?:\.\d+)?)(k?) (fps|tbr)$/.exec(p)).filter((m) => m !== null);
        const rate = fps.find((m) => m[3] === 'fps') ?? fps.find((m) => m[3] === 'tbr');
        const sarNum = Number(size[3] ?? 1);
        const sarDen = Number(size[4] ?? 1);
        const info: VideoStreamInfo = {
          index,
          codec,
          width: Number(size[1]),
          height: Number(size[2]),
          rotation: 0,
          attachedPicture: /\(attached pic\)/.test(body) || (STILL_CODECS.has(codec) && !fps.some((m) => m[3] === 'fps')),
        };
        if (rate !== undefined) info.frameRate = Number(rate[1]) * (rate[2] === 'k' ? 1000 : 1);
        if (sarNum > 0 && sarDen > 0 && sarNum !== sarDen) info.sampleAspectRatio = sarNum / sarDen;
        current = info;
        probe.videoStreams.push(info);
      } else if (stream[2] === 'Audio') {
        const info: AudioStreamInfo = { index, codec };
        const rate = parts.map((p) => /^(\d+) Hz$/.exec(p)).find((m) => m !== null);
        if (rate !== undefined && rate !== null) info.sampleRate = Number(rate[1]);
        for (const part of parts) {
          const counted = /^(\d+) channels\b/.exec(part)?.[1];
          const channels = CHANNEL_LAYOUTS[part] ?? (counted === undefined ? undefined : Number(counted));
          if (channels !== undefined) {
            info.channels = channels;
            break;
          }
        }
        current = info;
        probe.audioStreams.push(info);
      }
      continue;
    }
    if (current !== undefined && 'rotation' in current) {
      const rotate = /^\s+rotate\s+: (-?\d+(?:\.\d+)?)\s*$/.exec(line);
      if (rotate !== null) rotateTag = Number(rotate[1]);
      const matrix = /displaymatrix: rotation of (-?\d+(?:\.\d+)?) degrees/.exec(line);
      if (matrix !== null) matrixRotation = Number(matrix[1]);
    }
  }
  finishVideo();
  probe.video = probe.videoStreams.find((s) => !s.attachedPicture);
  probe.audio = probe.audioStreams[0];
  return probe;
}

/**
 * The upright display size of a video stream in px: the stored size with the pixel aspect applied to the width
 * (rounded) and the sides swapped for a 90°/270° rotation. This is what ffmpeg's autorotated, square-pixel frames
 * measure.
 */
export function uprightSize(video: VideoStreamInfo): { width: number; height: number } {
  const width = Math.max(1, Math.round(video.width * (video.sampleAspectRatio ?? 1)));
  const quarter = Math.round(video.rotation / 90) % 2 === 1;
  return quarter ? { width: video.height, height: width } : { width, height: video.height };
}

/**
 * Describes a media file with `ffmpeg -hide_banner -i <file>` (there is no ffprobe): container, duration, first
 * video and audio streams. Reads headers only (ffmpeg probes at most a few MB), so it is quick on any file.
 *
 * @param filePath - the file (absolute path).
 * @param options - `timeoutMs` (default {@link PROBE_TIMEOUT_MS}) and `signal`.
 * @throws FfmpegMissing; MediaError `Timeout`; DecoderFailure `UnsupportedImage` (a container outside
 *   {@link FFMPEG_DEMUXERS}, or not media) or `CorruptImage` (ffmpeg cannot read it: truncated, no moov…).
 */
export async function probeMedia(filePath: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<MediaProbe> {
  const run = await runFfmpeg([...FFMPEG_SAFE_INPUT, '-i', filePath], {
    timeoutMs: options.timeoutMs ?? PROBE_TIMEOUT_MS,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    okExitCodes: [0, 1],
    maxStdoutBytes: 1024,
    what: `Probing ${filePath}`,
  });
  const probe = parseFfmpegProbe(run.stderr);
  if (probe === undefined) throw classifyFfmpegError(run.stderr, `ffmpeg cannot read ${filePath}`);
  return probe;
}

/** An overall deadline shared by several ffmpeg runs: each run gets the time left. */
export class Deadline {
  private readonly end: number;
  constructor(
    readonly timeoutMs: number,
    private readonly what: string,
  ) {
    this.end = Date.now() + timeoutMs;
  }

  /** ms left. @throws MediaError `Timeout` when none is. */
  left(): number {
    const left = this.end - Date.now();
    if (left <= 0) throw new MediaError('Timeout', `${this.what} took longer than ${this.timeoutMs} ms`);
    return left;
  }
}
