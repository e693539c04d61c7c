import { describe, expect, it } from 'vitest';
import { isSafeFooterHref, staticPageAt } from './staticPages.ts';

describe('footer links (issue 15; spec 02 §2)', () => {
  it('keeps http(s), mailto and site-relative addresses, and drops every other scheme and other hosts', () => {
    for (const href of [
      'https://example.com/a',
      'http://example.com',
      'HTTPS://EXAMPLE.COM',
      'mailto:dam@example.com',
      '/fotoweb/archives/',
      '/fotoweb/views/cookie-policy?x=1#y',
    ]) {
      expect(isSafeFooterHref(href), href).toBe(true);
    }
    for (const href of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      '//evil.example.com/',
      '/\\evil.example.com',
      'ftp://example.com',
      'relative/path',
      '#top',
      '',
    ]) {
      expect(isSafeFooterHref(href), href).toBe(false);
    }
  });

  it('finds the static page at an address of this site, whatever its query and fragment', () => {
    expect(staticPageAt('/fotoweb/views/cookie-policy')).toBe('cookiePolicy');
    expect(staticPageAt('/fotoweb/views/cookie-policy/')).toBe('cookiePolicy');
    expect(staticPageAt('/fotoweb/views/cookie-policy?from=footer#cookies')).toBe('cookiePolicy');
    expect(staticPageAt('/fotoweb/archives/')).toBeUndefined();
    expect(staticPageAt('https://example.com/fotoweb/views/cookie-policy')).toBeUndefined();
    expect(staticPageAt('//example.com/fotoweb/views/cookie-policy')).toBeUndefined();
  });
});
