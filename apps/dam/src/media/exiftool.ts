import { ExifTool } from 'exiftool-vendored';

/**
 * Longest time one ExifTool task (read or binary extraction) may take before exiftool-vendored rejects it and
 * restarts the process. Real files read in well under 1 s; pathological or fuzzed files are the reason for a limit.
 */
export const EXIFTOOL_TASK_TIMEOUT_MS = 20_000;

/** ExifTool (perl) processes kept alive; each holds ~30 MB and serves one task at a time. */
export const EXIFTOOL_MAX_PROCS = 2;

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
