import path from 'node:path';

/**
 * The DAM server's configuration, read only from environment variables (README "Configuration").
 *
 * Sizes are bytes, durations seconds unless the name says otherwise.
 */
export interface DamConfig {
  /** Where PGlite's database, originals and renditions live (`MAGPIE_DATA_DIR`, default `./data`). */
  dataDir: string;
  /** PostgreSQL connection string (`DATABASE_URL`); when unset, the embedded PGlite database in `dataDir/db` is used. */
  databaseUrl: string | undefined;
  /** Interface to bind (`DAM_HOST`, default 127.0.0.1: the DAM is reached through the BFF). */
  host: string;
  /** TCP port (`DAM_PORT`, default 8090). */
  port: number;
  /** Password for the first `admin` user (`MAGPIE_ADMIN_PASSWORD`); a random one is generated when unset. */
  adminPassword: string | undefined;
  /** The BFF's confidential OAuth client, the only client allowed the password grant. */
  bffClient: { id: string; secret: string | undefined };
  /** Secret of the `magpie-cli` API client the import CLI uses against a running DAM (`MAGPIE_CLI_CLIENT_SECRET`). */
  cliClientSecret: string | undefined;
  /** Largest accepted upload in bytes (`MAGPIE_MAX_UPLOAD_BYTES`, default 2 GiB). */
  maxUploadBytes: number;
  /** Upload chunk size in bytes announced to clients (`MAGPIE_UPLOAD_CHUNK_BYTES`, default 4 MiB). */
  uploadChunkBytes: number;
  /** Assets per page in asset lists (`MAGPIE_PAGE_SIZE`, default 100). */
  pageSize: number;
  /** Access-token lifetime in seconds (`MAGPIE_ACCESS_TOKEN_TTL`, default 28 800 s as FotoWeb). */
  accessTokenTtl: number;
  /** Refresh-token lifetime in seconds (`MAGPIE_REFRESH_TOKEN_TTL`, default 30 days). */
  refreshTokenTtl: number;
  /** Background-job workers in this process (`MAGPIE_WORKERS`, default 2; 0 disables the worker). */
  workers: number;
  /** Log level for Fastify's logger (`LOG_LEVEL`, default `info`; `silent` in tests). */
  logLevel: string;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/**
 * Reads the DAM configuration from the environment.
 * @throws Error when a numeric variable is not a non-negative integer.
 */
export function loadDamConfig(env: NodeJS.ProcessEnv = process.env): DamConfig {
  return {
    dataDir: path.resolve(env.MAGPIE_DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    host: env.DAM_HOST || '127.0.0.1',
    port: intFromEnv(env, 'DAM_PORT', 8090),
    adminPassword: env.MAGPIE_ADMIN_PASSWORD || undefined,
    bffClient: { id: env.MAGPIE_BFF_CLIENT_ID || 'magpie-bff', secret: env.MAGPIE_BFF_CLIENT_SECRET || undefined },
    cliClientSecret: env.MAGPIE_CLI_CLIENT_SECRET || undefined,
    maxUploadBytes: intFromEnv(env, 'MAGPIE_MAX_UPLOAD_BYTES', 2 * 1024 ** 3),
    uploadChunkBytes: intFromEnv(env, 'MAGPIE_UPLOAD_CHUNK_BYTES', 4 * 1024 ** 2),
    pageSize: intFromEnv(env, 'MAGPIE_PAGE_SIZE', 100),
    accessTokenTtl: intFromEnv(env, 'MAGPIE_ACCESS_TOKEN_TTL', 28_800),
    refreshTokenTtl: intFromEnv(env, 'MAGPIE_REFRESH_TOKEN_TTL', 30 * 24 * 3600),
    workers: intFromEnv(env, 'MAGPIE_WORKERS', 2),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
