import { describe, expect, it } from 'vitest';
import { prefersHtml } from './accept.ts';

describe('prefersHtml', () => {
  it('is true for browser navigations', () => {
    expect(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8')).toBe(true);
    expect(prefersHtml('text/html')).toBe(true);
    expect(prefersHtml('application/xhtml+xml')).toBe(true);
  });

  it('is false for API calls and unspecific clients', () => {
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('')).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml('application/json')).toBe(false);
    expect(prefersHtml('application/vnd.fotoware.collection+json')).toBe(false);
    expect(prefersHtml('application/json, text/html;q=0.5')).toBe(false);
    expect(prefersHtml('text/html;q=0')).toBe(false);
  });
});
