import { execFileSync } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMediaError } from './errors.ts';
import { endExiftool, getExiftool } from './exiftool.ts';
import { Deadline, probeMedia, runFfmpeg } from './decoders/ffmpeg.ts';
import { transcodeToWebMp4 } from './decoders/transcode.ts';
import { DecoderFailure, type DecodeResult } from './decoders/types.ts';
import { posterTime, renderPoster, videoDecoder } from './decoders/video.ts';
import { entriesUnder, HAVE_SAMPLES, samplePath } from './testing/samples.ts';

let tmpRoot = '';
beforeAll(async () => {
  tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'magpie-video-'));
});
afterAll(async () => {
  await endExiftool();
  await rm(tmpRoot, { recursive: true, force: true });
});

const decode = (filePath: string, timeoutMs = 30_000, maxSide = 1600): Promise<DecodeResult> =>
  videoDecoder.decode({ filePath, maxSide, timeoutMs, signal: new AbortController().signal });

async function pictureSize(result: DecodeResult): Promise<{ width: number; height: number; format: string | undefined }> {
  expect(result.picture.kind).toBe('encoded');
  const meta = await sharp(result.picture.data).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
}

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

/** Top-level ISO BMFF boxes of `data`: type and offset. */
function topLevelBoxes(data: Buffer): { type: string; offset: number }[] {
  const boxes: { type: string; offset: number }[] = [];
  for (let offset = 0; offset + 8 <= data.length;) {
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    if (size === 1) size = Number(data.readBigUInt64BE(offset + 8));
    if (size === 0) size = data.length - offset;
    boxes.push({ type, offset });
    if (size < 8) break;
    offset += size;
  }
  return boxes;
}

/**
 * Rewrites the durations an MP4 claims (mvhd, every tkhd and mdhd, version 0 boxes) to `seconds`, leaving the
 * samples as they are: the file then says it lasts `seconds` while holding its real few seconds.
 */
function claimDuration(data: Buffer, seconds: number): number {
  let patched = 0;
  let movieTimescale = 0;
  const walk = (start: number, end: number) => {
    for (let offset = start; offset + 8 <= end;) {
      const size = data.readUInt32BE(offset);
      const type = data.toString('latin1', offset + 4, offset + 8);
      if (size < 8) return;
      if (['moov', 'trak', 'mdia'].includes(type)) walk(offset + 8, offset + size);
      if (type === 'mvhd' || type === 'mdhd') {
        expect(data[offset + 8]).toBe(0); // version 0: 32-bit times
        const timescale = data.readUInt32BE(offset + 20);
        if (type === 'mvhd') movieTimescale = timescale;
        data.writeUInt32BE(seconds * timescale, offset + 24);
        patched++;
      }
      if (type === 'tkhd') {
        expect(data[offset + 8]).toBe(0);
        data.writeUInt32BE(seconds * movieTimescale, offset + 28);
        patched++;
      }
      offset += size;
    }
  };
  walk(0, data.length);
  return patched;
}

