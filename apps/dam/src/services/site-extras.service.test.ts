/**
 * The descriptor's desktop tool, trial subscription and order settings (issue 15; spec 01 §2, §3 `fwdt`,
 * `views.subscription`, `views.manageSubscription`, §6 "the fwdt rights"), on and off by configuration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDamConfig } from '../config.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { SiteInfoRepository } from '../repositories/site-info.repository.ts';
import { createTestDam, emptyTestDatabase, type TestDam } from '../testing/harness.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function descriptor(dam: TestDam, token: string) {
  const res = await dam.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('on a default install', () => {
  let dam: TestDam;
  beforeAll(async () => {
    dam = await createTestDam();
  });
  afterAll(async () => {
    await dam?.close();
  });

  it('advertises no desktop tool, no subscription and no manage link, even to the site owner', async () => {
    const body = await descriptor(dam, dam.adminToken);
    expect(body.fwdt).toBeNull();
    expect(body.views.subscription).toBeNull();
    expect(body.views.manageSubscription).toBeNull();
  });

  it('offers the order settings view to manageSettings holders only', async () => {
    expect((await descriptor(dam, dam.adminToken)).views.orderSettings).toBe('/fotoweb/views/order-settings');
    const admin = await dam.createMemberWith('order-settings-admin', ['manageSettings']);
    expect((await descriptor(dam, admin.token)).views.orderSettings).toBe('/fotoweb/views/order-settings');
    const approver = await dam.createMemberWith('order-approver', ['approveOrders']);
    expect((await descriptor(dam, approver.token)).views.orderSettings).toBeNull();
  });
});

describe('with the desktop tool and a trial configured', () => {
  let dam: TestDam;
  beforeAll(async () => {
    dam = await createTestDam({
      MAGPIE_FWDT_WIN_URL: 'https://downloads.example.com/FotoWebDesktop-8.2.msi',
      MAGPIE_FWDT_WIN_VERSION: '8.2',
      MAGPIE_FWDT_OSX_URL: '/downloads/FotoWebDesktop-8.2.pkg',
      MAGPIE_FWDT_OSX_VERSION: '8.2.1',
      MAGPIE_SUBSCRIPTION_STATE: 'trial',
      MAGPIE_MANAGE_SUBSCRIPTION_URL: 'https://billing.example.com/magpie',
    });
  });
  afterAll(async () => {
    await dam?.close();
  });

  it("gives a holder of OpenFile FotoWeb's fwdt: an installer per platform and the how-to install view", async () => {
    const body = await descriptor(dam, dam.adminToken);
    expect(body.fwdt).toEqual({
      win: { installer: { href: 'https://downloads.example.com/FotoWebDesktop-8.2.msi', version: '8.2' } },
      osx: { installer: { href: '/downloads/FotoWebDesktop-8.2.pkg', version: '8.2.1' } },
      services: { crop: null, edit: null, open: null },
      views: { install: '/fotoweb/views/desktop-tool' },
    });
  });

  it('gives no fwdt to a user without OpenFile on any archive they see, and gives it once an archive grants it', async () => {
    const viewer = await dam.createUser('fwdt-viewer');
    await dam.ctx.repos.archives.setAcl(5000, { principalType: 'user', principalId: viewer.id, permissions: ['View', 'Preview'] });
    expect((await descriptor(dam, viewer.token)).fwdt).toBeNull();
    await dam.ctx.repos.archives.setAcl(5000, { principalType: 'user', principalId: viewer.id, permissions: ['View', 'Preview', 'OpenFile'] });
    expect((await descriptor(dam, viewer.token)).fwdt?.views.install).toBe('/fotoweb/views/desktop-tool');
  });

  it("says the trial with the site's creation date, the same on every read and after a restart's migration", async () => {
    const created = await dam.ctx.database.db.selectFrom('users').select('created').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const first = (await descriptor(dam, dam.adminToken)).views.subscription;
    expect(first).toMatchObject({ state: 'trial', origin: 'magpie' });
    // The date the first migration stored, which ran before the first start's set-up made the admin user (the test
    // DAMs start from a database migrated once for the whole run, so the two may be minutes apart).
    expect(first.siteCreatedDate).toBe((await new SiteInfoRepository(dam.ctx.database.db).createdAt())?.toISOString());
    expect(new Date(first.siteCreatedDate).getTime()).toBeLessThanOrEqual(new Date(created.created).getTime());
    const user = await dam.createUser('trial-reader');
    expect((await descriptor(dam, user.token)).views.subscription).toEqual(first);
    // A restart migrates again (nothing to do) and reads the same date.
    await migrateToLatest(dam.ctx.database.db);
    expect((await new SiteInfoRepository(dam.ctx.database.db).createdAt())?.toISOString()).toBe(first.siteCreatedDate);
  });

  it('stores the creation date when the first migration runs', async () => {
    const handle = await emptyTestDatabase();
    try {
      const before = Date.now();
      await migrateToLatest(handle.db);
      const stored = (await new SiteInfoRepository(handle.db).createdAt())?.getTime();
      // Within the migration's run (the database's clock, to the second).
      expect(stored).toBeGreaterThanOrEqual(before - 1_000);
      expect(stored).toBeLessThanOrEqual(Date.now() + 1_000);
    } finally {
      await handle.close();
    }
  });

  it('gives the manage link to manageSettings holders only', async () => {
    expect((await descriptor(dam, dam.adminToken)).views.manageSubscription).toBe('https://billing.example.com/magpie');
    const plain = await dam.createUser('no-billing');
    const body = await descriptor(dam, plain.token);
    expect(body.views.manageSubscription).toBeNull();
    expect(body.views.subscription?.state).toBe('trial');
  });
});

describe('the configuration (issue 15)', () => {
  it('reads nothing by default', () => {
    const config = loadDamConfig({});
    expect(config.desktopTool).toBeUndefined();
    expect(config.subscription).toEqual({ state: undefined, origin: 'magpie', manageUrl: undefined });
  });

  it('refuses an installer without a version, a version without an installer, and addresses that are not http(s)', () => {
    expect(() => loadDamConfig({ MAGPIE_FWDT_WIN_URL: 'https://x.example/a.msi' })).toThrow(/MAGPIE_FWDT_WIN_VERSION/);
    expect(() => loadDamConfig({ MAGPIE_FWDT_OSX_VERSION: '8.2' })).toThrow(/MAGPIE_FWDT_OSX_URL/);
    expect(() => loadDamConfig({ MAGPIE_FWDT_WIN_URL: 'ftp://x.example/a.msi', MAGPIE_FWDT_WIN_VERSION: '8.2' })).toThrow(/http/);
    expect(() => loadDamConfig({ MAGPIE_FWDT_WIN_URL: 'https://x.example/a.msi', MAGPIE_FWDT_WIN_VERSION: 'latest' })).toThrow(/dotted numbers/);
    expect(() => loadDamConfig({ MAGPIE_MANAGE_SUBSCRIPTION_URL: 'javascript:alert(1)' })).toThrow(/MAGPIE_MANAGE_SUBSCRIPTION_URL/);
    expect(() => loadDamConfig({ MAGPIE_SUBSCRIPTION_STATE: 'trial period!' })).toThrow(/MAGPIE_SUBSCRIPTION_STATE/);
  });
});
