import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegAvailability, probeMedia } from '../media/decoders/ffmpeg.ts';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../testing/harness.ts';

/**
 * A movie's web-playable copy (issue 16): the upload queues the `web-video` job, the job transcodes the original to
 * H.264/AAC MP4, the asset says `ready` with an href, and the href streams the file with byte ranges for seeking,
 * behind the Preview permission (the authorization matrix checks who). Runs on PGlite and PostgreSQL (the job's state
 * is database rows).
 */
let sut: TestDam;
let tmp = '';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const ASSET = { accept: 'application/vnd.fotoware.asset+json' };

beforeAll(async () => {
  sut = await createTestDam();
  tmp = await mkdtemp(path.join(os.tmpdir(), 'magpie-web-video-'));
}, 120_000);
afterAll(async () => {
  await sut?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('web-playable copies of movies (issue 16)', () => {
  let asset: Record<string, any>;

  beforeAll(async () => {
    // The phone video: stored 568×320 with a 90° track rotation, AAC sound.
    const status = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, 'formats/video/Apple_iPhone_6_with_gps.mov'), { folder: 'web-video' });
    expect(status.status).toBe('done');
    asset = (await sut.app.inject({ method: 'GET', url: status.result!.assetUrl, headers: { ...bearer(sut.adminToken), ...ASSET } })).json();
  }, 120_000);

  it('makes an upright H.264/AAC MP4 and names it in the asset', async () => {
    expect(asset.webVideo).toMatchObject({ status: 'ready', width: 320, height: 568 });
    expect(asset.webVideo.href).toMatch(new RegExp(`^/fotoweb/cache/video/${asset.uniqueid}/[0-9a-f]{12}\\.mp4$`));
    expect(asset.webVideo.duration).toBeCloseTo(asset.attributes.videoattributes.duration, 0);
    const res = await sut.app.inject({ method: 'GET', url: asset.webVideo.href, headers: bearer(sut.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    const file = path.join(tmp, 'web.mp4');
    await writeFile(file, res.rawPayload);
    const probe = await probeMedia(file);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 320, height: 568 });
    expect(probe.audio?.codec).toBe('aac');
    // Fast start: the index comes before the media data, so a player starts before the whole file arrives.
    expect(res.rawPayload.indexOf('moov')).toBeLessThan(res.rawPayload.indexOf('mdat'));
  });

  it('answers byte ranges (seeking), and refuses a range past the end', async () => {
    const part = await sut.app.inject({ method: 'GET', url: asset.webVideo.href, headers: { ...bearer(sut.adminToken), range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    expect(part.headers['content-range']).toMatch(/^bytes 100-199\/\d+$/);
    const full = await sut.app.inject({ method: 'GET', url: asset.webVideo.href, headers: bearer(sut.adminToken) });
    expect(part.rawPayload.equals(full.rawPayload.subarray(100, 200))).toBe(true);
    const past = await sut.app.inject({ method: 'GET', url: asset.webVideo.href, headers: { ...bearer(sut.adminToken), range: `bytes=${full.rawPayload.length + 10}-` } });
    expect(past.statusCode).toBe(416);
  });

  // Who may fetch it (Preview) is a row of the authorization matrix (policies/authorization.matrix.test.ts).
  it('finds nothing under an old, made-up or malformed version', async () => {
    const stale = await sut.app.inject({ method: 'GET', url: `/fotoweb/cache/video/${asset.uniqueid}/000000000000.mp4`, headers: bearer(sut.adminToken) });
    expect(stale.statusCode).toBe(404);
    const malformed = await sut.app.inject({ method: 'GET', url: `/fotoweb/cache/video/${asset.uniqueid}/..%2F..%2Fetc.mp4`, headers: bearer(sut.adminToken) });
    expect(malformed.statusCode).toBe(404);
  });

  it('gives photos no web video', async () => {
    const status = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, 'formats/png/sampleWithExifData.png'), { folder: 'web-video' });
    const photo = (await sut.app.inject({ method: 'GET', url: status.result!.assetUrl, headers: { ...bearer(sut.adminToken), ...ASSET } })).json();
    expect(photo.webVideo).toBeUndefined();
  });

  it('says how to add ffmpeg when the server has none, and keeps the poster', async () => {
    const saved = process.env['MAGPIE_FFMPEG'];
    process.env['MAGPIE_FFMPEG'] = path.join(tmp, 'no-ffmpeg-here');
    ffmpegAvailability({ refresh: true });
    try {
      const status = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, 'formats/video/sample.3gp'), { folder: 'web-video' });
      const movie = (await sut.app.inject({ method: 'GET', url: status.result!.assetUrl, headers: { ...bearer(sut.adminToken), ...ASSET } })).json();
      expect(movie.webVideo.status).toBe('unavailable');
      expect(movie.webVideo.message).toMatch(/ffmpeg is not available.*MAGPIE_FFMPEG/s);
      expect(movie.webVideo.href).toBeUndefined();
      // No ffmpeg, no poster frame either: the asset still exists and says why it has no preview.
      expect(movie.hasPreview).toBe(false);
    } finally {
      if (saved === undefined) delete process.env['MAGPIE_FFMPEG'];
      else process.env['MAGPIE_FFMPEG'] = saved;
      ffmpegAvailability({ refresh: true });
    }
  });
});