describe.skipIf(!HAVE_SAMPLES)('videoDecoder on the samples', () => {
  const entries = entriesUnder('formats/video');

  it('covers the 6 videos and accepts them by extension, MIME type and ExifTool FileType', () => {
    expect(entries).toHaveLength(6);
    expect(videoDecoder.accepts({ ext: 'mov', mime: undefined, fileType: undefined })).toBe(true);
    expect(videoDecoder.accepts({ ext: undefined, mime: 'video/webm', fileType: undefined })).toBe(true);
    expect(videoDecoder.accepts({ ext: undefined, mime: undefined, fileType: 'MKV' })).toBe(true);
    expect(videoDecoder.accepts({ ext: 'jpg', mime: 'image/jpeg', fileType: 'JPEG' })).toBe(false);
    expect(videoDecoder.accepts({ ext: 'mp3', mime: 'audio/mpeg', fileType: 'MP3' })).toBe(false);
  });

  it('takes the poster at min(1 s, 10 % of the duration)', () => {
    expect(posterTime(4)).toBeCloseTo(0.4, 9);
    expect(posterTime(36_000)).toBe(1);
    expect(posterTime(undefined)).toBe(0);
  });

  it.each(entries.map((e) => [e.path, e] as const))('%s: an upright PNG poster with the manifest’s shape', async (_, entry) => {
    const file = samplePath(entry);
    const stored = { width: Number(entry.exiftool?.ImageWidth), height: Number(entry.exiftool?.ImageHeight) };
    const rotation = Number(((await getExiftool().readRaw(file, { readArgs: ['-n', '-Rotation'], useMWG: false })) as Record<string, unknown>)['Rotation'] ?? 0);
    const upright = rotation % 180 === 90 ? { width: stored.height, height: stored.width } : stored;

    const result = await decode(file);
    const size = await pictureSize(result);

    expect(size.format).toBe('png');
    expect(result.upright).toBe(true);
    expect(result.source).toMatch(/^video-frame/);
    expect({ width: result.contentWidth, height: result.contentHeight }).toEqual(upright);
    expect(size.width >= size.height).toBe(upright.width >= upright.height);
    expect(Math.abs(size.width / size.height / (upright.width / upright.height) - 1)).toBeLessThan(0.02);
    expect(Math.max(size.width, size.height)).toBe(Math.min(1600, Math.max(upright.width, upright.height)));
  });

  it('Apple_iPhone_6_with_gps.mov (stored 568×320, track rotation 90°) gives a portrait poster', async () => {
    const size = await pictureSize(await decode(samplePath('formats/video/Apple_iPhone_6_with_gps.mov')));
    expect(size).toMatchObject({ width: 320, height: 568 });
  });

  it('scales the poster to maxSide, never enlarging', async () => {
    const small = await pictureSize(await decode(samplePath('formats/video/uuid540.mp4'), 30_000, 400));
    expect(small).toMatchObject({ width: 400, height: 225 });
  });

  it('refuses frames over DECODER_MAX_PIXELS before decoding (ImageTooLarge)', async () => {
    const file = samplePath('formats/video/sample.3gp');
    const probe = await probeMedia(file);
    const huge = { ...probe, video: { ...probe.video!, width: 20_000, height: 15_000 } };
    const options = { maxSide: 1600, deadline: new Deadline(30_000, 'test'), signal: new AbortController().signal };
    const err = await renderPoster(file, huge, options).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DecoderFailure);
    expect((err as DecoderFailure).reason).toBe('ImageTooLarge');
  });

  it('gives a CorruptImage DecoderFailure for a video whose samples are cut off', async () => {
    const file = path.join(tmpRoot, 'truncated.mp4');
    await writeFile(file, (await readFile(samplePath('formats/video/uuid540.mp4'))).subarray(0, 4000));
    const err = await decode(file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DecoderFailure);
    expect((err as DecoderFailure).reason).toBe('CorruptImage');
  });

  it('draws the waveform of an MP4 container that holds only sound', async () => {
    const file = path.join(tmpRoot, 'sound-only.mp4');
    await copyFile(samplePath('formats/audio/alac_11s.m4a'), file);
    const result = await decode(file);
    expect(result.source).toBe('waveform');
    expect(await pictureSize(result)).toMatchObject({ width: 1600, height: 400 });
  });

  it('answers quickly for a file that claims to last ten hours', async () => {
    // A real 2 s clip made by ffmpeg, whose mvhd/tkhd/mdhd durations are then rewritten to 36 000 s: ffmpeg believes
    // the claim (the probe says ten hours); the poster must still come from a seek to 1 s, not a read of the file.
    const made = path.join(tmpRoot, 'two-seconds.mp4');
    await runFfmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=160x120:rate=10', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', made], {
      timeoutMs: 30_000,
    });
    const data = await readFile(made);
    expect(claimDuration(data, 36_000)).toBe(3);
    const file = path.join(tmpRoot, 'ten-hours.mp4');
    await writeFile(file, data);
    expect((await probeMedia(file)).durationSeconds).toBeCloseTo(36_000, 0);

    const started = Date.now();
    const outcome = await decode(file, 30_000).then(
      async (result) => ({ ok: true as const, size: await pictureSize(result), result }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    const ms = Date.now() - started;
    expect(ms).toBeLessThan(15_000);
    if (outcome.ok) expect(outcome.size).toMatchObject({ width: 160, height: 120 });
    else expect(outcome.error).toBeInstanceOf(DecoderFailure);
  });

  it('gives MediaError Timeout for a 1 ms deadline and leaves no ffmpeg process', async () => {
    const err = await decode(samplePath('formats/video/with-gps.mp4'), 1).catch((e: unknown) => e);
    expect(isMediaError(err, 'Timeout')).toBe(true);
    expect(ffmpegChildren()).toEqual([]);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await videoDecoder
      .decode({ filePath: samplePath('formats/video/sample.3gp'), maxSide: 1600, timeoutMs: 30_000, signal: controller.signal })
      .catch((e: unknown) => e);
    expect(isMediaError(err, 'Timeout')).toBe(true);
  });
});

