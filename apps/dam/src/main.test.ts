import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SAMPLES_DIR } from './testing/harness.ts';
import { adminToken, childPids, commandLine, isRunning, killDamProcess, sendUpload, startDamProcess, uploadStatus, waitUntil, type DamProcess } from './testing/dam-process.ts';
import { loadSecrets } from '../../../scripts/secrets.mjs';

const dirs: string[] = [];
let dam: DamProcess | undefined;
afterAll(async () => {
  await killDamProcess(dam);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function tempDir(prefix: string) {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** Every file and folder under `root` (root included) whose mode gives group or others any permission. */
async function openToOthers(root: string, skip: (relative: string) => boolean = () => false): Promise<string[]> {
  const found: string[] = [];
  const entries = ['', ...(await fsp.readdir(root, { recursive: true }))];
  for (const relative of entries) {
    if (relative && skip(relative)) continue;
    const stat = await fsp.lstat(path.join(root, relative)).catch(() => undefined);
    if (stat && !stat.isSymbolicLink() && (stat.mode & 0o077) !== 0) found.push(`${(stat.mode & 0o777).toString(8)} ${relative || '.'}`);
  }
  return found;
}

// The spawned DAM runs on its own embedded database whatever the run's database, so it runs on the PGlite pass only.
describe.runIf(!inject('postgresUrl') && process.platform === 'linux')('the DAM process (main.ts)', () => {
  it('keeps its data folder to its owner and ends its ExifTool processes on SIGTERM', async () => {
    const dataDir = await tempDir('magpie-main-');
    fs.chmodSync(dataDir, 0o755); // a folder made by someone with a looser umask, e.g. `mkdir data`
    dam = await startDamProcess({
      MAGPIE_DATA_DIR: dataDir,
      MAGPIE_ADMIN_PASSWORD: '', // generated, and written to initial-admin-password
      MAGPIE_UPLOAD_CHUNK_BYTES: String(64 * 1024), // several chunks, so that an unfinished upload leaves one behind
      MAGPIE_WORKERS: '1',
    });
    const password = fs.readFileSync(path.join(dataDir, 'initial-admin-password'), 'utf8').trim();
    const token = await adminToken(dam.url, password);
    const photo = path.join(SAMPLES_DIR, 'photos/Canon_EOS_7D.jpg');
    const id = await sendUpload(dam.url, token, '/fotoweb/archives/5000-Photos/', photo);
    await sendUpload(dam.url, token, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, 'photos/Jolla.jpg'), { chunks: 1 });
    const status = await waitUntil('the ingest', 60_000, async () => {
      const s = await uploadStatus(dam!.url, token, id);
      return s.status === 'done' || s.status === 'failed' ? s : undefined;
    });
    expect(status).toMatchObject({ status: 'done', result: { assetUrl: '/fotoweb/archives/5000-Photos/Canon_EOS_7D.jpg.info' } });

    // While it runs: the folder was closed, and what Magpie wrote is its owner's only (PGlite's own files are
    // closed at start and stop, see context.ts, so the database folder is checked after the stop below).
    expect((fs.statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
    const written = await fsp.readdir(dataDir, { recursive: true });
    expect(written).toEqual(expect.arrayContaining(['initial-admin-password', 'files/originals', 'files/previews', 'files/tmp/uploads', 'db']));
    expect(written.some((f) => /^files\/originals\/.+\/original\.jpg$/.test(f))).toBe(true);
    expect(written.some((f) => /^files\/tmp\/uploads\/.+\/0\.part$/.test(f))).toBe(true);
    expect(await openToOthers(dataDir, (f) => f === 'db' || f.startsWith('db/'))).toEqual([]);

    const exiftools = childPids(dam.pid).filter((pid) => /exiftool/.test(commandLine(pid) ?? ''));
    expect(exiftools.length).toBeGreaterThan(0);

    dam.child.kill('SIGTERM');
    expect(await dam.exited).toEqual({ code: 0, signal: null });
    expect(exiftools.filter(isRunning)).toEqual([]);
    expect(await openToOthers(dataDir)).toEqual([]);
  }, 180_000);

  it('closes a data folder and secrets file left readable by others when the launcher reads its secrets', async () => {
    const dataDir = await tempDir('magpie-secrets-');
    fs.chmodSync(dataDir, 0o755);
    const secrets = loadSecrets(dataDir, {});
    expect((fs.statSync(path.join(dataDir, 'secrets.json')).mode & 0o777).toString(8)).toBe('600');
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'secrets.json'), 0o644);

    expect(loadSecrets(dataDir, {})).toEqual(secrets);
    expect(await openToOthers(dataDir)).toEqual([]);
  });
});
