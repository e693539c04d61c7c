import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ARCHIVE_PERMISSIONS, GROUP_PERMISSIONS, LICENSE_MODES, LINK_COLLECTION_PERMISSIONS, MEDIA_TYPES, PAYMENT_METHODS, USER_LICENSE_LEVELS } from './constants.ts';
import * as api from './index.ts';

type Json = Record<string, any>;

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const load = (name: string): Json => parse(readFileSync(root(`openapi/${name}.yaml`), 'utf8'));
const CONTRACTS = { dam: load('dam'), bff: load('bff') };
const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'];

function resolve(doc: Json, value: Json): Json {
  let current = value;
  for (let depth = 0; typeof current?.$ref === 'string' && depth < 10; depth++) {
    const ref: string = current.$ref;
    expect(ref.startsWith('#/'), `only local refs: ${ref}`).toBe(true);
    current = ref
      .slice(2)
      .split('/')
      .reduce<Json | undefined>((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as Json;
    expect(current, `unresolved ${ref}`).toBeDefined();
  }
  return current;
}

function operations(doc: Json) {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op: op as Json })),
  );
}

function refs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => refs(item, found));
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refs(value, found);
    }
  }
  return found;
}

describe.each(Object.entries(CONTRACTS))('openapi/%s.yaml', (_name, doc) => {
  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it('gives every operation a unique operationId, tags, a summary and responses', () => {
    const ids = new Set<string>();
    for (const { path, method, op } of operations(doc)) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(op.operationId), `duplicate ${op.operationId}`).toBe(false);
      ids.add(op.operationId);
      expect(op.tags?.length, where).toBeGreaterThan(0);
      expect(op.summary, where).toBeTruthy();
      expect(Object.keys(op.responses ?? {}).length, where).toBeGreaterThan(0);
    }
  });

  it('gives every response with a body a schema, and every error response ErrorBody', () => {
    for (const { path, method, op } of operations(doc)) {
      for (const [status, raw] of Object.entries(op.responses as Json)) {
        const where = `${method.toUpperCase()} ${path} ${status}`;
        const response = resolve(doc, raw as Json);
        expect(response.description, where).toBeTruthy();
        // 204 and 304 never carry content (RFC 9110 §15.3.5, §15.4.5).
        if (status === '204' || status === '304') {
          expect(response.content, where).toBeUndefined();
          continue;
        }
        expect(Object.keys(response.content ?? {}).length, where).toBeGreaterThan(0);
        for (const [mediaType, media] of Object.entries(response.content as Json)) {
          expect((media as Json).schema, `${where} ${mediaType}`).toBeDefined();
          if (Number(status) >= 400) {
            const expected = op.operationId === 'createToken' ? '#/components/schemas/OAuthError' : '#/components/schemas/ErrorBody';
            expect((media as Json).schema.$ref, `${where} ${mediaType}`).toBe(expected);
          }
        }
      }
    }
  });

  it('resolves every $ref', () => {
    for (const ref of refs(doc)) resolve(doc, { $ref: ref });
  });

  it('offers application/json beside every vendor media type it answers', () => {
    for (const { path, method, op } of operations(doc)) {
      for (const [status, raw] of Object.entries(op.responses as Json)) {
        const types = Object.keys(resolve(doc, raw as Json).content ?? {});
        if (types.some((t) => t.startsWith('application/vnd.fotoware.'))) {
          expect(types, `${method.toUpperCase()} ${path} ${status}`).toContain('application/json');
        }
      }
    }
  });
});

