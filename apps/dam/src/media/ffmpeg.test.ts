import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { isMediaError } from './errors.ts';
import { endExiftool, getExiftool } from './exiftool.ts';
import { FFMPEG_ENV, FfmpegMissing, ffmpegAvailability, parseFfmpegProbe, parseProgressSeconds, probeMedia, runFfmpeg, uprightSize } from './decoders/ffmpeg.ts';
import { DecoderFailure } from './decoders/types.ts';
import { entriesUnder, HAVE_SAMPLES, samplePath } from './testing/samples.ts';

afterAll(async () => {
  await endExiftool();
});

// `ffmpeg -hide_banner -i <file>` stderr, captured with the bundled ffmpeg (N-47683-g0e8eb07980, 2018) from the
// samples (formats/video/Apple_iPhone_6_with_gps.mov, formats/audio/chirp-1.mp3, formats/audio/exiftool_Opus.opus)
// and from two files made with it (testsrc 720x576 `-aspect 4:3` + 5.1 AAC in Matroska; an MP3 with a PNG cover).
const IPHONE_MOV = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'video/Apple_iPhone_6_with_gps.mov':
  Metadata:
    major_brand     : qt  
    minor_version   : 0
    compatible_brands: qt  
    creation_time   : 2019-07-24T08:25:57.000000Z
    com.apple.quicktime.location.ISO6709: +32.0929+034.8620+028.516/
    com.apple.quicktime.make: Apple
    com.apple.quicktime.model: iPhone 6
    com.apple.quicktime.software: 12.3
    com.apple.quicktime.creationdate: 2019-07-24T11:25:40+0300
  Duration: 00:00:04.00, start: 0.000000, bitrate: 878 kb/s
    Stream #0:0(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp, 96 kb/s (default)
    Metadata:
      creation_time   : 2019-07-24T08:25:57.000000Z
      handler_name    : Core Media Audio
    Stream #0:1(und): Video: h264 (Baseline) (avc1 / 0x31637661), yuv420p(tv, bt709), 568x320, 749 kb/s, 29.99 fps, 29.97 tbr, 600 tbn, 1200 tbc (default)
    Metadata:
      rotate          : 90
      creation_time   : 2019-07-24T08:25:57.000000Z
      handler_name    : Core Media Video
      encoder         : H.264
    Side data:
      displaymatrix: rotation of -90.00 degrees
    Stream #0:2(und): Data: none (mebx / 0x7862656D), 19 kb/s (default)
    Metadata:
      creation_time   : 2019-07-24T08:25:57.000000Z
      handler_name    : Core Media Metadata
    Stream #0:3(und): Data: none (mebx / 0x7862656D), 0 kb/s (default)
    Metadata:
      creation_time   : 2019-07-24T08:25:57.000000Z
      handler_name    : Core Media Metadata
At least one output file must be specified
`;

const CHIRP_MP3 = `[mp3 @ 0x1abb3b00] Format mp3 detected only with low score of 25, misdetection possible!
Input #0, mp3, from 'audio/chirp-1.mp3':
  Duration: 00:00:00.13, start: 0.025057, bitrate: 113 kb/s
    Stream #0:0: Audio: mp3, 44100 Hz, mono, fltp, 113 kb/s
    Metadata:
      encoder         : LAME3.100
At least one output file must be specified
`;

const OPUS_WITH_COVER = `[ogg @ 0x3aa05b00] 744 bytes of comment header remain
Input #0, ogg, from 'audio/exiftool_Opus.opus':
  Duration: 00:00:00.01, start: 0.000000, bitrate: 776 kb/s
    Stream #0:0: Audio: opus, 48000 Hz, mono, fltp
    Metadata:
      ENCODER         : opusenc from opus-tools 0.1.9
    Stream #0:1: Video: png, monob(pc), 16x16, 90k tbr, 90k tbn, 90k tbc
    Metadata:
      comment         : Cover (front)
      title           : cover pic
