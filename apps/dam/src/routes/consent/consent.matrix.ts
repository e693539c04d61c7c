/**
 * The consent room's rows of the authorization matrix (policies/authorization.matrix.test.ts; issue 15, spec 03
 * §3.10, §3.11): the consent settings are changed with `configureConsentForms`; recording, changing, deleting,
 * linking and unlinking a consent form need `ManageConsentStatus` on the archive of its assets, reading an asset's
 * forms `ViewConsentDetails` (no View: 404, as for the asset itself; View alone: 403).
 */
import { as, jsonRequest, type MatrixExpect, type MatrixRow, type MatrixWorld } from '../../testing/matrix.ts';

const SETTINGS = '/fotoweb/api/config/consentForms/ConsentFormSettings';
const FORMS = '/fotoweb/consent/forms/';
const manage = { archive: ['View', 'ViewConsentSummary', 'ViewConsentDetails', 'ManageConsentStatus'] } as const;
const onAsset = (ok: number): MatrixExpect => ({ none: [401, 'Unauthorized'], outsider: [404, 'NotFound'], viewer: [403, 'Forbidden'], permitted: ok, owner: ok });
const form = { personName: 'Matrix Model', state: 'Signed' };

/** A new consent form on the matrix asset, recorded by the site owner; answers its href. */
async function ownersForm(w: MatrixWorld): Promise<string> {
  const created = await w.dam.app.inject(as(w.owner, jsonRequest('POST', FORMS, { ...form, assets: [w.asset.href] })));
  if (created.statusCode !== 201) throw new Error(`recording the matrix consent form failed: ${created.statusCode} ${created.body}`);
  return created.json().href as string;
}

export const CONSENT_MATRIX_ROWS: MatrixRow[] = [
  {
    operation: 'updateConsentFormSettings',
    grant: { groupPermissions: ['configureConsentForms'] },
    request: async () =>
      jsonRequest('PUT', SETTINGS, {
        companyAbout: '',
        contactEmailAddress: '',
        companyName: 'Matrix',
        defaultUrlExpiryDays: 30,
        enableConsentForms: false,
        pdfRenderCompanyLogo: true,
        pdfRenderCompanyLogoInBanner: true,
        categories: [],
        templates: [],
        languages: [],
        defaultFields: [],
      }),
    expect: { none: [401, 'Unauthorized'], outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: 200, owner: 200 },
    refusal: /configureConsentForms/,
  },
  {
    // The list has nothing to hide behind a 404: without ManageConsentStatus on any archive it is refused.
    operation: 'listConsentForms',
    grant: manage,
    request: async () => ({ method: 'GET', url: `${FORMS}?q=Matrix` }),
    expect: { none: [401, 'Unauthorized'], outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: 200, owner: 200 },
    refusal: /ManageConsentStatus/,
  },
  {
    operation: 'createConsentForm',
    grant: manage,
    request: async (w) => jsonRequest('POST', FORMS, { ...form, assets: [w.asset.href] }),
    expect: onAsset(201),
    refusal: /ManageConsentStatus/,
  },
  {
    operation: 'updateConsentForm',
    grant: manage,
    request: async (w) => jsonRequest('PUT', await ownersForm(w), { ...form, state: 'Revoked' }),
    expect: onAsset(200),
    refusal: /ManageConsentStatus/,
  },
  { operation: 'deleteConsentForm', grant: manage, request: async (w) => ({ method: 'DELETE', url: await ownersForm(w) }), expect: onAsset(204), refusal: /ManageConsentStatus/ },
  {
    operation: 'linkConsentFormAsset',
    grant: manage,
    request: async (w) => jsonRequest('POST', `${await ownersForm(w)}/assets`, { href: w.asset.href }),
    expect: onAsset(200),
    refusal: /ManageConsentStatus/,
  },
  {
    operation: 'unlinkConsentFormAsset',
    grant: manage,
    request: async (w) => ({ method: 'DELETE', url: `${await ownersForm(w)}/assets/${w.asset.uniqueid}` }),
    expect: onAsset(200),
    refusal: /ManageConsentStatus/,
  },
  {
    operation: 'listAssetConsentForms',
    grant: { archive: ['View', 'ViewConsentSummary', 'ViewConsentDetails'] },
    request: async (w) => ({ method: 'GET', url: `/fotoweb/consent/assets/${w.asset.uniqueid}/forms/` }),
    expect: onAsset(200),
    refusal: /ViewConsentDetails/,
  },
];
