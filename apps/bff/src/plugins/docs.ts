import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import swaggerUi, { type FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { CSRF_COOKIE, CSRF_HEADER } from '@magpie/api-types';
import { definePlugin } from '../lib/plugin.ts';
import { mergeOpenApi, type OpenApiDocument } from '../docs/merge-openapi.ts';

/** Where the documentation lives. */
export const DOCS_PREFIX = '/docs';

/**
 * The one inline `<style>` of Swagger UI's page: its topbar logo, an SVG with a `<style>` element
 * (swagger-ui-standalone-preset.js). The pages under /docs allow exactly this text, by its hash, beside the BFF's
 * policy (security-headers.ts); a Swagger UI whose logo changes fails docs.test.ts and the e2e suite.
 */
export const SWAGGER_LOGO_STYLE = '.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}';

/** {@link SWAGGER_LOGO_STYLE}'s CSP source (`'sha256-<base64>'`). */
export const SWAGGER_LOGO_STYLE_SOURCE = `'sha256-${createHash('sha256').update(SWAGGER_LOGO_STYLE).digest('base64')}'`;

/** Options of {@link docsPlugin}. */
export interface DocsPluginOptions extends Record<string, unknown> {
  /** Folder holding `bff.yaml` and `dam.yaml` (the repository's `openapi/`). */
  openapiDir: string;
}

/**
 * Reads and merges the two contracts (see `mergeOpenApi`).
 * @throws Error when a file is missing or is not YAML.
 */
export async function loadMergedSpec(openapiDir: string): Promise<OpenApiDocument> {
  const read = async (name: string) => parseYaml(await fs.readFile(path.join(openapiDir, name), 'utf8')) as OpenApiDocument;
  return mergeOpenApi(await read('bff.yaml'), await read('dam.yaml'));
}

/**
 * Stands in for `@fastify/swagger` in static mode: `@fastify/swagger-ui` only needs a plugin of that name that
 * decorates `swagger()` (the document, or its YAML with `{yaml: true}`). `@fastify/swagger` itself is not a BFF
 * dependency; with it, this would be `register(swagger, {mode: 'static', specification: {document}})`.
 */
const staticSpecPlugin = definePlugin(
  async (app: FastifyInstance, options: { document: OpenApiDocument }) => {
    const yamlText = stringifyYaml(options.document);
    app.decorate('swagger', (opts?: { yaml?: boolean }) => (opts?.yaml === true ? yamlText : options.document));
  },
  { name: '@fastify/swagger' },
);

/**
 * Lets Swagger UI's "Try it out" pass the CSRF check: copies the `magpie_csrf` cookie into `X-CSRF-Token`. Built
 * with `Function` so its source is plain browser JavaScript after swagger-ui serialises it.
 */
const csrfRequestInterceptor = new Function(
  'request',
  `var match = document.cookie.match(/(?:^|;\\s*)${CSRF_COOKIE}=([^;]*)/);
if (match) request.headers[${JSON.stringify(CSRF_HEADER)}] = decodeURIComponent(match[1]);
return request;`,
);

/**
 * `docs` plugin: Swagger UI at `/docs` over one OpenAPI document merging `openapi/bff.yaml` and
 * `openapi/dam.yaml` (read once at start with `yaml`), also served as JSON at `/docs/openapi.json` (and by
 * Swagger UI at `/docs/json` and `/docs/yaml`). Encapsulated; decorates `swagger()` inside its scope only.
 *
 * @throws Error at registration when the contracts cannot be read.
 */
export const docsPlugin = definePlugin(
  async (app: FastifyInstance, options: DocsPluginOptions) => {
    const document = await loadMergedSpec(options.openapiDir);
    await app.register(staticSpecPlugin, { document });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // No `staticCSP`: the BFF's own policy (security-headers.ts) covers these pages, and Swagger UI runs under it
      // (no inline script) with its logo's style allowed by hash. swagger-ui's policy would replace it with a weaker
      // one (`frame-ancestors 'self'`, `style-src https:`) and `upgrade-insecure-requests`, which breaks a BFF
      // served over plain HTTP.
      transformStaticCSP: (header) => header.replace("style-src 'self'", `style-src 'self' ${SWAGGER_LOGO_STYLE_SOURCE}`),
      uiConfig: { deepLinking: true, requestInterceptor: csrfRequestInterceptor as NonNullable<NonNullable<FastifySwaggerUiOptions['uiConfig']>['requestInterceptor']> },
    });
    app.get(`${DOCS_PREFIX}/openapi.json`, async (_request, reply) => reply.header('cache-control', 'no-cache').send(document));
  },
  { name: 'magpie-docs', encapsulate: true },
);
