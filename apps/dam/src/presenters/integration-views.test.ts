/**
 * The descriptor's integration pages (issue 16): `views.admin_webhooks` (FotoWeb's webhooks page, spec 03 §2.1
 * "Webhooks") offered with `manageWebhooks`, and Magpie's `views.apiKeys` (legacy API keys) with `manageSettings`,
 * the permissions their routes need; null for everyone else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, type TestDam } from '../testing/harness.ts';
import { API_KEYS_VIEW, WEBHOOKS_VIEW } from './descriptor.presenter.ts';

async function views(dam: TestDam, token: string): Promise<Record<string, unknown>> {
  const res = await dam.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { views: Record<string, unknown> }).views;
}

describe('integration views in the descriptor', () => {
  let dam: TestDam;
  beforeAll(async () => {
    dam = await createTestDam();
  });
  afterAll(async () => {
    await dam?.close();
  });

  it('offers both pages to the site owner', async () => {
    expect(await views(dam, dam.adminToken)).toMatchObject({ admin_webhooks: WEBHOOKS_VIEW, apiKeys: API_KEYS_VIEW });
  });

  it('offers the webhooks page with manageWebhooks and the API keys page with manageSettings, each alone', async () => {
    const hooks = await dam.createMemberWith('hooks-admin', ['manageWebhooks']);
    expect(await views(dam, hooks.token)).toMatchObject({ admin_webhooks: WEBHOOKS_VIEW, apiKeys: null });
    const settings = await dam.createMemberWith('keys-admin', ['manageSettings']);
    expect(await views(dam, settings.token)).toMatchObject({ admin_webhooks: null, apiKeys: API_KEYS_VIEW });
    const nobody = await dam.createMemberWith('integration-nobody', []);
    expect(await views(dam, nobody.token)).toMatchObject({ admin_webhooks: null, apiKeys: null });
  });

  it('answers 403 on the routes behind the pages for those not offered them', async () => {
    const hooks = await dam.createMemberWith('hooks-only', ['manageWebhooks']);
    const settings = await dam.createMemberWith('keys-only', ['manageSettings']);
    const get = (url: string, token: string) => dam.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect((await get('/fotoweb/api/webhooks', hooks.token)).statusCode).toBe(200);
    expect((await get('/fotoweb/api/api-keys', hooks.token)).statusCode).toBe(403);
    expect((await get('/fotoweb/api/api-keys', settings.token)).statusCode).toBe(200);
    expect((await get('/fotoweb/api/webhooks', settings.token)).statusCode).toBe(403);
  });
});