describe.skipIf(!HAVE_SAMPLES)('transcodeToWebMp4', () => {
  async function expectWebMp4(file: string, expected: { width: number; height: number; audio: boolean }) {
    const probe = await probeMedia(file);
    expect(probe.video).toMatchObject({ codec: 'h264', width: expected.width, height: expected.height, rotation: 0 });
    if (expected.audio) expect(probe.audio?.codec).toBe('aac');
    else expect(probe.audio).toBeUndefined();
    const types = topLevelBoxes(await readFile(file)).map((b) => b.type);
    expect(types.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(types.indexOf('moov')).toBeLessThan(types.indexOf('mdat')); // +faststart
  }

  it('sample.3gp (the smallest video; MPEG-4 Part 2 + AMR-NB) → H.264 + AAC, moov first, progress to 1', async () => {
    const output = path.join(tmpRoot, 'web-3gp.mp4');
    const fractions: number[] = [];
    const result = await transcodeToWebMp4(samplePath('formats/video/sample.3gp'), output, { timeoutMs: 60_000, onProgress: (f) => fractions.push(f) });
    expect(result).toMatchObject({ width: 176, height: 144 });
    expect(result.durationSeconds).toBeGreaterThan(4.5);
    expect(result.durationSeconds).toBeLessThan(5.5);
    expect(result.bytes).toBeGreaterThan(1000);
    await expectWebMp4(output, { width: 176, height: 144, audio: true });
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((f) => f >= 0 && f <= 1)).toBe(true);
    expect((await readdir(tmpRoot)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('uuid540.mp4 (no audio) at maxSide 480 → H.264 only, 480×270', async () => {
    const output = path.join(tmpRoot, 'web-540.mp4');
    const result = await transcodeToWebMp4(samplePath('formats/video/uuid540.mp4'), output, { maxSide: 480, timeoutMs: 60_000 });
    expect(result).toMatchObject({ width: 480, height: 270 });
    await expectWebMp4(output, { width: 480, height: 270, audio: false });
  });

  it('Apple_iPhone_6_with_gps.mov → upright 320×568 pixels with no rotation left to apply', async () => {
    const output = path.join(tmpRoot, 'web-iphone.mp4');
    const result = await transcodeToWebMp4(samplePath('formats/video/Apple_iPhone_6_with_gps.mov'), output, { timeoutMs: 60_000 });
    expect(result).toMatchObject({ width: 320, height: 568 });
    await expectWebMp4(output, { width: 320, height: 568, audio: true });
  });

  it('removes its partial file and leaves no ffmpeg when the deadline passes', async () => {
    const input = path.join(tmpRoot, 'long.mp4');
    await runFfmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=30:size=640x360:rate=25', '-c:v', 'libx264', '-preset', 'ultrafast', '-y', input], {
      timeoutMs: 60_000,
    });
    const dir = await mkdtemp(path.join(tmpRoot, 'out-'));
    const err = await transcodeToWebMp4(input, path.join(dir, 'web.mp4'), { timeoutMs: 800 }).catch((e: unknown) => e);
    expect(isMediaError(err, 'Timeout')).toBe(true);
    expect(await readdir(dir)).toEqual([]);
    expect(ffmpegChildren()).toEqual([]);
  });

  it('refuses a missing output folder with WriteFailed', async () => {
    const err = await transcodeToWebMp4(samplePath('formats/video/sample.3gp'), path.join(tmpRoot, 'no', 'such', 'web.mp4')).catch((e: unknown) => e);
    expect(isMediaError(err, 'WriteFailed')).toBe(true);
  });
});
