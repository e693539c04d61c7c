import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Asset } from '@magpie/api-types';
import { SAMPLES_DIR, type TestDam } from './harness.ts';
import { readMetadata } from '../media/metadata.ts';

/** One sample as ExifTool read it (manifest.json): the fields the metadata tests compare with. */
export interface Sample {
  path: string;
  exiftool: { Title: { XMP: string | null }; Keywords: { XMP: string[] | null }; Description: { XMP: string | null } };
}

const MANIFEST = JSON.parse(fs.readFileSync(path.join(SAMPLES_DIR, 'manifest.json'), 'utf8')) as Sample[];

/** The manifest entry of a sample by its path under the samples folder. */
export const sample = (p: string): Sample => MANIFEST.find((s) => s.path === p)!;

/** `Authorization: Bearer <token>`. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The media type of `PATCH <asset>` bodies. */
export const ASSET_UPDATE = 'application/vnd.fotoware.assetupdate+json';
/** The media type of a metadata-edit background task. */
export const EDIT_REQUEST = 'application/vnd.fotoware.metadata-edit-request+json';
/** The media type of a duplicate background task. */
export const DUPLICATE_REQUEST = 'application/vnd.fotoware.duplicate-request+json';

/**
 * Requests the room tests of assets, metadata and revisions share, against one test DAM (as administrator unless a
 * token is given): upload a sample into a folder of Photos, GET JSON, PATCH fields, POST a body, send any JSON request
 * (`call`), read a stored file back with ExifTool, and make a user with given permissions on Photos.
 */
export function requestsFor(dam: () => TestDam) {
  const sut = () => dam();
  /** `body` as JSON of `contentType`, with `headers`; no body, no content type. */
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body: unknown, headers: Record<string, string>, contentType = 'application/json') =>
    sut().app.inject({
      method,
      url,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': contentType }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  return {
    /** Uploads a sample to `Photos/<folder>` and answers its asset URL (the upload must succeed). */
    async upload(file: Sample, folder: string): Promise<string> {
      const status = await sut().upload(sut().adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, file.path), { folder });
      expect(status.status).toBe('done');
      return status.result!.assetUrl;
    },
    async get<T = Asset>(url: string, token = sut().adminToken): Promise<T> {
      return (await sut().app.inject({ method: 'GET', url, headers: bearer(token) })).json() as T;
    },
    patch(url: string, metadata: unknown, token = sut().adminToken, contentType = ASSET_UPDATE) {
      return sut().app.inject({ method: 'PATCH', url, headers: { ...bearer(token), 'content-type': contentType }, payload: JSON.stringify({ metadata }) });
    },
    post(url: string, body?: unknown, token = sut().adminToken, contentType = 'application/json') {
      return send('POST', url, body, bearer(token), contentType);
    },
    /** A JSON request answered as `accept`; an empty `token` is a guest's (no `Authorization`). */
    call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, token = sut().adminToken, accept = 'application/json') {
      return send(method, url, body, { ...(token ? bearer(token) : {}), accept });
    },
    /** The stored original of an asset in a folder of Photos, read again with ExifTool through Magpie's field mapping. */
    async fileFields(assetUrl: string) {
      const match = /^\/fotoweb\/archives\/5000-Photos\/(.+)\/([^/]+)\.info$/.exec(assetUrl)!;
      const row = await sut().ctx.repos.assets.findByPath(5000, decodeURIComponent(match[1]!), decodeURIComponent(match[2]!));
      return (await readMetadata(sut().ctx.files.localPath(row!.storage_key))).fields;
    },
    /** A new user holding exactly `permissions` on Photos. */
    async userWith(name: string, permissions: string[]) {
      const user = await sut().createUser(name);
      await sut().ctx.repos.archives.setAcl(5000, { principalType: 'user', principalId: user.id, permissions });
      return user;
    },
  };
}
