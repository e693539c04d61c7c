/**
 * The archive administration room's rows of the authorization matrix (policies/authorization.matrix.test.ts): every
 * call needs the group permission manageArchives; the consent form settings also open to configureConsentForms, and
 * the metadata views list and creation to manageSettings (the rows marked so). There is nothing to hide, so a caller
 * without the permission gets 403.
 */
import { jsonRequest, type MatrixExpect, type MatrixRow, type MatrixWorld } from '../../testing/matrix.ts';

const CONFIG = '/fotoweb/api/config/archives';
const needs = (ok: number): MatrixExpect => ({ none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: ok, owner: ok });
const grant = { groupPermissions: ['manageArchives'] } as const;
let serial = 0;

/** A valid archive body with a name no other request uses. */
async function body(w: MatrixWorld): Promise<Record<string, unknown>> {
  const view = (await w.dam.ctx.metadataViews.forArchive(w.archive.id)).id;
  return { Name: `Matrix admin ${++serial}`, MetadataSetId: view, Pool: 'default', MemberList: [] };
}

/** A new empty archive made by the site owner for the request to act on. */
async function freshArchive(w: MatrixWorld): Promise<{ href: string; input: Record<string, unknown> }> {
  const input = await body(w);
  const res = await w.dam.app.inject({ ...jsonRequest('POST', CONFIG, input), headers: { 'content-type': 'application/json', authorization: `Bearer ${w.owner.token}` } });
  if (res.statusCode !== 201) throw new Error(`could not make an archive: ${res.body}`);
  return { href: res.json().href, input };
}

export const ARCHIVE_CONFIG_MATRIX_ROWS: MatrixRow[] = [
  { operation: 'listArchiveConfigs', grant, request: async () => ({ method: 'GET', url: CONFIG }), expect: needs(200), refusal: /manageArchives/ },
  { operation: 'getArchiveConfig', grant, request: async (w) => ({ method: 'GET', url: `${CONFIG}/${w.archive.id}` }), expect: needs(200), refusal: /manageArchives/ },
  { operation: 'createArchiveConfig', grant, request: async (w) => jsonRequest('POST', CONFIG, await body(w)), expect: needs(201), refusal: /manageArchives/ },
  {
    operation: 'updateArchiveConfig',
    grant,
    request: async (w) => {
      const { href, input } = await freshArchive(w);
      return jsonRequest('PUT', href, { ...input, Description: 'changed' });
    },
    expect: needs(200),
    refusal: /manageArchives/,
  },
  { operation: 'deleteArchiveConfig', grant, request: async (w) => ({ method: 'DELETE', url: (await freshArchive(w)).href }), expect: needs(204), refusal: /manageArchives/ },
  // The dialog's configuration loads (spec 03 §7).
  { operation: 'getConsentFormSettings', grant, request: async () => ({ method: 'GET', url: '/fotoweb/api/config/consentForms/ConsentFormSettings' }), expect: needs(200) },
  { operation: 'listArchivesOld', grant, request: async () => ({ method: 'GET', url: '/fotoweb/api/config/archives-old' }), expect: needs(200), refusal: /manageArchives/ },
  { operation: 'listPools', grant, request: async () => ({ method: 'GET', url: '/fotoweb/api/pools' }), expect: needs(200), refusal: /manageArchives/ },
  {
    operation: 'listMetadataViewConfigs',
    grant,
    request: async () => ({ method: 'GET', url: '/fotoweb/api/config/metadataviews' }),
    expect: needs(200),
    refusal: /manageArchives/,
  },
  {
    operation: 'createMetadataViewConfig',
    grant,
    request: async () => jsonRequest('POST', '/fotoweb/api/config/metadataviews', { Name: `Matrix view ${++serial}` }),
    expect: needs(201),
    refusal: /manageArchives/,
  },
  { operation: 'listConfigSettingItems', grant, request: async () => ({ method: 'GET', url: '/fotoweb/api/config/watermarks' }), expect: needs(200), refusal: /manageArchives/ },
  {
    operation: 'getConsentFormSettings',
    label: 'configureConsentForms',
    grant: { groupPermissions: ['configureConsentForms'] },
    request: async () => ({ method: 'GET', url: '/fotoweb/api/config/consentForms/ConsentFormSettings' }),
    expect: needs(200),
  },
  {
    operation: 'listMetadataViewConfigs',
    label: 'manageSettings',
    grant: { groupPermissions: ['manageSettings'] },
    request: async () => ({ method: 'GET', url: '/fotoweb/api/config/metadataviews' }),
    expect: needs(200),
  },
  {
    operation: 'createMetadataViewConfig',
    label: 'manageSettings',
    grant: { groupPermissions: ['manageSettings'] },
    request: async () => jsonRequest('POST', '/fotoweb/api/config/metadataviews', { Name: `Matrix view ${++serial}` }),
    expect: needs(201),
  },
];