At least one output file must be specified
`;

const ANAMORPHIC_MKV = `Input #0, matroska,webm, from 'sar.mkv':
  Metadata:
    ENCODER         : Lavf58.24.100
  Duration: 00:00:01.02, start: 0.000000, bitrate: 653 kb/s
    Stream #0:0: Video: h264 (High 4:4:4 Predictive), yuv444p(progressive), 720x576 [SAR 16:15 DAR 4:3], 25 fps, 25 tbr, 1k tbn, 50 tbc (default)
    Metadata:
      ENCODER         : Lavc58.42.100 libx264
      DURATION        : 00:00:01.023000000
    Stream #0:1: Audio: aac (LC), 44100 Hz, 5.1, fltp (default)
    Metadata:
      ENCODER         : Lavc58.42.100 aac
      DURATION        : 00:00:01.023000000
At least one output file must be specified
`;

const MP3_WITH_COVER = `Input #0, mp3, from 'cover.mp3':
  Metadata:
    encoder         : Lavf58.24.100
  Duration: 00:00:01.04, start: 0.025056, bitrate: 72 kb/s
    Stream #0:0: Audio: mp3, 44100 Hz, mono, fltp, 64 kb/s
    Stream #0:1: Video: png, rgb24(pc), 176x144 [SAR 1:1 DAR 11:9], 90k tbr, 90k tbn, 90k tbc
    Metadata:
      comment         : Other
At least one output file must be specified
`;

// The layout of ffmpeg 5 and later (written from their dump.c, not captured): no `rotate` tag any more, only the
// display matrix, and the `(attached pic)` disposition printed.
const NEWER_FFMPEG = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'portrait.mov':
  Duration: 00:01:02.50, start: 0.000000, bitrate: 10000 kb/s
  Stream #0:0[0x1](und): Video: hevc (Main) (hvc1 / 0x31637668), yuv420p(tv, bt709), 1920x1080, 9800 kb/s, 29.98 fps, 30 tbr, 600 tbn (default)
    Metadata:
      handler_name    : Core Media Video
    Side data:
      displaymatrix: rotation of 90.00 degrees
  Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, 6 channels, fltp, 256 kb/s (default)
  Stream #0:2[0x0]: Video: mjpeg (Baseline), yuvj420p(pc, bt470bg/unknown/unknown), 600x600, 90k tbr, 90k tbn (attached pic)
At least one output file must be specified
`;

