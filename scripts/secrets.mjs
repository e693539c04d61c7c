// @ts-check
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The secrets a single-machine Magpie needs, taken from the environment when set, otherwise generated once and
 * kept in `$MAGPIE_DATA_DIR/secrets.json` (mode 0600, in a data folder of mode 0700, both also tightened when they
 * exist with wider modes) so sessions survive restarts. Nothing secret is in the repo.
 *
 * @param {string} dataDir absolute data directory
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ bffClientSecret: string, sessionSecret: string, cliClientSecret: string }}
 */
export function loadSecrets(dataDir, env = process.env) {
  const file = path.join(dataDir, 'secrets.json');
  /** @type {Record<string, string>} */
  let stored;
  try {
    stored = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    stored = {};
  }
  const make = () => crypto.randomBytes(32).toString('base64url');
  const secrets = {
    bffClientSecret: env.MAGPIE_BFF_CLIENT_SECRET || stored.bffClientSecret || make(),
    sessionSecret: env.MAGPIE_SESSION_SECRET || stored.sessionSecret || make(),
    cliClientSecret: env.MAGPIE_CLI_CLIENT_SECRET || stored.cliClientSecret || make(),
  };
  const toStore = {
    bffClientSecret: env.MAGPIE_BFF_CLIENT_SECRET ? stored.bffClientSecret : secrets.bffClientSecret,
    sessionSecret: env.MAGPIE_SESSION_SECRET ? stored.sessionSecret : secrets.sessionSecret,
    cliClientSecret: env.MAGPIE_CLI_CLIENT_SECRET ? stored.cliClientSecret : secrets.cliClientSecret,
  };
  if (JSON.stringify(toStore) !== JSON.stringify(stored)) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, JSON.stringify(toStore, null, 2), { mode: 0o600 });
  }
  // A folder or file left readable by others (written before issue 9, or copied in) is closed again.
  ownerOnly(dataDir, 0o700);
  ownerOnly(file, 0o600);
  return secrets;
}

/**
 * Gives `target` `mode` when it exists with group or other bits; a target of another user is left as it is (the DAM
 * warns about its data folder).
 * @param {string} target @param {number} mode
 */
function ownerOnly(target, mode) {
  try {
    if ((fs.statSync(target).mode & 0o077) !== 0) fs.chmodSync(target, mode);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code !== 'ENOENT' && code !== 'EPERM') throw error;
  }
}
