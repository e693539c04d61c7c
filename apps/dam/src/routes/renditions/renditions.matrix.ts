/**
 * The renditions room's rows of the authorization matrix (policies/authorization.matrix.test.ts; issue 16): requesting
 * a rendition needs Download on the asset's archive (an asset the caller may not view is 404, revealing nothing); a
 * requested rendition is its requester's only: anyone else, the site owner included, gets 404. Processing profiles
 * need the group permission manageArchives (there is nothing to hide, so 403 without it).
 */
import { randomUUID } from 'node:crypto';
import { as, jsonRequest, type MatrixExpect, type MatrixRow, type MatrixWorld } from '../../testing/matrix.ts';

const DOWNLOADING = { archive: ['View', 'Download'] } as const;
const request = (w: MatrixWorld) =>
  jsonRequest('POST', '/fotoweb/services/renditions', { href: `${w.asset.href}/__renditions/ORIGINAL` }, 'application/vnd.fotoware.rendition-request+json');
const PROFILES = '/fotoweb/api/processing-profiles';
const MANAGING = { groupPermissions: ['manageArchives'] } as const;
const needs = (ok: MatrixExpect['permitted']): MatrixExpect => ({ none: 401, outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: ok, owner: ok });
const profile = () => ({ name: `Matrix ${randomUUID()}`, size: 800, format: 'jpg' as const, quality: 80 });

/** A profile made for one request (as the site owner, through the service). */
async function madeProfile(w: MatrixWorld): Promise<string> {
  const caller = await w.dam.ctx.auth.callerForUser(w.owner.id);
  return (await w.dam.ctx.processingProfiles.create(caller!, profile())).href;
}

export const RENDITIONS_MATRIX_ROWS: MatrixRow[] = [
  {
    operation: 'requestRendition',
    grant: DOWNLOADING,
    request: async (w) => request(w),
    expect: { none: 401, outsider: [404, 'NotFound'], viewer: [403, 'Forbidden'], permitted: 202, owner: 202 },
    refusal: /Download/,
  },
  {
    operation: 'getRenditionFile',
    grant: DOWNLOADING,
    request: async (w) => {
      const created = await w.dam.app.inject(as(w.permitted, request(w)));
      if (created.statusCode !== 202) throw new Error(`rendition: ${created.statusCode} ${created.body}`);
      return { method: 'GET', url: String(created.headers.location) };
    },
    expect: { none: 401, outsider: [404, 'NotFound'], viewer: [404, 'NotFound'], permitted: 200, owner: [404, 'NotFound'] },
  },
  {
    operation: 'listProcessingProfiles',
    grant: MANAGING,
    request: async () => ({ method: 'GET', url: PROFILES }),
    expect: needs(200),
    refusal: /manageArchives/,
  },
  {
    operation: 'createProcessingProfile',
    grant: MANAGING,
    request: async () => jsonRequest('POST', PROFILES, profile()),
    expect: needs(201),
    refusal: /manageArchives/,
  },
  {
    operation: 'updateProcessingProfile',
    grant: MANAGING,
    request: async (w) => jsonRequest('PUT', await madeProfile(w), profile()),
    expect: needs(200),
    refusal: /manageArchives/,
  },
  {
    operation: 'deleteProcessingProfile',
    grant: MANAGING,
    request: async (w) => ({ method: 'DELETE', url: await madeProfile(w) }),
    expect: needs(204),
    refusal: /manageArchives/,
  },
];
