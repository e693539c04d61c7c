import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLocalFileStore, type FileStore } from './file-store.ts';
import { ChunkSizeError, createLocalChunkStore, type ChunkStore } from './chunk-store.ts';
import { uploadKeys } from './keys.ts';
import { SAMPLES_DIR } from '../testing/harness.ts';

const PHOTO = path.join(SAMPLES_DIR, 'photos/small/Konica_Minolta_DiMAGE_Z3.jpg');
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

let files: FileStore;
let sut: ChunkStore;
beforeEach(async () => {
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'magpie-chunk-store-'));
  roots.push(root);
  files = createLocalFileStore(root);
  sut = createLocalChunkStore(files);
});

/** A stream of `bytes` in pieces of `piece` bytes, as a request body arrives. */
async function* streamOf(bytes: Uint8Array, piece = 1000): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += piece) yield bytes.subarray(at, at + piece);
}
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Writes `bytes` as an upload's chunks of `chunkSize` bytes (in reverse order, as parallel clients may). */
async function writeChunks(uploadId: string, bytes: Buffer, chunkSize: number): Promise<number> {
  const count = Math.max(1, Math.ceil(bytes.length / chunkSize));
  for (let i = count - 1; i >= 0; i--) {
    const chunk = bytes.subarray(i * chunkSize, (i + 1) * chunkSize);
    await sut.writeChunk(uploadId, i, streamOf(chunk), chunk.length);
  }
  return count;
}

describe('the local chunk store', () => {
  it('assembles a real photo from its chunks with its SHA-256 and size, and deletes the chunks', async () => {
    const bytes = await fsp.readFile(PHOTO);
    const count = await writeChunks('up1', bytes, 16 * 1024);
    expect(count).toBe(3);
    expect(await sut.assembledSize('up1')).toBeUndefined();

    const assembled = await sut.assemble('up1', count);
    expect(assembled).toEqual({ sha256: sha256(bytes), bytes: bytes.length });
    expect(await sut.assembledSize('up1')).toBe(bytes.length);
    expect(Buffer.compare((await files.readFile(uploadKeys.assembled('up1')))!, bytes)).toBe(0);
    expect((await files.list(uploadKeys.folder('up1'))).sort()).toEqual(['assembled']);
  });

  it('assembles any bytes in any chunking to the same SHA-256 as the whole', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 5000 }), fc.integer({ min: 1, max: 2048 }), async (data, chunkSize) => {
        const id = `prop${n++}`;
        const bytes = Buffer.from(data);
        const count = await writeChunks(id, bytes, chunkSize);
        expect(await sut.assemble(id, count)).toEqual({ sha256: sha256(bytes), bytes: bytes.length });
        await sut.discard(id);
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a chunk as soon as it exceeds its size, and one that ends short, keeping nothing of either', async () => {
    const seen: number[] = [];
    async function* tooMany(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < 100; i++) {
        seen.push(i);
        yield Buffer.alloc(100, i);
      }
    }
    const over = sut.writeChunk('up2', 0, tooMany(), 250);
    await expect(over).rejects.toBeInstanceOf(ChunkSizeError);
    await expect(over).rejects.toMatchObject({ tooLarge: true, expected: 250, received: 300 });
    // Refused on the third piece: the other 97 were never read.
    expect(seen).toEqual([0, 1, 2]);
    await expect(sut.writeChunk('up2', 1, streamOf(Buffer.alloc(249)), 250)).rejects.toMatchObject({ tooLarge: false, received: 249, expected: 250 });
    expect(await files.list(uploadKeys.folder('up2'))).toEqual([]);

    await sut.writeChunk('up2', 0, streamOf(Buffer.alloc(250, 7)), 250);
    expect(await files.size(uploadKeys.chunk('up2', 0))).toBe(250);
  });

  it('passes a failing body on unchanged and keeps nothing of it', async () => {
    const broken = new Error('the client went away');
    async function* breaksOff(): AsyncGenerator<Uint8Array> {
      yield Buffer.alloc(10);
      throw broken;
    }
    await expect(sut.writeChunk('up3', 0, breaksOff(), 100)).rejects.toBe(broken);
    expect(await files.list(uploadKeys.folder('up3'))).toEqual([]);
  });

  it('fails an assembly with a missing chunk with its ENOENT, leaving no assembled file', async () => {
    await sut.writeChunk('up4', 0, streamOf(Buffer.alloc(10, 1)), 10);
    await sut.writeChunk('up4', 2, streamOf(Buffer.alloc(5, 3)), 5);
    await expect(sut.assemble('up4', 3)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await sut.assembledSize('up4')).toBeUndefined();
  });

  it('stages a working copy an ingest may consume while the assembled file stays, and discards everything', async () => {
    const bytes = await fsp.readFile(PHOTO);
    await sut.assemble('up5', await writeChunks('up5', bytes, 10_000));
    const staged = await sut.stageAssembled('up5');
    expect(Buffer.compare(await fsp.readFile(staged), bytes)).toBe(0);
    // Consumed (moved into the store as an original): the assembled file is still there for a run that takes over.
    await files.putOriginal('originals/1/f/original.jpg', staged);
    expect(await sut.assembledSize('up5')).toBe(bytes.length);
    const again = await sut.stageAssembled('up5');
    expect(again).toBe(staged);
    expect(await fsp.stat(again).then((s) => s.size)).toBe(bytes.length);

    expect((await sut.uploadIds()).sort()).toEqual(['up5']);
    await sut.discard('up5');
    await sut.discard('up5');
    expect(await sut.uploadIds()).toEqual([]);
    expect(await sut.assembledSize('up5')).toBeUndefined();
    await expect(sut.stageAssembled('up5')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await files.size('originals/1/f/original.jpg')).toBe(bytes.length);
  });

  it('reads the metadata.json of an upload made before migration 0011, and nothing when there is none or it is broken', async () => {
    const fields = [
      { id: 5, value: 'Title' },
      { id: 25, action: 'append', value: ['dog'] },
    ];
    await files.writeFile(uploadKeys.legacyMetadata('old'), JSON.stringify(fields));
    expect(await sut.legacyMetadata('old')).toEqual(fields);
    expect(await sut.legacyMetadata('new')).toBeUndefined();
    await files.writeFile(uploadKeys.legacyMetadata('broken'), '{"id": 5,');
    expect(await sut.legacyMetadata('broken')).toBeUndefined();
  });
});
