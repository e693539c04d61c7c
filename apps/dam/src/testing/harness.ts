import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { loadDamConfig, type DamConfig } from '../config.ts';
import { createDamContext, type DamContext } from '../context.ts';
import { buildDamApp } from '../app.ts';
import { hashPassword } from '../lib/crypto.ts';
import { migratedPGliteDump, testPGliteParsers } from './migrated-database.ts';
import { openDatabase, type DatabaseHandle } from '../db/connection.ts';
import { GroupsRepository } from '../repositories/groups.repository.ts';

/** The repository's shared sample media (read-only; tests may read it, Magpie never needs it). */
export const SAMPLES_DIR = path.resolve(import.meta.dirname, '../../../../../shared/samples');

/** The BFF client credentials every test DAM accepts for the password grant. */
export const TEST_BFF_CLIENT = { id: 'magpie-bff', secret: 'test-bff-secret' };

/** A DAM on a real database for one test file. */
export interface TestDam {
  ctx: DamContext;
  app: FastifyInstance;
  config: DamConfig;
  /** A live access token of `admin`. */
  adminToken: string;
  /** Password-grant token for a user, through the BFF client. */
  login(username: string, password: string): Promise<{ access_token: string; refresh_token: string }>;
  /**
   * Creates a (non-admin) user with `password` and answers an access token for it, issued as a password login does
   * once the password is checked (no scrypt run); {@link TestDam.login} with the password works too.
   */
  createUser(username: string, password?: string): Promise<{ id: number; token: string }>;
  /** Creates a group (named after the user) holding the group `permissions`, and a user in it with a token as {@link TestDam.createUser} (issue 11). */
  createMemberWith(username: string, permissions: readonly string[], password?: string): Promise<{ id: number; token: string; groupId: number }>;
  /** Creates a group holding the group `permissions` (spec 03 §3.3); answers its id. */
  createGroupWith(name: string, permissions: readonly string[]): Promise<number>;
  /** Uploads a file through the chunked upload API and waits for the ingest; answers the final status. */
  upload(
    token: string,
    destination: string,
    filePath: string,
    options?: { filename?: string; folder?: string; metadata?: unknown; comment?: string },
  ): Promise<{ status: string; result: { assetUrl: string } | null; error: { value: string; message: string } | null; httpStatus: number }>;
  close(): Promise<void>;
}

let migratedDump: Promise<Blob> | undefined;

/**
 * The migrated database as a tar: the run's file made by the global setup (`pgliteDump`), read once per test file, or
 * (a file run without that setup) one made here.
 */
function migratedDatabase(): Promise<Blob> {
  const file = inject('pgliteDump');
  migratedDump ??= file ? fsp.readFile(file).then((bytes) => new Blob([bytes])) : migratedPGliteDump().then((bytes) => new Blob([bytes]));
  return migratedDump;
}

/** A new in-memory PGlite holding the migrated database (about 1.5 s: PGlite's start and the tar's load). */
async function migratedPGlite(): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create({ parsers: await testPGliteParsers(), loadDataDir: await migratedDatabase() });
}

/**
 * Writes the migrated database every test DAM starts from into `<dataDir>/db`, where a DAM on `dataDir` keeps its
 * embedded PGlite: a DAM then opens it without running initdb and every migration (several seconds). For tests that
 * reopen an embedded database directory (crash recovery) and whose subject is not a first start; PGlite only.
 */
export async function seedEmbeddedDatabase(dataDir: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(path.join(dataDir, 'db'), { loadDataDir: await migratedDatabase() });
  await db.close();
}

/**
 * A new database on the run's PostgreSQL cluster: a copy of `template` (the run's migrated database), or empty when
 * it is undefined. Answers its connection string.
 */
async function newPostgresDatabase(postgresUrl: string, template: string | undefined): Promise<string> {
  const pg = await import('pg');
  const name = `magpie_test_${randomUUID().replace(/-/g, '')}`;
  const client = new pg.default.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await client.end();
  }
  return postgresUrl.replace(/\/[^/]*$/, `/${name}`);
}

async function databaseOptions(): Promise<{ databaseUrl?: string; pglite?: PGlite }> {
  const postgresUrl = inject('postgresUrl');
  if (postgresUrl) return { databaseUrl: await newPostgresDatabase(postgresUrl, inject('postgresTemplate')) };
  return { pglite: await migratedPGlite() };
}

/**
 * A fresh database with no migration applied, on the run's database (a new in-memory PGlite, or a new database on
 * the PostgreSQL cluster with MAGPIE_TEST_DB=postgres), for tests of the migrations themselves. Close it when done.
 */
export async function emptyTestDatabase(): Promise<DatabaseHandle> {
  const postgresUrl = inject('postgresUrl');
  return openDatabase(postgresUrl ? { databaseUrl: await newPostgresDatabase(postgresUrl, undefined), migrate: false } : { pgliteDir: 'memory://', migrate: false });
}

/**
 * Starts a DAM for tests: a fresh database (a PGlite clone, or a new database on the run's PostgreSQL cluster),
 * a temporary data directory, the worker running, logging silenced.
 */
