import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';

/**
 * The configuration loads of the archive dialog (issue 12; spec 03 §7 "Configuration loads") and the metadata field
 * pickers (spec 02 §7), beside the archive administration they serve. Plain JSON.
 */
export async function configLoadsRoutes(app: FastifyInstance, ctx: DamContext) {
  const loads = ctx.configLoads;
  // The consent form settings (issue 15): stored by the consent room's service.
  serveOperations(app, '/fotoweb/api/config/consentForms/ConsentFormSettings', {
    getConsentFormSettings: async ({ caller }) => ctx.consent.settings(caller),
    updateConsentFormSettings: async ({ caller, body }) => ctx.consent.saveSettings(caller, body),
  });
  serveOperations(app, '/fotoweb/api/config/metadata/fields/:filter', {
    listMetadataFields: async ({ params }) => loads.fields(params.filter),
  });
  serveOperations(app, '/fotoweb/api/config/metadata/namespaces', {
    listMetadataNamespaces: async () => loads.namespaces(),
  });
  serveOperations(app, '/fotoweb/api/config/metadata/namespaces/:alias/fields', {
    listMetadataNamespaceFields: async ({ params }) => loads.namespaceFields(params.alias),
  });
  serveOperations(app, '/fotoweb/api/config/metadata/groups', {
    listMetadataGroups: async () => loads.groups(),
  });
  serveOperations(app, '/fotoweb/api/config/metadata/groups/:name/fields', {
    listMetadataGroupFields: async ({ params }) => loads.groupFields(params.name),
  });
  serveOperations(app, '/fotoweb/api/config/archives-old', {
    listArchivesOld: async ({ caller }) => loads.archivesOld(caller),
  });
  serveOperations(app, '/fotoweb/api/pools', {
    listPools: async ({ caller }) => loads.pools(caller),
  });
  serveOperations(app, '/fotoweb/api/config/metadataviews', {
    listMetadataViewConfigs: async ({ caller }) => loads.metadataViews(caller),
    createMetadataViewConfig: async ({ caller, body, reply }) => {
      const created = await loads.createMetadataView(caller, body);
      return reply.code(201).header('location', created.href).send(created);
    },
  });
  serveOperations(app, '/fotoweb/api/config/:setting', {
    listConfigSettingItems: async ({ caller, params }) => loads.settingItems(caller, params.setting),
  });
}
