/**
 * The servers' logger (issue 10): the format of the lines and Fastify's per-request lines, for the DAM and the BFF
 * alike. Import as `@magpie/api-types/server-logging` (server code only: it needs Fastify and pino-pretty, which each
 * server depends on).
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pinoPretty, { type PrettyStream } from 'pino-pretty';

/** The values of `LOG_FORMAT`: `json` (one JSON object per line) or `pretty` (readable lines). */
export const LOG_FORMATS = ['json', 'pretty'] as const;
/** One value of `LOG_FORMAT`. */
export type LogFormat = (typeof LOG_FORMATS)[number];

/** What the logger is built from: the server configuration's `logLevel` and `logFormat`. */
export interface LogSettings {
  /** pino level name (`LOG_LEVEL`): `debug`, `info`, `warn`, `error`, `silent`… */
  logLevel: string;
  /** `LOG_FORMAT`; unset: readable on a terminal, JSON otherwise. */
  logFormat?: LogFormat | undefined;
}

/** Options for pino (`pino(options, stream)`) and for Fastify's `logger` option alike. */
export interface LoggerSetup {
  name: string;
  level: string;
  /** Where lines go: pino-pretty on a terminal; absent for JSON on stdout (pino's default destination). */
  stream?: PrettyStream;
}

/**
 * The format logs take: `LOG_FORMAT` when set; otherwise readable lines when stdout is a terminal (someone is
 * reading `npm start`) and JSON when it is not (a pipe, a file, a container's log collector).
 */
export function resolveLogFormat(setting: LogFormat | undefined, stdoutIsTerminal: boolean): LogFormat {
  return setting ?? (stdoutIsTerminal ? 'pretty' : 'json');
}

/**
 * The logger of one server process: JSON lines, or readable lines through pino-pretty (time of day, level, the
 * process `name` so the DAM's and the BFF's lines can be told apart in `npm start`, the message; written
 * synchronously so they keep their order with what the process prints itself).
 *
 * @param name the process in the lines (`dam`, `bff`)
 * @param settings level and format from the configuration
 * @param stdout the process's standard output (its `isTTY` decides when `LOG_FORMAT` is unset)
 */
export function loggerSetup(name: string, settings: LogSettings, stdout: { isTTY?: boolean } = process.stdout): LoggerSetup {
  const setup: LoggerSetup = { name, level: settings.logLevel };
  if (settings.logLevel === 'silent' || resolveLogFormat(settings.logFormat, stdout.isTTY === true) === 'json') return setup;
  return { ...setup, stream: pinoPretty({ translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', sync: true }) };
}

/**
 * Fastify's per-request lines (`incoming request`, `request completed`) at `debug` rather than `info`, so that `info`
 * shows what a person needs (start, shutdown, failures, background work). Requests that fail still log at `error`.
 */
export class DebugRequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