export async function createTestDam(overrides: Partial<Record<string, string>> = {}): Promise<TestDam> {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'magpie-dam-test-'));
  const { databaseUrl, pglite } = await databaseOptions();
  const config = loadDamConfig({
    MAGPIE_DATA_DIR: dataDir,
    MAGPIE_ADMIN_PASSWORD: 'admin-password',
    MAGPIE_BFF_CLIENT_ID: TEST_BFF_CLIENT.id,
    MAGPIE_BFF_CLIENT_SECRET: TEST_BFF_CLIENT.secret,
    LOG_LEVEL: 'silent',
    // Guest access is the product's default; tests of guests turn it on, the rest see the guest-disabled lists.
    MAGPIE_GUEST_ACCESS: 'off',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...overrides,
  });
  const silent = { info() {}, error() {} };
  const ctx = await createDamContext(config, silent, pglite ? { pglite } : {});
  const app = await buildDamApp(ctx);
  await app.ready();
  ctx.worker.start();

  const login = async (username: string, password: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/fotoweb/oauth2/token',
      payload: new URLSearchParams({ grant_type: 'password', username, password, client_id: TEST_BFF_CLIENT.id, client_secret: TEST_BFF_CLIENT.secret }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return res.json() as { access_token: string; refresh_token: string };
  };
  // The users tests make, `admin` included, sign in as the password grant does after its password check (tokens,
  // activity entry, last login), without one scrypt verification each: a test file makes dozens. `login` still checks
  // the password.
  const signIn = async (user: { id: number; username: string }) => (await ctx.auth.signIn(user, TEST_BFF_CLIENT.id)).access_token;
  const admin = await ctx.repos.users.findByUsername('admin');
  if (!admin) throw new Error('the test DAM has no admin user');
  const adminToken = await signIn(admin);
  // One scrypt hash per password for the users tests make (most share the default): the hash is as valid for each of
  // them, and a test file makes dozens. Logging in still checks the password for real.
  const hashes = new Map<string, Promise<string>>();
  const passwordHash = (password: string) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password));
    return hashes.get(password)!;
  };
  const createGroupWith = async (name: string, permissions: readonly string[]) => {
    const groups = new GroupsRepository(ctx.database.db);
    const group = await groups.insert({ name });
    for (const permission of permissions) await groups.grantPermission(group.id, permission);
    return group.id;
  };

  return {
    ctx,
    app,
    config,
    adminToken,
    login,
    async createUser(username, password = 'user-password') {
      const user = await ctx.repos.users.create({ username, fullName: `${username} Tester`, passwordHash: await passwordHash(password) });
      return { id: user.id, token: await signIn(user) };
    },
    createGroupWith,
    async createMemberWith(username, permissions, password = 'user-password') {
      const groupId = await createGroupWith(`${username} group`, permissions);
      const user = await ctx.repos.users.create({ username, fullName: `${username} Tester`, passwordHash: await passwordHash(password) });
      await ctx.repos.users.addToGroups(user.id, [groupId]);
      return { id: user.id, token: await signIn(user), groupId };
    },
    async upload(token, destination, filePath, options = {}) {
      const bytes = await fsp.readFile(filePath);
      const filename = options.filename ?? path.basename(filePath);
      const auth = { authorization: `Bearer ${token}` };
      const created = await app.inject({
        method: 'POST',
        url: '/fotoweb/api/uploads',
        headers: auth,
        payload: {
          destination,
          filename,
          fileSize: bytes.length,
          ...(options.folder ? { folder: options.folder } : {}),
          ...(options.metadata ? { metadata: options.metadata } : {}),
          ...(options.comment ? { comment: options.comment } : {}),
        },
      });
      if (created.statusCode !== 200) return { status: 'rejected', result: null, error: created.json(), httpStatus: created.statusCode };
      const { id, chunkSize, numChunks } = created.json() as { id: string; chunkSize: number; numChunks: number };
      for (let index = 0; index < numChunks; index++) {
        const chunk = bytes.subarray(index * chunkSize, (index + 1) * chunkSize);
        const form = new FormData();
        form.append('chunk', new Blob([chunk]), 'chunk');
        const request = new Request('http://x', { method: 'POST', body: form });
        const res = await app.inject({
          method: 'POST',
          url: `/fotoweb/api/uploads/${id}/chunks/${index}`,
          headers: { ...auth, 'content-type': request.headers.get('content-type')! },
          payload: Buffer.from(await request.arrayBuffer()),
        });
        if (res.statusCode !== 204) return { status: 'rejected', result: null, error: res.json(), httpStatus: res.statusCode };
      }
      await ctx.worker.drain();
      const status = await app.inject({ method: 'GET', url: `/fotoweb/api/uploads/${id}/status`, headers: auth });
      return { ...(status.json() as { status: string; result: { assetUrl: string } | null; error: { value: string; message: string } | null }), httpStatus: status.statusCode };
    },
    async close() {
      await app.close();
      await ctx.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
