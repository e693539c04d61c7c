import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, onNotFound, onUnauthorized } from './client.ts';

function answer(status: number): Response {
  return new Response(JSON.stringify({ value: 'NotFound', message: 'Not found.' }), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe("the app's fetch policies", () => {
  it('reports the href of a read that answered 404 (a guest on a private address, issue 12)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404)),
    );
    const hrefs: string[] = [];
    const stop = onNotFound((href) => hrefs.push(href));
    await expect(api.getCollection('/fotoweb/archives/5000-Photos/?q=boat')).rejects.toMatchObject({ status: 404 });
    await expect(api.getAsset('http://localhost/fotoweb/archives/5000-Photos/a.jpg.info')).rejects.toMatchObject({ status: 404 });
    stop();
    await expect(api.getCollection('/fotoweb/archives/5001-x/')).rejects.toMatchObject({ status: 404 });
    expect(hrefs).toEqual(['/fotoweb/archives/5000-Photos/?q=boat', '/fotoweb/archives/5000-Photos/a.jpg.info']);
  });

  it('does not report a 404 of a change, and still reports a 401 as a lost session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404)),
    );
    vi.stubGlobal('document', { cookie: 'magpie_csrf=t' });
    const notFound = vi.fn();
    const lost = vi.fn();
    const stops = [onNotFound(notFound), onUnauthorized(lost)];
    await expect(api.deleteApplication('/fotoweb/api/applications/x')).rejects.toMatchObject({ status: 404 });
    expect(notFound).not.toHaveBeenCalled();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401)),
    );
    await expect(api.getCollection('/fotoweb/archives/5000-Photos/')).rejects.toMatchObject({ status: 401 });
    expect(lost).toHaveBeenCalledTimes(1);
    expect(notFound).not.toHaveBeenCalled();
    for (const stop of stops) stop();
  });
});
