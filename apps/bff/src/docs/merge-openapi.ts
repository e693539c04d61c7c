import { DAM_ROUTES } from '@magpie/api-types/routes';

/** An OpenAPI 3.1 document as parsed from YAML (only the parts the merge touches are typed). */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; [key: string]: unknown };
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  tags?: Array<{ name: string; [key: string]: unknown }>;
  security?: Array<Record<string, string[]>>;
  [key: string]: unknown;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * DAM operations the browser cannot reach through the BFF (`fromBrowser: false` in `@magpie/api-types/routes`):
 * the token endpoint answers 404 at the BFF, and the DAM's logout is shadowed by the BFF's own.
 */
const HIDDEN_DAM_OPERATIONS: ReadonlySet<string> = new Set(DAM_ROUTES.filter((r) => !r.fromBrowser).map((r) => r.operationId));

/**
 * One OpenAPI document for everything the browser can call at the BFF (served at `/docs`): the BFF's own routes
 * (bff.yaml) and the DAM operations it proxies (dam.yaml).
 *
 * - Paths: the DAM's, without {@link HIDDEN_DAM_OPERATIONS}; then the BFF's, whose operations win on a shared
 *   path (`POST /fotoweb/services/logout`).
 * - Components: the union. A BFF component whose name the DAM also uses with other content is renamed
 *   `Bff<Name>` (and the BFF's `$ref`s with it); identical ones (`ErrorBody`, `ErrorIssue`) are kept once.
 * - Security: through the BFF every call is authenticated by the `magpie_session` cookie, so the document's
 *   default is `sessionCookie` and the DAM's `bearerAuth` (which only the BFF uses) is replaced by it.
 *
 * Inputs are not modified.
 */
export function mergeOpenApi(bffInput: OpenApiDocument, damInput: OpenApiDocument): OpenApiDocument {
  const bff = structuredClone(bffInput);
  const dam = structuredClone(damInput);

  // Components: rename the BFF's colliding, different ones.
  const components: Record<string, Record<string, unknown>> = {};
  for (const [kind, entries] of Object.entries(dam.components ?? {})) components[kind] = { ...entries };
  const renames = new Map<string, string>();
  for (const [kind, entries] of Object.entries(bff.components ?? {})) {
    components[kind] ??= {};
    for (const [name, value] of Object.entries(entries)) {
      const existing = components[kind][name];
      if (existing === undefined || JSON.stringify(existing) === JSON.stringify(value)) {
        components[kind][name] = value;
        continue;
      }
      const renamed = `Bff${name}`;
      components[kind][renamed] = value;
      renames.set(`#/components/${kind}/${name}`, `#/components/${kind}/${renamed}`);
    }
  }
  rewriteRefs(bff, renames);
  // Renamed components may refer to each other: rewrite inside them too.
  for (const ref of renames.values()) {
    const [, , kind, name] = ref.split('/');
    rewriteRefs(components[kind!]![name!], renames);
  }

  // Security: the session cookie replaces the DAM's bearer scheme.
  const securitySchemes = { ...(components.securitySchemes ?? {}) };
  delete securitySchemes.bearerAuth;
  components.securitySchemes = securitySchemes;

  // Paths.
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [pathKey, item] of Object.entries(dam.paths ?? {})) {
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(item)) {
      if (HTTP_METHODS.has(key)) {
        const operation = value as { operationId?: string; security?: Array<Record<string, string[]>> };
        if (operation.operationId !== undefined && HIDDEN_DAM_OPERATIONS.has(operation.operationId)) continue;
        if (operation.security !== undefined) operation.security = replaceBearer(operation.security);
      }
      kept[key] = value;
    }
    if (Object.keys(kept).some((key) => HTTP_METHODS.has(key))) paths[pathKey] = kept;
  }
  for (const [pathKey, item] of Object.entries(bff.paths ?? {})) paths[pathKey] = { ...(paths[pathKey] ?? {}), ...item };

  const tagNames = new Set<string>();
  const tags = [...(bff.tags ?? []), ...(dam.tags ?? [])].filter((tag) => !tagNames.has(tag.name) && tagNames.add(tag.name));

  return {
    openapi: bff.openapi,
    info: {
      ...bff.info,
      title: 'Magpie API (BFF and proxied DAM)',
      summary: 'Everything the browser can call at the BFF: its own routes and the DAM API it proxies.',
      description: [
        bff.info.description ?? '',
        '---',
        `**Proxied DAM API.** The operations below the BFF's own come from the DAM contract (${dam.info.title} ` +
          `${dam.info.version}). Through the BFF they are authenticated by the session cookie (the BFF adds the ` +
          'bearer token) and unsafe methods need `X-CSRF-Token`. The token endpoint is not reachable through the BFF.',
        dam.info.description ?? '',
      ].join('\n\n'),
    },
    ...(dam.externalDocs !== undefined ? { externalDocs: dam.externalDocs } : {}),
    servers: [{ url: '/' }],
    security: [{ sessionCookie: [] }],
    tags,
    paths,
    components,
  };
}

function replaceBearer(security: Array<Record<string, string[]>>): Array<Record<string, string[]>> {
  return security.map((requirement) => ('bearerAuth' in requirement ? { sessionCookie: [] } : requirement));
}

/** Replaces every `$ref` value found in `renames`, in place, anywhere below `node`. */
function rewriteRefs(node: unknown, renames: ReadonlyMap<string, string>): void {
  if (renames.size === 0 || typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) {
    for (const item of node) rewriteRefs(item, renames);
    return;
  }
  const record = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (key === '$ref' && typeof value === 'string' && renames.has(value)) record[key] = renames.get(value);
    else rewriteRefs(value, renames);
  }
}
