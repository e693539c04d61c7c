import { describe, expect, it } from 'vitest';
import { isPasswordResetAddress, PASSWORD_RESET_VIEW_PATHS } from '@magpie/machines';
import {
  collectionPathWithSlash,
  currentAddress,
  FORGOT_PASSWORD_PATH,
  RESET_PASSWORD_PATH,
  hrefOfLocation,
  isArchivesListPath,
  isAssetPath,
  loginUrl,
  pickArchiveForSearch,
  planHeaderSearch,
  safeReturnAddress,
} from './urls.ts';

describe('return addresses (spec 01 §2 `to`)', () => {
  it('keeps path, query and hash', () => {
    const location = { pathname: '/fotoweb/archives/5000-Photos/', search: '?q=dog', hash: '#top' };
    expect(currentAddress(location)).toBe('/fotoweb/archives/5000-Photos/?q=dog#top');
    expect(hrefOfLocation(location)).toBe('/fotoweb/archives/5000-Photos/?q=dog');
  });

  it('accepts same-origin paths only', () => {
    expect(safeReturnAddress('/fotoweb/archives/5000-Photos/?q=a#b')).toBe('/fotoweb/archives/5000-Photos/?q=a#b');
    for (const bad of ['//evil.example/', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '', null, undefined]) {
      expect(safeReturnAddress(bad)).toBeUndefined();
    }
    expect(safeReturnAddress('/a\nb')).toBeUndefined();
    expect(safeReturnAddress(`/${'a'.repeat(2048)}`)).toBeUndefined();
  });

  it('never returns to the login view itself', () => {
    expect(safeReturnAddress('/fotoweb/views/login')).toBeUndefined();
    expect(safeReturnAddress('/fotoweb/views/login?to=%2Ffoo')).toBeUndefined();
  });

  it('builds the login URL with an encoded `to`', () => {
    expect(loginUrl('/fotoweb/archives/5000-Photos/?q=a b#c')).toBe('/fotoweb/views/login?to=%2Ffotoweb%2Farchives%2F5000-Photos%2F%3Fq%3Da%20b%23c');
    expect(loginUrl('/fotoweb/archives/')).toBe('/fotoweb/views/login');
    expect(loginUrl('//evil')).toBe('/fotoweb/views/login');
    expect(loginUrl()).toBe('/fotoweb/views/login');
  });
});

describe('route kinds', () => {
  it('recognises asset pages by `.info`', () => {
    expect(isAssetPath('/fotoweb/archives/5000-Photos/IMG%200001.jpg.info')).toBe(true);
    expect(isAssetPath('/fotoweb/archives/5000-Photos/info/')).toBe(false);
  });
  it('adds the trailing slash a typed collection address lacks, and leaves every other address alone', () => {
    expect(collectionPathWithSlash('/fotoweb/archives/5000-Photos')).toBe('/fotoweb/archives/5000-Photos/');
    expect(collectionPathWithSlash('/fotoweb/archives/5000-Photos/Trips%202024')).toBe('/fotoweb/archives/5000-Photos/Trips%202024/');
    expect(collectionPathWithSlash('/fotoweb/archives/5000-Photos/')).toBeUndefined();
    expect(collectionPathWithSlash('/fotoweb/archives/5000-Photos/;o=fn;p=2')).toBeUndefined();
    expect(collectionPathWithSlash('/fotoweb/archives/5000-Photos/a.jpg.info')).toBeUndefined();
    expect(collectionPathWithSlash('/fotoweb/archives')).toBeUndefined();
    expect(collectionPathWithSlash('/fotoweb/me')).toBeUndefined();
  });
  it('recognises the archives list', () => {
    expect(isArchivesListPath('/fotoweb/archives/')).toBe(true);
    expect(isArchivesListPath('/fotoweb/archives')).toBe(true);
    expect(isArchivesListPath('/fotoweb/archives/5000-Photos/')).toBe(false);
  });
});

describe('header search (spec 02 §2, §4)', () => {
  const collection = {
    href: '/fotoweb/archives/5000-Photos/?q=old',
    searchURL: '/fotoweb/archives/5000-Photos/{?q}',
    clearSearch: { href: '/fotoweb/archives/5000-Photos/' },
  };

  it('expands the collection searchURL with the trimmed text', () => {
    expect(planHeaderSearch({ text: '  dog AND 25:cat ', collection })).toEqual({
      kind: 'navigate',
      href: '/fotoweb/archives/5000-Photos/?q=dog%20AND%2025%3Acat',
    });
  });

  it('clears the search on an empty submit', () => {
    expect(planHeaderSearch({ text: '   ', collection })).toEqual({ kind: 'navigate', href: '/fotoweb/archives/5000-Photos/' });
    expect(planHeaderSearch({ text: '', collection: { ...collection, clearSearch: null } })).toEqual({
      kind: 'navigate',
      href: '/fotoweb/archives/5000-Photos/',
    });
  });

  it('searches all archives from the archives list', () => {
    expect(planHeaderSearch({ text: 'dog', archivesSearchUrl: '/fotoweb/archives/{?q}' })).toEqual({
      kind: 'searchArchives',
      listHref: '/fotoweb/archives/?q=dog',
    });
    expect(planHeaderSearch({ text: '', archivesSearchUrl: '/fotoweb/archives/{?q}' })).toEqual({ kind: 'none' });
    expect(planHeaderSearch({ text: 'dog' })).toEqual({ kind: 'none' });
  });

  it('falls back to the archives search when the collection cannot be searched', () => {
    expect(planHeaderSearch({ text: 'dog', collection: { ...collection, searchURL: null }, archivesSearchUrl: '/fotoweb/archives/{?q}' })).toEqual({
      kind: 'searchArchives',
      listHref: '/fotoweb/archives/?q=dog',
    });
  });

  it('picks the archive with the most hits, pinned first', () => {
    const a = { href: '/a', assetCount: 3 };
    const b = { href: '/b', assetCount: 7 };
    const c = { href: '/c', assetCount: 0 };
    expect(pickArchiveForSearch([a, b, c])).toBe(b);
    expect(pickArchiveForSearch([a, b, c], (x) => x === a)).toBe(a);
    expect(pickArchiveForSearch([c])).toBeUndefined();
    expect(
      pickArchiveForSearch([
        { href: '/x', assetCount: 2 },
        { href: '/y', assetCount: 2 },
      ])?.href,
    ).toBe('/x');
  });
});

describe('the password reset pages (issue 14)', () => {
  it('are the addresses the session machine leaves to anyone, signed in or not', () => {
    expect([FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH]).toEqual(PASSWORD_RESET_VIEW_PATHS);
    expect(isPasswordResetAddress(`${RESET_PASSWORD_PATH}?token=abc`)).toBe(true);
    // The DAM's mail links open the reset page (apps/dam mail/links.ts RESET_PASSWORD_VIEW).
    expect(RESET_PASSWORD_PATH).toBe('/fotoweb/views/reset-password');
  });
});
