/**
 * Watermark images and their overlay (issue 16, media/watermarks.ts): what an administrator's image must be, and a
 * stamp that fits every rendition (turned photos, every position, the full width), on real samples.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renditionStream } from './renditions.ts';
import { samplePath } from './testing/samples.ts';
import { readWatermarkImage, watermarkOverlay, WatermarkImageError, type WatermarkPosition } from './watermarks.ts';

let dir: string;
let stampPath: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'magpie-watermarks-'));
  stampPath = path.join(dir, 'stamp.png');
  // Taller than wide, so a full-width stamp would overflow a landscape image unless it is fitted.
  await sharp({ create: { width: 30, height: 90, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 1 } } })
    .png()
    .toFile(stampPath);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('readWatermarkImage', () => {
  it('keeps a PNG, JPEG or WebP as a PNG with its size, from base64 or a data: URL', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const read = await readWatermarkImage(`data:image/jpeg;base64,${jpeg.toString('base64')}`);
    expect(read).toMatchObject({ width: 64, height: 32 });
    expect((await sharp(read.png).metadata()).format).toBe('png');
    const webp = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#00000080' } })
      .webp()
      .toBuffer();
    expect(await readWatermarkImage(webp.toString('base64'))).toMatchObject({ width: 8, height: 8 });
  });

  it('refuses what cannot be a watermark, saying why', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const tooWide = await sharp({ create: { width: 4001, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const cases: Array<[string, RegExp]> = [
      ['%%%', /base64/],
      [Buffer.from('plain text').toString('base64'), /PNG, JPEG or WebP/],
      [gif.toString('base64'), /gif cannot be a watermark/],
      [tooWide.toString('base64'), /4000 px/],
      [Buffer.alloc(600 * 1024, 1).toString('base64'), /512 KiB/],
    ];
    for (const [encoded, message] of cases) {
      const error = await readWatermarkImage(encoded).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(WatermarkImageError);
      expect((error as Error).message).toMatch(message);
    }
  });
});

describe('watermarkOverlay', () => {
  const positions: WatermarkPosition[] = ['center', 'top-left', 'top-right', 'bottom-left', 'bottom-right', 'tile'];

  it('stamps every position at full width on turned and upright photos, within the image', async () => {
    for (const sample of ['photos/orientation/Landscape_6.jpg', 'photos/orientation/Portrait_1.jpg']) {
      const input = samplePath(sample);
      for (const size of [null, 333]) {
        for (const position of positions) {
          const spec = { format: 'png' as const, quality: 90, size };
          const overlay = await watermarkOverlay(input, spec, { path: stampPath, position, opacity: 100, scale: 100 });
          const { data, info } = await renditionStream(input, spec, overlay).raw().toBuffer({ resolveWithObject: true });
          expect(info.width * info.height, `${sample} ${size} ${position}`).toBeGreaterThan(0);
          // Some pixel is the stamp's blue.
          let blue = false;
          for (let at = 0; at < data.length && !blue; at += info.channels) blue = data[at] === 0 && data[at + 1] === 0 && data[at + 2] === 255;
          expect(blue, `${sample} ${size} ${position}`).toBe(true);
        }
      }
    }
  });
});