describe('parseFfmpegProbe (pure)', () => {
  it('reads the rotated iPhone clip: duration, streams, rotation 90 from the rotate tag', () => {
    const probe = parseFfmpegProbe(IPHONE_MOV);
    expect(probe).toMatchObject({
      format: 'mov,mp4,m4a,3gp,3g2,mj2',
      durationSeconds: 4,
      video: { index: 1, codec: 'h264', width: 568, height: 320, frameRate: 29.99, rotation: 90, attachedPicture: false },
      audio: { index: 0, codec: 'aac', sampleRate: 44100, channels: 1 },
    });
    expect(probe?.video?.sampleAspectRatio).toBeUndefined();
    expect(uprightSize(probe!.video!)).toEqual({ width: 320, height: 568 });
  });

  it('reads an MP3 after a demuxer warning', () => {
    const probe = parseFfmpegProbe(CHIRP_MP3);
    expect(probe).toMatchObject({ format: 'mp3', durationSeconds: 0.13, audio: { codec: 'mp3', sampleRate: 44100, channels: 1 } });
    expect(probe?.video).toBeUndefined();
  });

  it('treats an Ogg or ID3 cover picture as cover art, not as the video', () => {
    for (const text of [OPUS_WITH_COVER, MP3_WITH_COVER]) {
      const probe = parseFfmpegProbe(text);
      expect(probe?.videoStreams).toHaveLength(1);
      expect(probe?.videoStreams[0]).toMatchObject({ codec: 'png', attachedPicture: true });
      expect(probe?.video).toBeUndefined();
      expect(probe?.audio).toBeDefined();
    }
    expect(parseFfmpegProbe(OPUS_WITH_COVER)).toMatchObject({ durationSeconds: 0.01, audio: { codec: 'opus', sampleRate: 48000 } });
  });

  it('reads the pixel aspect ratio and 5.1 channels; the upright size has square pixels', () => {
    const probe = parseFfmpegProbe(ANAMORPHIC_MKV);
    expect(probe).toMatchObject({ format: 'matroska,webm', durationSeconds: 1.02, video: { width: 720, height: 576, frameRate: 25 }, audio: { channels: 6 } });
    expect(probe?.video?.sampleAspectRatio).toBeCloseTo(16 / 15, 6);
    expect(uprightSize(probe!.video!)).toEqual({ width: 768, height: 576 });
  });

  it('reads the newer layout: stream ids, display matrix only, (attached pic), N channels, minutes', () => {
    const probe = parseFfmpegProbe(NEWER_FFMPEG);
    expect(probe).toMatchObject({ durationSeconds: 62.5, video: { index: 0, codec: 'hevc', rotation: 270 }, audio: { channels: 6 } });
    expect(probe?.videoStreams[1]).toMatchObject({ codec: 'mjpeg', attachedPicture: true });
    expect(uprightSize(probe!.video!)).toEqual({ width: 1080, height: 1920 });
  });

  it('returns undefined when ffmpeg could not open the input, and no duration for N/A', () => {
    expect(parseFfmpegProbe('x.mp4: Invalid data found when processing input\n')).toBeUndefined();
    const probe = parseFfmpegProbe(
      "Input #0, matroska,webm, from 'live.mkv':\n  Duration: N/A, start: 0.000000, bitrate: N/A\n    Stream #0:0: Video: vp8, yuv420p, 640x480, SAR 1:1 DAR 4:3, 30 fps, 30 tbr, 1k tbn, 1k tbc (default)\n",
    );
    expect(probe?.durationSeconds).toBeUndefined();
    expect(probe?.video).toMatchObject({ codec: 'vp8', width: 640, height: 480 });
  });
});

describe('parseProgressSeconds (pure)', () => {
  it('reads -progress lines and the stats line', () => {
    expect(parseProgressSeconds('out_time_ms=1500000')).toBe(1.5);
    expect(parseProgressSeconds('out_time=00:01:02.500000')).toBe(62.5);
    expect(parseProgressSeconds('frame=   60 fps=0.0 q=28.0 size=     256kB time=00:00:02.00 bitrate=1048.6kbits/s speed=3.9x')).toBe(2);
    expect(parseProgressSeconds('out_time=-577014:32:22.775808')).toBeUndefined();
    expect(parseProgressSeconds('progress=continue')).toBeUndefined();
  });
});

