import { describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_PATH, forcedChangeRedirect, isChangePasswordAddress, returnAddressAfterChange } from './forcedChange.ts';

describe('the forced password change (spec 03 §2.11)', () => {
  const forced = { isForcePasswordChangeSet: true };

  it('sends every other address to the view, keeping it as `to`', () => {
    expect(forcedChangeRedirect(forced, '/fotoweb/archives/')).toBe(`${CHANGE_PASSWORD_PATH}?to=${encodeURIComponent('/fotoweb/archives/')}`);
    const deep = '/fotoweb/archives/5000-photos/?q=cat#grid';
    expect(forcedChangeRedirect(forced, deep)).toBe(`${CHANGE_PASSWORD_PATH}?to=${encodeURIComponent(deep)}`);
  });

  it('leaves the view itself alone, with or without a query', () => {
    expect(forcedChangeRedirect(forced, CHANGE_PASSWORD_PATH)).toBeUndefined();
    expect(forcedChangeRedirect(forced, `${CHANGE_PASSWORD_PATH}?to=%2Ffotoweb%2Farchives%2F`)).toBeUndefined();
    expect(forcedChangeRedirect(forced, `${CHANGE_PASSWORD_PATH}#x`)).toBeUndefined();
  });

  it('does nothing without a forced change or a descriptor', () => {
    expect(forcedChangeRedirect({ isForcePasswordChangeSet: false }, '/fotoweb/archives/')).toBeUndefined();
    expect(forcedChangeRedirect(undefined, '/fotoweb/archives/')).toBeUndefined();
  });

  it('recognises the view by its path only', () => {
    expect(isChangePasswordAddress(`${CHANGE_PASSWORD_PATH}?to=/a`)).toBe(true);
    expect(isChangePasswordAddress(`${CHANGE_PASSWORD_PATH}-not`)).toBe(false);
    expect(isChangePasswordAddress('/fotoweb/archives/')).toBe(false);
  });
});

describe('where the view goes back to', () => {
  it('goes to a safe same-app `to`', () => {
    expect(returnAddressAfterChange('/fotoweb/archives/5000-photos/?q=cat#grid')).toBe('/fotoweb/archives/5000-photos/?q=cat#grid');
  });

  it.each([null, undefined, '', '//evil.example/', 'https://evil.example/', '/\\evil', '/fotoweb/views/login', CHANGE_PASSWORD_PATH, `${CHANGE_PASSWORD_PATH}?to=/x`])(
    'goes home for %j',
    (to) => {
      expect(returnAddressAfterChange(to)).toBe('/fotoweb/archives/');
    },
  );
});
