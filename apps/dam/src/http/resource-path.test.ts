import { describe, expect, it } from 'vitest';
import { InvalidHrefError, InvalidPathError, parseArchiveKey, parseArchivesPath, parseAssetHref, parsePrincipalHref, UnknownArchiveError } from './resource-path.ts';

describe('parseArchivesPath: revisions (fotoweb-api-notes §9)', () => {
  const base = { kind: 'revisions', archiveId: 5000, folderPath: 'a b', filename: 'x.jpg' };
  it.each([
    ['5000-Photos/a%20b/x.jpg/__revisions/', base],
    ['5000-Photos/a%20b/x.jpg/__revisions/compare', { ...base, action: 'compare' }],
    ['5000-Photos/a%20b/x.jpg/__revisions/12', { ...base, revision: 12 }],
    ['5000-Photos/a%20b/x.jpg/__revisions/3/rollback', { ...base, revision: 3, action: 'rollback' }],
    ['5000-Photos/a%20b/x.jpg/__revisions/3/rollback-to', { ...base, revision: 3, action: 'rollback-to' }],
  ])('%s', (path, expected) => {
    expect(parseArchivesPath(path)).toEqual(expected);
  });

  it.each(['5000-Photos/x.jpg/__revisions/0', '5000-Photos/x.jpg/__revisions/x', '5000-Photos/x.jpg/__revisions/3/undo', '5000-Photos/x.jpg/__revisions/3/rollback/more'])(
    'refuses %s',
    (path) => {
      expect(() => parseArchivesPath(path)).toThrow(InvalidPathError);
    },
  );
});

describe('parseAssetHref', () => {
  it('names the asset of an asset URL, with or without scheme and host, and nothing else', () => {
    expect(parseAssetHref('https://dam.example/fotoweb/archives/5000-Photos/2024/a%20b.jpg.info')).toEqual({ archiveId: 5000, folderPath: '2024', filename: 'a b.jpg' });
    expect(parseAssetHref('/fotoweb/archives/5000-Photos/')).toBeUndefined();
    expect(parseAssetHref('/fotoweb/archives/5000-Photos/a.jpg.info/__renditions/ORIGINAL')).toBeUndefined();
    expect(parseAssetHref('/fotoweb/archives/5000-Photos/%E0%A4%A.jpg.info')).toBeUndefined();
    expect(parseAssetHref('/elsewhere/a.jpg.info')).toBeUndefined();
  });
});

describe('parseArchivesPath: page and order parameters (issue 9)', () => {
  it('keeps a page reference of up to 512 URL-safe characters and refuses longer or other ones', () => {
    const page = `3-a${'A'.repeat(509)}`;
    expect(parseArchivesPath(`5000-Photos/;o=fn;p=${page}`)).toMatchObject({ kind: 'collection', params: { p: page, o: 'fn' } });
    for (const bad of [`3-a${'A'.repeat(510)}`, '3-a%00', '3.5', '']) {
      expect(() => parseArchivesPath(`5000-Photos/;p=${bad}`), bad).toThrow(InvalidPathError);
    }
  });

  it('refuses NUL in segments and malformed percent-encoding', () => {
    expect(() => parseArchivesPath('5000-Photos/a%00b/')).toThrow(InvalidPathError);
    expect(() => parseArchivesPath('5000-Photos/%ED%A0%80/')).toThrow(InvalidPathError);
  });
});

describe('archive keys that name no archive (issue 10)', () => {
  it('reads ids of up to 9 digits, and nothing longer', () => {
    expect(parseArchiveKey('5000-Photos')).toBe(5000);
    expect(parseArchiveKey('999999999')).toBe(999_999_999);
    expect(parseArchiveKey('1234567890')).toBeUndefined();
    expect(parseArchiveKey('Photos')).toBeUndefined();
  });

  it.each([
    ['99999999999999999999/', 'The collection'],
    ['99999999999999999999-Photos/a/b.jpg.info', 'The asset'],
    ['abc/x.jpg/__revisions/', 'The resource'],
  ])('refuses %s as unknown (a 404), naming what it would be', (path, what) => {
    expect(() => parseArchivesPath(path)).toThrow(UnknownArchiveError);
    expect(() => parseArchivesPath(path)).toThrow(`${what} was not found.`);
  });

  it('still refuses a malformed path under an unknown archive as malformed (a 400)', () => {
    let error: unknown;
    try {
      parseArchivesPath('99999999999999999999/%E0%A4%A.info');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidPathError);
    expect(error).not.toBeInstanceOf(UnknownArchiveError);
  });
});

describe('parsePrincipalHref (user and group hrefs sent back in bodies, issue 11)', () => {
  it('reads the id of a user or group href, with or without scheme and host', () => {
    expect(parsePrincipalHref('/fotoweb/api/users/15001', 'user')).toBe(15001);
    expect(parsePrincipalHref('https://dam.example/fotoweb/api/groups/10003/', 'group')).toBe(10003);
  });

  it.each([
    ['/fotoweb/api/groups/10003', 'user'],
    ['/fotoweb/api/users/15001', 'group'],
    ['/fotoweb/api/users/15001/member-of', 'user'],
    ['/fotoweb/api/users/1234567890', 'user'],
    ['/fotoweb/users/admin', 'user'],
    ['nonsense', 'group'],
  ] as const)('refuses %s as a %s href', (href, kind) => {
    expect(() => parsePrincipalHref(href, kind)).toThrow(InvalidHrefError);
  });
});
