import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBffApp, DEFAULT_OPENAPI_DIR } from '../app.ts';
import { mergeOpenApi, type OpenApiDocument } from '../docs/merge-openapi.ts';
import { SWAGGER_LOGO_STYLE, SWAGGER_LOGO_STYLE_SOURCE } from './docs.ts';
import { deadUrl, testConfig } from '../testing/stack.ts';

// The docs need no DAM: the BFF reads the contracts at start.
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildBffApp(testConfig({ damUrl: await deadUrl() }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

/** Every `$ref` in a document. */
function refsOf(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsOf(item, found);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsOf(value, found);
    }
  }
  return found;
}

describe('/docs', () => {
  it('serves one OpenAPI document with the BFF paths and the proxied DAM paths', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json() as OpenApiDocument;
    expect(doc.openapi).toBe('3.1.0');
    const paths = Object.keys(doc.paths ?? {});
    // BFF
    expect(paths).toEqual(expect.arrayContaining(['/fotoweb/views/login', '/fotoweb/views/session', '/fotoweb/services/logout']));
    // DAM
    expect(paths).toEqual(expect.arrayContaining(['/fotoweb/me/', '/fotoweb/me/archives/', '/fotoweb/api/uploads', '/fotoweb/archives/{archive}/']));
    // Not reachable through the BFF.
    expect(paths).not.toContain('/fotoweb/oauth2/token');
    // The logout the browser calls is the BFF's.
    expect((doc.paths!['/fotoweb/services/logout']!.post as { operationId: string }).operationId).toBe('logoutSession');
    // Authenticated by the session cookie, not a bearer the browser never has.
    expect(doc.security).toEqual([{ sessionCookie: [] }]);
    expect(Object.keys(doc.components!.securitySchemes!)).toEqual(['sessionCookie']);
    // Every reference resolves.
    for (const ref of refsOf(doc)) {
      const [, , kind, name] = ref.split('/');
      expect(doc.components?.[kind!]?.[name!], ref).toBeDefined();
    }
  });

  it('serves Swagger UI', async () => {
    const page = await app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui');
    // The BFF's own policy (security-headers.ts), not swagger-ui's weaker `staticCSP`.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/upgrade-insecure-requests|https:|unsafe-/);
    expect(page.headers['x-frame-options']).toBe('DENY');
    // Swagger UI's one inline style (its logo) is allowed by its hash, and is still the one Swagger UI renders.
    expect(csp).toContain(`style-src 'self' ${SWAGGER_LOGO_STYLE_SOURCE} 'nonce-`);
    const preset = await app.inject({ method: 'GET', url: '/docs/static/swagger-ui-standalone-preset.js' });
    expect(preset.body).toContain(JSON.stringify(SWAGGER_LOGO_STYLE));
    const init = await app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('X-CSRF-Token'); // "Try it out" sends the CSRF header
    const json = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(json.json().paths['/fotoweb/views/login']).toBeDefined();
  });
});

describe('mergeOpenApi', () => {
  it('keeps identical components once and renames the BFF’s differing ones', async () => {
    const read = async (name: string) => parseYaml(await fs.readFile(path.join(DEFAULT_OPENAPI_DIR, name), 'utf8')) as OpenApiDocument;
    const bff = await read('bff.yaml');
    const dam = await read('dam.yaml');
    const merged = mergeOpenApi(bff, dam);
    expect(merged.components!.schemas!.ErrorBody).toEqual(dam.components!.schemas!.ErrorBody);
    // bff.yaml and dam.yaml both define a BadRequest response, differently.
    expect(merged.components!.responses!.BadRequest).toEqual(dam.components!.responses!.BadRequest);
    expect(merged.components!.responses!.BffBadRequest).toEqual(bff.components!.responses!.BadRequest);
    const login = merged.paths!['/fotoweb/views/login']!.post as { responses: Record<string, { $ref?: string }> };
    expect(login.responses['400']!.$ref).toBe('#/components/responses/BffBadRequest');
    // The inputs are untouched.
    expect((bff.paths!['/fotoweb/views/login']!.post as typeof login).responses['400']!.$ref).toBe('#/components/responses/BadRequest');
  });
});
