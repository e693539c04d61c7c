/**
 * The consent flags of collections (issue 15; spec 03 §3.8 `EnableConsentManagement`, spec 02 §9 the consent status
 * filter): `isConsentManagementEnabled` where consent forms are on and the archive enables consent management,
 * `isConsentStatusFilterEnabled` there for callers holding `ViewConsentSummary`; an archive, its folders, a search, the
 * archive list and the smart folders alike.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, Dam } from '@magpie/api-types';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';
import { requestsFor } from '../../testing/requests.ts';

type S = Dam.components['schemas'];

const SETTINGS = '/fotoweb/api/config/consentForms/ConsentFormSettings';
const ARCHIVE_CONFIG = '/fotoweb/api/config/archives/5000';
const PHOTOS = '/fotoweb/archives/5000-Photos/';
const SMART_FOLDERS = '/fotoweb/smartfolders/5000/';
const INFO = 'application/vnd.fotoware.collectioninfo+json';
const LIST = 'application/vnd.fotoware.collectionlist+json';

let dam: TestDam;
const { call, userWith } = requestsFor(() => dam);
let configurer: { token: string };
let viewer: { token: string };
let summary: { token: string };

type Flags = Pick<Collection, 'isConsentManagementEnabled' | 'isConsentStatusFilterEnabled'>;
const flagsOf = (c: Collection): Flags => ({ isConsentManagementEnabled: c.isConsentManagementEnabled, isConsentStatusFilterEnabled: c.isConsentStatusFilterEnabled });

/** The flags of Photos, its folder, a search, Photos in the archive list and its smart folder, as `token` sees them. */
async function flags(token: string): Promise<Flags[]> {
  const get = async (url: string, accept: string) => {
    const res = await call('GET', url, undefined, token, accept);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Collection & { data: Collection[] };
  };
  const list = await get('/fotoweb/archives/', LIST);
  const smart = await get(SMART_FOLDERS, LIST);
  expect(smart.data).toHaveLength(1);
  return [
    flagsOf(await get(PHOTOS, INFO)),
    flagsOf(await get(`${PHOTOS}flags/`, INFO)),
    flagsOf(await get(`${PHOTOS}?q=Canon`, INFO)),
    flagsOf(list.data.find((c) => c.id === '5000')!),
    flagsOf(smart.data[0]!),
  ];
}
const everywhere = (f: Flags) => Array<Flags>(5).fill(f);
const OFF: Flags = { isConsentManagementEnabled: false, isConsentStatusFilterEnabled: false };

async function setConsentForms(on: boolean) {
  const settings = (await call('GET', SETTINGS, undefined, configurer.token)).json() as S['ConsentFormSettings'];
  const saved = await call('PUT', SETTINGS, { ...settings, enableConsentForms: on }, configurer.token);
  expect(saved.statusCode, saved.body).toBe(200);
}

async function setArchiveConsentManagement(on: boolean) {
  const config = (await call('GET', ARCHIVE_CONFIG)).json() as Record<string, unknown>;
  const saved = await call('PUT', ARCHIVE_CONFIG, { ...config, EnableConsentManagement: on });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json()).toMatchObject({ EnableConsentManagement: on });
}

beforeAll(async () => {
  dam = await createTestDam();
  configurer = await dam.createMemberWith('consent-flags-admin', ['configureConsentForms']);
  viewer = await userWith('consent-flags-viewer', ['View', 'Preview']);
  summary = await userWith('consent-flags-summary', ['View', 'Preview', 'ViewConsentSummary']);
  const status = await dam.upload(dam.adminToken, PHOTOS, path.join(SAMPLES_DIR, 'photos/small', 'Canon_40D.jpg'), { folder: 'flags' });
  expect(status.status).toBe('done');
  const smart = await call('POST', SMART_FOLDERS, { name: 'Canon', searchHref: `${PHOTOS}?q=Canon` });
  expect(smart.statusCode, smart.body).toBe(201);
});
afterAll(async () => {
  await dam?.close();
});

describe('the consent flags of collections (spec 03 §3.8, spec 02 §9)', () => {
  it('are off by default, and while only one of consent forms and the archive’s consent management is on', async () => {
    expect(await flags(summary.token)).toEqual(everywhere(OFF));
    await setConsentForms(true);
    expect(await flags(summary.token)).toEqual(everywhere(OFF));
    await setConsentForms(false);
    await setArchiveConsentManagement(true);
    expect(await flags(summary.token)).toEqual(everywhere(OFF));
  });

  it('turn on with both; the filter only for ViewConsentSummary; off again with consent forms', async () => {
    await setArchiveConsentManagement(true);
    await setConsentForms(true);
    expect(await flags(summary.token)).toEqual(everywhere({ isConsentManagementEnabled: true, isConsentStatusFilterEnabled: true }));
    expect(await flags(viewer.token)).toEqual(everywhere({ isConsentManagementEnabled: true, isConsentStatusFilterEnabled: false }));
    await setArchiveConsentManagement(false);
    expect(await flags(summary.token)).toEqual(everywhere(OFF));
    await setArchiveConsentManagement(true);
    await setConsentForms(false);
    expect(await flags(summary.token)).toEqual(everywhere(OFF));
  });
});
