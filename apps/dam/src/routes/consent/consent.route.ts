import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { parseAssetHref } from '../../http/resource-path.ts';
import { ApiError } from '../../lib/errors.ts';
import type { AssetRef } from '../../services/assets.service.ts';

/**
 * The assets hrefs name. @param at the body path of the list, for the error's `issues`.
 * @throws ApiError 400 `InvalidHref` naming every href that is no asset's.
 */
function assetRefsOf(hrefs: readonly string[], at: string): AssetRef[] {
  const refs: AssetRef[] = [];
  const issues: Array<{ path: string; message: string }> = [];
  hrefs.forEach((href, index) => {
    const ref = parseAssetHref(href);
    if (ref) refs.push(ref);
    else issues.push({ path: at === 'href' ? at : `${at}.${index}`, message: `"${href.length > 100 ? `${href.slice(0, 100)}…` : href}" is not an asset's href.` });
  });
  if (issues.length > 0) throw new ApiError(400, 'InvalidHref', 'A consent form covers assets, named by the href the server gave them.', 'Invalid href', issues);
  return refs;
}

/**
 * Consent forms (issue 15; Magpie's own API beside FotoWeb's `consentStatus`, docs/decisions.md "Consent"): list the
 * forms (to link one), record, change and delete a form, link and unlink its assets (`ManageConsentStatus`), and an
 * asset's forms with their details (`ViewConsentDetails`). The settings are served with the configuration loads (`archive-config/`).
 */
export async function consentRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, '/fotoweb/consent/forms/', {
    listConsentForms: async ({ caller, query }) => ctx.consent.list(caller, query.q, query.p ?? 0),
    createConsentForm: async ({ reply, caller, body }) => {
      const { assets, ...fields } = body;
      const form = await ctx.consent.create(caller, assetRefsOf(assets, 'assets'), fields);
      return reply.code(201).header('location', form.href).send(form);
    },
  });
  serveOperations(app, '/fotoweb/consent/forms/:formId', {
    updateConsentForm: async ({ caller, params, body }) => ctx.consent.update(caller, params.formId, body),
    deleteConsentForm: async ({ reply, caller, params, query }) => {
      await ctx.consent.delete(caller, params.formId, query.assets === undefined ? undefined : query.assets.split(',').filter(Boolean).map(Number));
      return reply.code(204).send();
    },
  });
  serveOperations(app, '/fotoweb/consent/forms/:formId/assets', {
    linkConsentFormAsset: async ({ caller, params, body }) => ctx.consent.link(caller, params.formId, assetRefsOf([body.href], 'href')[0]!),
  });
  serveOperations(app, '/fotoweb/consent/forms/:formId/assets/:assetId', {
    unlinkConsentFormAsset: async ({ caller, params }) => ctx.consent.unlink(caller, params.formId, params.assetId),
  });
  serveOperations(app, '/fotoweb/consent/assets/:assetId/forms/', {
    listAssetConsentForms: async ({ caller, params }) => ctx.consent.formsOfAsset(caller, params.assetId),
  });
}