describe.skipIf(!HAVE_SAMPLES)('ffmpeg binary', () => {
  it('is available from @ffmpeg-installer/ffmpeg, with its version', () => {
    const found = ffmpegAvailability();
    expect(found).toMatchObject({ available: true, origin: 'package' });
    expect(found.version).toMatch(/\S/);
  });

  it('reports a MAGPIE_FFMPEG that does not run, and decoders then fail with FfmpegMissing', async () => {
    const saved = process.env[FFMPEG_ENV];
    process.env[FFMPEG_ENV] = '/nonexistent/ffmpeg';
    try {
      const found = ffmpegAvailability({ refresh: true });
      expect(found).toMatchObject({ available: false, origin: 'env', path: '/nonexistent/ffmpeg' });
      expect(found.problem).toContain('ENOENT');
      const err = await probeMedia(samplePath('formats/video/sample.3gp')).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FfmpegMissing);
      expect(err).toBeInstanceOf(DecoderFailure);
      expect((err as DecoderFailure).reason).toBe('UnsupportedImage');
      expect((err as Error).message).toMatch(/^ffmpeg is not available: .*MAGPIE_FFMPEG/);
    } finally {
      if (saved === undefined) delete process.env[FFMPEG_ENV];
      else process.env[FFMPEG_ENV] = saved;
      ffmpegAvailability({ refresh: true });
    }
    expect(ffmpegAvailability().available).toBe(true);
  });

  it('SIGKILLs ffmpeg on abort and settles only once it is gone', async () => {
    const controller = new AbortController();
    let pid = 0;
    const started = Date.now();
    const run = runFfmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=3600:size=320x240:rate=25', '-f', 'null', '-'], {
      timeoutMs: 60_000,
      signal: controller.signal,
      onSpawn: (p) => (pid = p),
    });
    setTimeout(() => controller.abort(), 300);
    const err = await run.catch((e: unknown) => e);
    expect(isMediaError(err, 'Timeout')).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(pid).toBeGreaterThan(0);
    expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
  });

  it('reports progress from -progress pipe:2', async () => {
    const seen: number[] = [];
    await runFfmpeg(['-v', 'error', '-progress', 'pipe:2', '-nostats', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=64x48:rate=10', '-f', 'null', '-'], {
      timeoutMs: 30_000,
      onProgress: (s) => seen.push(s),
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.max(...seen)).toBeCloseTo(2, 0);
  });
});

describe.skipIf(!HAVE_SAMPLES)('probeMedia on the samples', () => {
  const entries = [...entriesUnder('formats/video'), ...entriesUnder('formats/audio')];

  it('covers the 6 videos and 5 audio files', () => {
    expect(entries).toHaveLength(11);
  });

  it.each(entries.map((e) => [e.path, e] as const))('%s: streams and a duration close to ExifTool’s', async (_, entry) => {
    const file = samplePath(entry);
    const probe = await probeMedia(file);
    const tags = (await getExiftool().readRaw(file, { readArgs: ['-n', '-Duration', '-Rotation'], useMWG: false })) as Record<string, unknown>;
    if (entry.path.startsWith('formats/video/')) {
      expect(probe.video).toBeDefined();
      const width = Number(entry.exiftool?.ImageWidth);
      const height = Number(entry.exiftool?.ImageHeight);
      expect([probe.video?.width, probe.video?.height]).toEqual([width, height]);
      expect(probe.video?.rotation).toBe(Number(tags['Rotation'] ?? 0));
    } else {
      expect(probe.audio).toBeDefined();
    }
    const exifDuration = typeof tags['Duration'] === 'number' ? tags['Duration'] : undefined;
    if (exifDuration !== undefined) {
      // ffmpeg prints centiseconds; ExifTool reads the same header fields.
      expect(Math.abs((probe.durationSeconds ?? -1) - exifDuration)).toBeLessThanOrEqual(Math.max(0.02, exifDuration * 0.02));
    } else {
      expect(probe.durationSeconds).toBeGreaterThan(0); // exiftool_Opus.opus: ExifTool gives no duration
    }
  });

  it('refuses a text file posing as MP4 (HLS playlist) without following it', async () => {
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'magpie-ffmpeg-'));
    try {
      const file = path.join(dir, 'playlist.mp4');
      await writeFile(file, '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n');
      const err = await probeMedia(file).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DecoderFailure);
      expect((err as DecoderFailure).reason).toBe('UnsupportedImage');
      expect((err as Error).message).toMatch(/whitelist/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('leaves no ffmpeg child behind after these runs', () => {
    expect(ffmpegChildren()).toEqual([]);
  });
});

/** ffmpeg processes whose parent is this test process (zombies included). */
function ffmpegChildren(): string[] {
  let out: string;
  try {
    out = execFileSync('ps', ['-o', 'pid=,stat=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  } catch {
    return []; // ps exits with 1 when nothing matches
  }
  return out
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /\bffmpeg\b/.test(l));
}
