import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { DefaultExiftoolArgs, ExifTool, exiftoolPath } from 'exiftool-vendored';

/**
 * Longest time one ExifTool task (read or binary extraction) may take before exiftool-vendored rejects it and
 * restarts the process. Real files read in well under 1 s; pathological or fuzzed files are the reason for a limit.
 */
export const EXIFTOOL_TASK_TIMEOUT_MS = 20_000;

/** ExifTool (perl) processes kept alive; each holds ~30 MB and serves one task at a time. */
export const EXIFTOOL_MAX_PROCS = 2;

/**
 * util-linux `setpriv` (Linux), which starts ExifTool with a parent-death signal (`prctl(PR_SET_PDEATHSIG)`): the
 * kernel kills ExifTool the moment the process that spawned it ends, however it ends (`kill -9` and OOM kills
 * included, where no exit handler runs). Strictly it is the spawning thread: ExifTool is spawned from the thread
 * that first calls {@link getExiftool}, the DAM's main thread. Without it, ExifTool's `-stay_open` loop reads its closed stdin every 10 ms
 * forever once the DAM is gone. Undefined where there is no setpriv (macOS, some minimal images): then only the exit
 * handlers of exiftool-vendored (process `exit`) and {@link endExiftool} end ExifTool.
 */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((file) => fs.existsSync(file));
/** The perl of ExifTool's `#!/usr/bin/perl` line; without it exiftool-vendored finds perl itself (default spawn kept). */
const SHEBANG_PERL = '/usr/bin/perl';

/** The signal ExifTool receives when its DAM ends: SIGKILL, which nothing in perl can catch or delay. */
export const EXIFTOOL_PARENT_DEATH_SIGNAL = 'KILL';

/**
 * Spawns one `exiftool -stay_open` process as exiftool-vendored would (same arguments, stdio pipes, `LANG=C`,
 * `EXIFTOOL_HOME`), through `setpriv --pdeathsig` so that it dies with this process. A DAM that dies between the
 * fork and setpriv's `prctl` (microseconds) still leaves that one ExifTool behind.
 */
async function spawnTiedToThisProcess(setpriv: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { LANG: 'C', ...(process.env.EXIFTOOL_HOME ? { EXIFTOOL_HOME: process.env.EXIFTOOL_HOME } : {}) };
  const args = ['--pdeathsig', EXIFTOOL_PARENT_DEATH_SIGNAL, '--', await exiftoolPath(), ...DefaultExiftoolArgs];
  return spawn(setpriv, args, { stdio: 'pipe', shell: false, detached: false, env });
}

let instance: ExifTool | undefined;
let ending: Promise<void> | undefined;

/**
 * The process-wide ExifTool instance (exiftool-vendored, ExifTool run on the system perl), created on first use.
 *
 * Configured with {@link EXIFTOOL_TASK_TIMEOUT_MS} (a task that takes longer rejects with an Error whose message
 * starts with `timeout:`; it is not retried), {@link EXIFTOOL_MAX_PROCS} and `useMWG: false` so that reads
 * return the tags as stored, group by group, the way `exiftool -G1` prints them (the MWG composite tags would hide
 * whether a value came from XMP, IPTC or EXIF).
 *
 * The perl processes end with this process however it ends: through {@link endExiftool} on shutdown, the `exit`
 * handler of exiftool-vendored (`process.exit`, an uncaught exception), and on Linux the parent-death signal set
 * with `setpriv` for the cases where no code runs (`kill -9`, OOM kill; see {@link SETPRIV}).
 *
 * After {@link endExiftool} a new instance is created on the next call.
 *
 * @returns the shared instance; never throws (the perl process is spawned lazily on the first task).
 */
export function getExiftool(): ExifTool {
  if (instance === undefined || instance.ended) {
    instance = new ExifTool({
      maxProcs: EXIFTOOL_MAX_PROCS,
      taskTimeoutMillis: EXIFTOOL_TASK_TIMEOUT_MS,
      // A retried timeout would double the wait on a pathological file; one attempt is the budget.
      taskRetries: 0,
      useMWG: false,
      ...(SETPRIV && fs.existsSync(SHEBANG_PERL) ? { processFactory: () => spawnTiedToThisProcess(SETPRIV) } : {}),
    });
  }
  return instance;
}

/**
 * Stops the shared ExifTool processes. Call it on shutdown (and in test `afterAll`), or the perl children keep the
 * Node process alive. Idempotent: concurrent and repeated calls share one shutdown, and it is a no-op when no
 * instance was ever created.
 *
 * @returns resolves once the processes have exited; does not throw (shutdown errors are swallowed, the processes
 *   are killed by exiftool-vendored in that case).
 */
export async function endExiftool(): Promise<void> {
  if (ending !== undefined) return ending;
  const current = instance;
  if (current === undefined || current.ended) return;
  instance = undefined;
  ending = current
    .end()
    .catch(() => undefined)
    .finally(() => {
      ending = undefined;
    });
  return ending;
}
