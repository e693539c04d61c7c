import fs from 'node:fs';
import path from 'node:path';
import type { DamConfig } from '../config.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import { BUILTIN_GROUPS, type UsersRepository } from '../repositories/users.repository.ts';
import { hashPassword, randomToken, verifyPassword } from '../lib/crypto.ts';
import type { TokensRepository } from '../repositories/tokens.repository.ts';

/**
 * What registered users may do in the first archive (issue: "view, preview, download and upload to"). Not
 * `EditFile`: replacing an asset's file needs it (spec 03 §3.11, issue 9), and an administrator grants it.
 */
export const DEFAULT_ARCHIVE_PERMISSIONS = ['View', 'Preview', 'Download', 'UploadFile'];

/** The first archive's name. */
export const DEFAULT_ARCHIVE_NAME = 'Photos';

/** What the first start did, for the log line. */
export interface BootstrapResult {
  /** The generated admin password when one was made (printed once, also written to `initial-admin-password`). */
  generatedAdminPassword?: string;
  createdArchive: boolean;
}

/**
 * First-start set-up, idempotent: the built-in groups Everyone and Registered Users, the user `admin` (password
 * from MAGPIE_ADMIN_PASSWORD, or a random one written to `$MAGPIE_DATA_DIR/initial-admin-password` with mode
 * 0600), who is the site owner, and the archive "Photos" that registered users may view, preview, download and upload to.
 */
export async function bootstrap(config: DamConfig, users: UsersRepository, archives: ArchivesRepository, tokens: TokensRepository): Promise<BootstrapResult> {
  await users.ensureBuiltinGroup(BUILTIN_GROUPS.everyone, 'Everyone', 'Every user, signed in or not.');
  const registered = await users.ensureBuiltinGroup(BUILTIN_GROUPS.registered, 'Registered Users', 'Every signed-in user.');
  const result: BootstrapResult = { createdArchive: false };

  if (!(await users.findByUsername('admin'))) {
    const password = config.adminPassword ?? randomToken(12);
    await users.create({ username: 'admin', fullName: 'Administrator', passwordHash: await hashPassword(password) });
    if (!config.adminPassword) {
      fs.mkdirSync(config.dataDir, { recursive: true });
      fs.writeFileSync(path.join(config.dataDir, 'initial-admin-password'), `${password}\n`, { mode: 0o600 });
      result.generatedAdminPassword = password;
    }
  }

  // The first start's admin is the site owner (spec 03 §6), who holds every permission; a database migrated from
  // before issue 11 already has one (migration 0012).
  if ((await users.siteOwnerId()) === undefined) {
    const admin = await users.findByUsername('admin');
    if (admin) await users.setSiteOwner(admin.id);
  }

  if (config.cliClientSecret) await ensureCliClient(config.cliClientSecret, users, tokens);

  if ((await archives.list()).length === 0) {
    const archive = await archives.create({ name: DEFAULT_ARCHIVE_NAME, description: 'Photos uploaded by the team.' });
    await archives.setAcl(archive.id, { principalType: 'group', principalId: registered, permissions: DEFAULT_ARCHIVE_PERMISSIONS });
    result.createdArchive = true;
  }
  return result;
}

/** The API client the import CLI uses (client_credentials; it acts as the site owner, see `AuthService.grant`). */
export const CLI_CLIENT_ID = 'magpie-cli';

/** Registers (or re-keys) the `magpie-cli` API client with the secret the launcher keeps in the data directory. */
async function ensureCliClient(secret: string, users: UsersRepository, tokens: TokensRepository): Promise<void> {
  const existing = await tokens.findClient(CLI_CLIENT_ID);
  if (existing && (await verifyPassword(secret, existing.secret_hash))) return;
  const admin = await users.findByUsername('admin');
  if (!admin) return;
  await tokens.upsertClient({ clientId: CLI_CLIENT_ID, name: 'Magpie import CLI', secretHash: await hashPassword(secret), userId: admin.id });
}
