/** The caller's entry points: the API descriptor and the archive list (spec 01 §3). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, type TestDam } from '../../testing/harness.ts';

let sut: TestDam;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  sut = await createTestDam();
});
afterAll(async () => {
  await sut?.close();
});

describe('descriptor and archive lists', () => {
  it('serves the full API descriptor with the vendor media type', async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.full-api-descriptor+json' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.fotoware.full-api-descriptor+json');
    const body = res.json();
    expect(body).toMatchObject({ href: '/fotoweb/me', archives: '/fotoweb/me/archives/', upload_to: '/fotoweb/me/upload-to/', searchURL: '/fotoweb/archives/{?q}' });
    expect(body.services.logout).toBe('/fotoweb/services/logout');
    expect(body.services.keepalive.href).toBe('/fotoweb/services/keepalive');
    expect(body.user.userName).toBe('admin');
  });

  it('lists the Photos archive as a collection with permissions and a {?q} search template', async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/fotoweb/me/archives/', headers: bearer(sut.adminToken) });
    const [photos] = res.json().data;
    expect(photos).toMatchObject({ name: 'Photos', type: 'archive', href: '/fotoweb/archives/5000-Photos/', searchURL: '/fotoweb/archives/5000-Photos/{?q}' });
    expect(photos.permissions).toContain('UploadFile');
  });
});
