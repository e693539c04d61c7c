import { describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_NAMES, isDefaultGroup } from './groups.ts';
import {
  DOMAIN_NOT_VALID,
  EMAIL_IN_LIST,
  EMAIL_LIST_EMPTY,
  EMAIL_NOT_VALID,
  emailAddError,
  isValidDomain,
  isValidEmail,
  isValidPresetEmail,
  pasteEmails,
  splitPastedEmails,
} from './validation.ts';

describe('email and domain rules (spec 01 §5)', () => {
  it('accepts standard addresses and rejects malformed ones', () => {
    for (const email of ['ann@example.com', 'a.b+tag@photo.example.co.uk', "o'brien@example.ie", ' ann@example.com ']) {
      expect(isValidEmail(email)).toBe(true);
    }
    for (const email of [
      '',
      'ann',
      'ann@',
      '@example.com',
      'ann@example',
      'ann@@example.com',
      'ann example@x.com',
      'ann@exa_mple.com',
      'ann@example.c0m',
      `${'a'.repeat(250)}@example.com`,
    ]) {
      expect(isValidEmail(email)).toBe(false);
    }
  });

  it('applies a stricter local part to preset emails', () => {
    expect(isValidPresetEmail('ann.smith+dam@example.com')).toBe(true);
    for (const email of ["o'brien@example.ie", '.ann@example.com', 'ann.@example.com', 'ann..smith@example.com', 'ann{x}@example.com']) {
      expect(isValidEmail(email)).toBe(true);
      expect(isValidPresetEmail(email)).toBe(false);
    }
  });

  it('accepts host.tld with optional subdomains only', () => {
    for (const domain of ['example.com', 'photo.example.com', 'a.b.example.co.uk', 'my-site.org', ' EXAMPLE.COM ']) {
      expect(isValidDomain(domain)).toBe(true);
    }
    for (const domain of [
      '',
      'example',
      '.com',
      'example.',
      'exa mple.com',
      'http://example.com',
      'example.com/path',
      '*.example.com',
      '-x.com',
      'x-.com',
      'example.c',
      'example.123',
      'example.com:8080',
    ]) {
      expect(isValidDomain(domain)).toBe(false);
    }
  });

  it("gives 'email not valid' and 'email in list' (case-insensitive) when adding", () => {
    expect(EMAIL_NOT_VALID).toBe('email not valid');
    expect(EMAIL_IN_LIST).toBe('email in list');
    expect(EMAIL_LIST_EMPTY).toBe('email list empty');
    expect(DOMAIN_NOT_VALID).toBe('domain not valid');
    expect(emailAddError([], 'nope')).toBe(EMAIL_NOT_VALID);
    expect(emailAddError(['Ann@Example.com'], ' ann@example.COM ')).toBe(EMAIL_IN_LIST);
    expect(emailAddError(['ann@example.com'], 'bob@example.com')).toBeUndefined();
  });

  it('splits pasted text and keeps only valid, new addresses', () => {
    expect(splitPastedEmails('Ann Smith <ann@example.com>;"bob@example.org",\n carl@example.net\t')).toEqual([
      'Ann',
      'Smith',
      'ann@example.com',
      'bob@example.org',
      'carl@example.net',
    ]);
    expect(pasteEmails(['ann@example.com'], 'ANN@example.com bob@example.org bob@example.org nope')).toEqual({
      added: ['bob@example.org'],
      skipped: ['ANN@example.com', 'bob@example.org', 'nope'],
    });
  });

  it('recognises the default groups Everyone and Registered Users by name', () => {
    expect(DEFAULT_GROUP_NAMES).toEqual(['Everyone', 'Registered Users']);
    expect(isDefaultGroup({ name: 'registered users' })).toBe(true);
    expect(isDefaultGroup({ name: ' Everyone ' })).toBe(true);
    expect(isDefaultGroup({ name: 'Photographers' })).toBe(false);
  });
});
