import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FILENAME_CONTROL_MESSAGE,
  FILENAME_LENGTH_MESSAGE,
  FILENAME_MAX_BYTES,
  FILENAME_MESSAGE,
  FilenameSchema,
  FolderPathSchema,
  UploadRequestSchema,
  filenameProblem,
  folderNameProblem,
  utf8ByteLength,
} from './schemas.ts';

const BIDI_CONTROLS = ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const CONTROLS = ['\u0000', '\u0001', '\t', '\n', '\r', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f'];

describe('utf8ByteLength', () => {
  it('counts as TextEncoder does, lone surrogates included', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => utf8ByteLength(text) === new TextEncoder().encode(text).length));
    expect(utf8ByteLength('\ud800')).toBe(3);
    expect(utf8ByteLength('é')).toBe(2);
    expect(utf8ByteLength('😀')).toBe(4);
  });
});

describe('filenameProblem (issue 9)', () => {
  it('accepts ordinary names, accents and other scripts', () => {
    for (const name of ['IMG_0001.jpg', 'Été à Paris.jpeg', '東京タワー.png', 'مرحبا.tif', 'a', '.hidden', 'x'.repeat(FILENAME_MAX_BYTES)]) {
      expect(filenameProblem(name), name).toBeUndefined();
    }
  });

  it('counts bytes, not characters: 255 bytes pass, 256 do not, whatever the characters', () => {
    // é is 2 bytes: 126 of them and "xyz" is 255 bytes; one more ASCII letter makes 256.
    expect(filenameProblem(`${'é'.repeat(126)}xyz`)).toBeUndefined();
    expect(filenameProblem(`${'é'.repeat(126)}xyzw`)).toBe(FILENAME_LENGTH_MESSAGE);
    // 85 three-byte characters are 255 bytes but only 85 characters.
    expect(filenameProblem('東'.repeat(85))).toBeUndefined();
    expect(filenameProblem(`${'東'.repeat(85)}.`)).toBe(FILENAME_LENGTH_MESSAGE);
    // A four-byte emoji is 2 UTF-16 units: 63 of them and "abc" are 255 bytes.
    expect(filenameProblem(`${'😀'.repeat(63)}abc`)).toBeUndefined();
    expect(filenameProblem(`${'😀'.repeat(64)}`)).toBe(FILENAME_LENGTH_MESSAGE);
    // The extension counts: the name that reached ENAMETOOLONG at ingest before.
    expect(filenameProblem(`a.${'x'.repeat(254)}`)).toBe(FILENAME_LENGTH_MESSAGE);
  });

  it('refuses every control character (C0, DEL, C1) and every bidirectional control', () => {
    for (const c of [...CONTROLS, ...BIDI_CONTROLS]) {
      expect(filenameProblem(`a${c}b.jpg`), `U+${c.charCodeAt(0).toString(16)}`).toBe(FILENAME_CONTROL_MESSAGE);
    }
    expect(filenameProblem('x\u202Egpj.exe')).toBe(FILENAME_CONTROL_MESSAGE);
  });

  it('refuses any name holding a bidirectional control, wherever it is', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.constantFrom(...BIDI_CONTROLS),
        fc.string({ maxLength: 40 }),
        (before, control, after) => filenameProblem(`${before}${control}${after}`) !== undefined,
      ),
    );
  });

  it('keeps spec 01 §5\'s message for \\ / : * ? " < > |', () => {
    for (const c of ['\\', '/', ':', '*', '?', '"', '<', '>', '|']) expect(filenameProblem(`a${c}b.jpg`)).toBe(FILENAME_MESSAGE);
  });

  it('refuses empty, blank, "." and ".." names and lone surrogates', () => {
    for (const name of ['', '   ', '.', '..', 'a\ud800.jpg', '\udc00']) expect(filenameProblem(name), JSON.stringify(name)).toBeDefined();
  });

  it('says "Folder name" for folders', () => {
    expect(folderNameProblem('a\u202eb')).toBe(FILENAME_CONTROL_MESSAGE.replace('File name', 'Folder name'));
    expect(folderNameProblem('x'.repeat(256))).toMatch(/^Folder name must be at most 255 bytes/);
    expect(folderNameProblem('2024')).toBeUndefined();
  });
});

describe('FilenameSchema and FolderPathSchema', () => {
  it('answer one issue with the problem as message', () => {
    const result = FilenameSchema.safeParse('x\u202Egpj.exe');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([FILENAME_CONTROL_MESSAGE]);
  });

  it('check every folder segment with the file-name rules', () => {
    expect(FolderPathSchema.safeParse('2024/May').success).toBe(true);
    expect(FolderPathSchema.safeParse('').success).toBe(true);
    for (const folder of ['2024/\u202eyaM', `2024/${'é'.repeat(128)}`, '2024//May', '2024/../x', 'a\u0085b', 'a:b']) {
      const result = FolderPathSchema.safeParse(folder);
      expect(result.success, JSON.stringify(folder)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/^Folder name/);
    }
  });

  it('refuse the upload with the issue on `filename` or `folder`', () => {
    const upload = { destination: '/fotoweb/archives/5000-Photos/', filename: 'IMG_0001.jpg', fileSize: 10 };
    const byName = UploadRequestSchema.safeParse({ ...upload, filename: `${'東'.repeat(84)}.jpeg` });
    expect(byName.error?.issues).toEqual([expect.objectContaining({ path: ['filename'], message: FILENAME_LENGTH_MESSAGE })]);
    const byFolder = UploadRequestSchema.safeParse({ ...upload, folder: 'ok/\u2066bad' });
    expect(byFolder.error?.issues[0]?.path).toEqual(['folder']);
  });
});
