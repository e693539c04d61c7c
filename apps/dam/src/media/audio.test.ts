import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { isMediaError } from './errors.ts';
import { endExiftool } from './exiftool.ts';
import { audioDecoder, WAVEFORM_COLOUR } from './decoders/audio.ts';
import { DecoderFailure } from './decoders/types.ts';
import { entriesUnder, HAVE_SAMPLES, samplePath } from './testing/samples.ts';

afterAll(async () => {
  await endExiftool();
});

const decode = (filePath: string, maxSide = 1600, timeoutMs = 30_000) => audioDecoder.decode({ filePath, maxSide, timeoutMs, signal: new AbortController().signal });

/** The one sample that gives no waveform: an AIFF whose COMM chunk declares 11 554 frames but that has no SSND chunk. */
const NO_SAMPLES = 'formats/audio/exiftool_AIFF.aif';

describe.skipIf(!HAVE_SAMPLES)('audioDecoder on the samples', () => {
  const entries = entriesUnder('formats/audio');

  it('covers the 5 audio files and accepts audio by extension, MIME type and ExifTool FileType', () => {
    expect(entries).toHaveLength(5);
    expect(audioDecoder.accepts({ ext: 'opus', mime: 'audio/ogg; codecs=opus', fileType: 'OPUS' })).toBe(true);
    expect(audioDecoder.accepts({ ext: undefined, mime: 'audio/x-flac', fileType: undefined })).toBe(true);
    expect(audioDecoder.accepts({ ext: undefined, mime: undefined, fileType: 'AIFF' })).toBe(true);
    expect(audioDecoder.accepts({ ext: 'mp4', mime: 'video/mp4', fileType: 'MP4' })).toBe(false);
  });

  it.each(entries.filter((e) => e.path !== NO_SAMPLES).map((e) => [e.path] as const))('%s: a 1600×400 waveform on white', async (file) => {
    const result = await decode(samplePath(file));
    expect(result).toMatchObject({ upright: true, source: 'waveform', picture: { kind: 'encoded' } });
    const image = sharp(result.picture.data);
    const meta = await image.metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1600, height: 400 });
    const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(pixel(0, 0)).toEqual([255, 255, 255]); // corners stay white
    expect(pixel(1599, 399)).toEqual([255, 255, 255]);
    // Something is drawn on the centre line (the waveform, or the faint line of silence), in the waveform's hue.
    const centre = pixel(800, 200);
    expect(centre).not.toEqual([255, 255, 255]);
    expect(centre[2]).toBeGreaterThan(centre[0]!); // slate blue
    expect(WAVEFORM_COLOUR).toBe('#3f6e94');
  });

  it(`${NO_SAMPLES} (a header without sound data) gives a CorruptImage DecoderFailure`, async () => {
    const err = await decode(samplePath(NO_SAMPLES)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DecoderFailure);
    expect((err as DecoderFailure).reason).toBe('CorruptImage');
    expect((err as Error).message).toMatch(/no decodable samples/);
  });

  it('draws a narrower waveform for smaller previews', async () => {
    const result = await decode(samplePath('formats/audio/chirp-1.mp3'), 400);
    expect(await sharp(result.picture.data).metadata()).toMatchObject({ width: 400, height: 100 });
  });

  it('gives UnsupportedImage for a video without sound, and Timeout for a 1 ms deadline', async () => {
    const silent = await decode(samplePath('formats/video/uuid540.mp4')).catch((e: unknown) => e);
    expect(silent).toBeInstanceOf(DecoderFailure);
    expect((silent as DecoderFailure).reason).toBe('UnsupportedImage');
    const late = await decode(samplePath('formats/audio/alac_11s.m4a'), 1600, 1).catch((e: unknown) => e);
    expect(isMediaError(late, 'Timeout')).toBe(true);
  });
});