describe('the two contracts together', () => {
  it('share one ErrorBody', () => {
    for (const name of ['ErrorBody', 'ErrorIssue']) {
      expect(CONTRACTS.bff.components.schemas[name], name).toEqual(CONTRACTS.dam.components.schemas[name]);
    }
  });

  it('list the same archive permissions as ARCHIVE_PERMISSIONS, in order', () => {
    expect(CONTRACTS.dam.components.schemas.ArchivePermission.enum).toEqual([...ARCHIVE_PERMISSIONS]);
    expect(CONTRACTS.dam.components.schemas.LinkCollectionPermission.enum).toEqual([...LINK_COLLECTION_PERMISSIONS]);
  });

  it('list the same group permissions and license numbers as the constants, in order', () => {
    const schemas = CONTRACTS.dam.components.schemas;
    expect(schemas.GroupPermission.enum).toEqual([...GROUP_PERMISSIONS]);
    expect(schemas.UserLicenseLevel.enum).toEqual(USER_LICENSE_LEVELS.map((level) => level.ValueNumeric));
    expect(schemas.LicenseMode.enum).toEqual(LICENSE_MODES.map((mode) => mode.ValueNumeric));
    expect(schemas.PaymentMethod.enum).toEqual(PAYMENT_METHODS.map((method) => method.ValueNumeric));
    expect(schemas.BetaLicense.properties.level.enum).toEqual(USER_LICENSE_LEVELS.map((level) => level.Label));
  });

  it('document every ErrorBody value of ERROR_VALUES in the ErrorBody description', () => {
    const description: string = CONTRACTS.dam.components.schemas.ErrorBody.description;
    for (const value of Object.keys(api.ERROR_VALUES)) expect(description, value).toContain(`\`${value}\``);
  });

  it('use only media types named in MEDIA_TYPES (or image and video files)', () => {
    const known = new Set<string>(Object.values(MEDIA_TYPES));
    for (const doc of Object.values(CONTRACTS)) {
      for (const { op } of operations(doc)) {
        const bodies = [op.requestBody, ...Object.values(op.responses as Json)].filter(Boolean).map((b) => resolve(doc, b as Json));
        for (const body of bodies) {
          for (const type of Object.keys(body.content ?? {})) {
            if (type === '*/*' || type.startsWith('image/') || type.startsWith('video/')) continue;
            expect(known.has(type), `${op.operationId}: ${type}`).toBe(true);
          }
        }
      }
    }
  });
});

describe('the package entry point', () => {
  it('loads and exposes the runtime constants', () => {
    expect(api.MEDIA_TYPES.asset).toBe('application/vnd.fotoware.asset+json');
    expect(api.ARCHIVE_PERMISSIONS).toHaveLength(37);
    expect(api.isArchivePermission('Download')).toBe(true);
    expect(api.isArchivePermission('SetPosterAsset')).toBe(false);
    expect(api.pageHref('')).toBeUndefined();
    expect(api.pageHref(null)).toBeUndefined();
    expect(api.pageHref('/fotoweb/archives/5000-X/;p=1')).toBe('/fotoweb/archives/5000-X/;p=1');
    expect(api.ERROR_VALUES.InvalidCsrfToken).toBe(403);
    expect(api.ERROR_VALUES.out_of_licenses).toBe(409);
    expect(api.MEDIA_TYPES.groupListUpdate).toBe('application/vnd.fotoware.group-list-update+json');
    expect(api.GUEST_GROUP_ID).toBe(10000);
    expect(api.GUEST_USER_ID).toBe(15000);
    expect(api.isGroupPermission('albums.create')).toBe(true);
    expect(api.isGroupPermission('create')).toBe(false);
    expect(api.ALBUM_GROUP_PERMISSIONS).toHaveLength(8);
  });
});

describe('generated types', () => {
  it('are not stale (npm run check:api)', async () => {
    const run = promisify(execFile);
    const script = root('packages/api-types/scripts/generate.mjs');
    const result = await run(process.execPath, [script, '--check']).catch((error: { code?: number; stderr?: string }) => error);
    expect((result as { stderr?: string }).stderr ?? '').toBe('');
    expect((result as { code?: number }).code ?? 0).toBe(0);
  }, 60_000);

  it('carry the do-not-edit banner', () => {
    for (const name of ['dam', 'bff']) {
      expect(readFileSync(root(`packages/api-types/src/generated/${name}.ts`), 'utf8')).toMatch(/^\/\*\*\n \* GENERATED FILE, DO NOT EDIT/);
    }
  });
});
