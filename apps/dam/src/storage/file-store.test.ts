import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFileStore, type FileStore } from './file-store.ts';
import { foldersOfOriginal, originalKey } from './keys.ts';
import { localFileSize, sha256OfLocalFile } from './local-file.ts';
import { SAMPLES_DIR } from '../testing/harness.ts';

const PHOTO = path.join(SAMPLES_DIR, 'photos/small/Konica_Minolta_DiMAGE_Z3.jpg');
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

let root: string;
let sut: FileStore;
beforeEach(async () => {
  root = await fsp.mkdtemp(path.join(os.tmpdir(), 'magpie-file-store-'));
  roots.push(root);
  sut = createLocalFileStore(path.join(root, 'files'));
});

/** A local working file outside the store, as the import CLI or a staged upload would hand to the ingest. */
async function workingCopy(name = 'working.jpg'): Promise<string> {
  const copy = path.join(root, name);
  await fsp.copyFile(PHOTO, copy);
  return copy;
}

describe('the local file store: what ingest needs', () => {
  it('puts an original by moving the working file in, and answers its size', async () => {
    const bytes = await fsp.readFile(PHOTO);
    const source = await workingCopy();
    const key = originalKey(5000, 'file-1', 'Photo.JPG');
    expect(key).toBe('originals/5000/file-1/original.jpg');
    expect(await sut.size(key)).toBeUndefined();

    await sut.putOriginal(key, source);
    expect(fs.existsSync(source)).toBe(false);
    expect(await sut.size(key)).toBe(bytes.length);
    expect(Buffer.compare((await sut.readFile(key))!, bytes)).toBe(0);
  });

  it('restores an original to where it came from, byte for byte, leaving the key empty', async () => {
    const source = await workingCopy();
    const key = originalKey(5000, 'file-2', 'a.jpg');
    await sut.putOriginal(key, source);
    await sut.restore(key, source);
    expect(await sut.size(key)).toBeUndefined();
    expect(await sha256OfLocalFile(source)).toBe(
      createHash('sha256')
        .update(await fsp.readFile(PHOTO))
        .digest('hex'),
    );
    await expect(sut.restore(key, source)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('copies a stored file to a private temporary copy that changes nothing stored, and removes it', async () => {
    const key = originalKey(5000, 'file-3', 'a.jpg');
    await sut.putOriginal(key, await workingCopy());
    const copy = await sut.copyToTemp(key, 'duplicate');
    expect(path.relative(sut.localPath('tmp'), copy.path).startsWith('duplicate-')).toBe(true);
    expect(await localFileSize(copy.path)).toBe(await sut.size(key));

    // The copy is the caller's: writing it leaves the original as it was (not a link).
    await fsp.appendFile(copy.path, 'more bytes');
    expect(await sut.size(key)).toBe((await fsp.stat(PHOTO)).size);
    await copy.remove();
    expect(fs.existsSync(path.dirname(copy.path))).toBe(false);
    await copy.remove();
  });

  it('leaves no temporary folder when the key to copy is absent', async () => {
    await expect(sut.copyToTemp('originals/5000/none/original.jpg')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await sut.list('tmp')).toEqual([]);
  });

  it('refuses a key that leaves the store', async () => {
    expect(() => sut.localPath('../outside')).toThrow(/escapes the store/);
    await expect(sut.putOriginal('originals/../../outside', await workingCopy())).rejects.toThrow(/escapes the store/);
  });
});

describe('storage keys', () => {
  it('keep an extension the file system takes, and name the folders of a stored version', () => {
    expect(originalKey(7, 'f', 'x.TIFF')).toBe('originals/7/f/original.tiff');
    expect(originalKey(7, 'f', `a.${'x'.repeat(253)}`)).toBe('originals/7/f/original');
    expect(originalKey(7, 'f', 'no-extension')).toBe('originals/7/f/original');
    expect(foldersOfOriginal('originals/7/f/original.tiff')).toEqual({ original: 'originals/7/f', previews: 'previews/f' });
    for (const other of ['previews/f/200.jpg', 'originals/7/original.jpg', 'originals/7/../original.jpg', 'tmp/uploads/x/assembled']) {
      expect(foldersOfOriginal(other), other).toBeUndefined();
    }
  });
});
