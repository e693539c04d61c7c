/**
 * Duplicate-revision polling: the poll-until-done machine with the duplicate's status rules (spec 01 §4
 * Duplicate-revision polling "pending retries; done ends; any other status is an error", §7 duplicate
 * `assets[href, revision]`, §9 polling retries "15 attempts at 1 s").
 */
import { POLL_DEFAULT_INTERVAL_MS, pollAnswerOf, pollUntilDoneMachine } from './pollUntilDone.machine.ts';

/** The status that means "not yet: poll again". */
export const DUPLICATE_PENDING_STATUS = 'pending'; // spec 01 §4

/** The status that means the duplicate exists. */
export const DUPLICATE_DONE_STATUS = 'done'; // spec 01 §4

/** Wait between two polls, in ms: always 1 s, whatever frequency the answer names. */
export const DUPLICATE_POLL_INTERVAL_MS = POLL_DEFAULT_INTERVAL_MS; // spec 01 §9

/**
 * {@link pollUntilDoneMachine} provided with the duplicate's rules: `pending` polls again after
 * {@link DUPLICATE_POLL_INTERVAL_MS}, `done` succeeds, any other status fails (`taskFailed`); at most 15 polls.
 *
 * Start it with the duplicate's `location` (where the server said it can be followed) or with the duplicate `task`
 * and a provided `createTask` (`POST /fotoweb/me/background-tasks/`, spec 01 §7); provide `pollTask` (resolves with
 * the status body `{status, result}`, rejects when the request fails).
 */
export const duplicateRevisionPollingMachine = pollUntilDoneMachine.provide({
  guards: {
    'isJobRunning?': ({ event }) => pollAnswerOf(event).status === DUPLICATE_PENDING_STATUS,
    'isJobFinished?': ({ event }) => pollAnswerOf(event).status === DUPLICATE_DONE_STATUS,
  },
  delays: {
    pollInterval: DUPLICATE_POLL_INTERVAL_MS,
  },
});
