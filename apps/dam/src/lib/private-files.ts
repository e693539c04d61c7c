import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * The process umask of every Magpie process that writes to the data folder (the DAM, the import CLI, `npm start`):
 * what they create, and what their children create (ExifTool, sharp's libvips in-process, PostgreSQL files written by
 * PGlite), is readable by its owner only: files 0600, folders 0700 (issue 9: "the data folder and its files are
 * created readable by their owner only").
 */
export const OWNER_ONLY_UMASK = 0o077;

/** Permission bits of group and others. */
const GROUP_AND_OTHER_BITS = 0o077;

/**
 * Creates `dir` when missing and gives it mode 0700, also when it already exists with a wider mode: nobody but its
 * owner can then reach anything inside, whatever the modes of files written before.
 * @returns false when the mode could not be changed (the folder belongs to another user); the caller warns.
 * @throws Error when the folder cannot be created (e.g. EACCES on its parent).
 */
export function makeOwnerOnlyDir(dir: string): boolean {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    if ((fs.statSync(dir).mode & 0o777) !== 0o700) fs.chmodSync(dir, 0o700);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EPERM') return false;
    throw error;
  }
}

/**
 * Removes the group and other permission bits from every file and folder under `dir` (symbolic links are left
 * alone). Meant for trees of bounded size written by a library that sets modes itself: PGlite unpacks its initial
 * database files with mode 0666 whatever the umask. A missing `dir` is fine.
 * @returns how many entries were changed.
 */
export async function restrictTreeToOwner(dir: string): Promise<number> {
  let entries: string[];
  try {
    entries = (await fsp.readdir(dir, { recursive: true })).map((name) => path.join(dir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let changed = 0;
  for (const entry of [dir, ...entries]) {
    const stat = await fsp.lstat(entry).catch(() => undefined);
    if (!stat || stat.isSymbolicLink() || (stat.mode & GROUP_AND_OTHER_BITS) === 0) continue;
    await fsp.chmod(entry, stat.mode & 0o700);
    changed++;
  }
  return changed;
}
