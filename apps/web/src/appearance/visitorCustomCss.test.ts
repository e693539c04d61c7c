import { describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@magpie/api-types';
import { visitorCustomCssHref, type VisitorCssApi } from './visitorCustomCss.ts';

const refused = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });
const client = (answer: () => ReturnType<VisitorCssApi['getPublicDescriptor']>): VisitorCssApi => ({ getPublicDescriptor: vi.fn(answer) });

describe('visitorCustomCssHref (the custom CSS on pages without a session, issue 15)', () => {
  it('links the public descriptor’s versioned address', async () => {
    await expect(visitorCustomCssHref(client(async () => ({ appearance: { customCss: '/fotoweb/appearance/css?v=3' } })))).resolves.toBe('/fotoweb/appearance/css?v=3');
  });

  it.each([{ appearance: { customCss: null } }, { appearance: null }, {}, { appearance: { customCss: '' } }])(
    'links nothing for a public descriptor with %j',
    async (descriptor) => {
      await expect(visitorCustomCssHref(client(async () => descriptor))).resolves.toBeUndefined();
    },
  );

  it('with guest access off (401) links the unversioned address, which anyone may read', async () => {
    await expect(visitorCustomCssHref(client(async () => Promise.reject(refused(401))))).resolves.toBe(API_PATHS.customCss);
    expect(API_PATHS.customCss).toBe('/fotoweb/appearance/css');
  });

  it('links nothing when the server fails otherwise, and passes an abort on', async () => {
    await expect(visitorCustomCssHref(client(async () => Promise.reject(refused(502))))).resolves.toBeUndefined();
    await expect(visitorCustomCssHref(client(async () => Promise.reject(new TypeError('offline'))))).resolves.toBeUndefined();
    const controller = new AbortController();
    controller.abort();
    const aborted = new DOMException('aborted', 'AbortError');
    await expect(
      visitorCustomCssHref(
        client(async () => Promise.reject(aborted)),
        controller.signal,
      ),
    ).rejects.toBe(aborted);
  });
});
