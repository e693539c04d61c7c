/**
 * The descriptor's processing profiles and watermarks pages (issue 16): Magpie's `views.processingProfiles` and
 * `views.watermarks`, offered with `manageArchives` (the permission `listProcessingProfiles` and `listWatermarks`
 * need) and null for everyone else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, type TestDam } from '../testing/harness.ts';
import { PROCESSING_PROFILES_VIEW, WATERMARKS_VIEW } from './descriptor.presenter.ts';

async function get(dam: TestDam, url: string, token: string) {
  return dam.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

describe('views.processingProfiles and views.watermarks in the descriptor', () => {
  let dam: TestDam;
  beforeAll(async () => {
    dam = await createTestDam();
  });
  afterAll(async () => {
    await dam?.close();
  });

  it('is offered to the site owner and to a manageArchives holder, who may list the profiles', async () => {
    for (const token of [dam.adminToken, (await dam.createMemberWith('profiles-admin', ['manageArchives'])).token]) {
      const res = await get(dam, '/fotoweb/me/', token);
      expect(res.statusCode).toBe(200);
      expect((res.json() as { views: Record<string, unknown> }).views).toMatchObject({ processingProfiles: PROCESSING_PROFILES_VIEW, watermarks: WATERMARKS_VIEW });
      expect((await get(dam, '/fotoweb/api/processing-profiles', token)).statusCode).toBe(200);
      expect((await get(dam, '/fotoweb/api/watermarks', token)).statusCode).toBe(200);
    }
  });

  it('is null without manageArchives, where the list is refused', async () => {
    const settings = await dam.createMemberWith('profiles-settings-only', ['manageSettings']);
    const res = await get(dam, '/fotoweb/me/', settings.token);
    expect((res.json() as { views: Record<string, unknown> }).views).toMatchObject({ processingProfiles: null, watermarks: null });
    expect((await get(dam, '/fotoweb/api/processing-profiles', settings.token)).statusCode).toBe(403);
    expect((await get(dam, '/fotoweb/api/watermarks', settings.token)).statusCode).toBe(403);
  });
});
