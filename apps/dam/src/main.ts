import { pino } from 'pino';
import { loadDamConfig } from './config.ts';
import { createDamContext } from './context.ts';
import { buildDamApp } from './app.ts';
import { OWNER_ONLY_UMASK } from './lib/private-files.ts';
import { ffmpegAvailability, FfmpegMissing } from './media/decoders/ffmpeg.ts';
import { loggerSetup } from '@magpie/api-types/server-logging';

/**
 * Starts the DAM server: `DAM_HOST`:`DAM_PORT` (127.0.0.1:8090 by default), the background-job worker, and
 * graceful shutdown on SIGINT/SIGTERM (the jobs in hand finish, then ExifTool and the database are closed; a second
 * signal exits at once). Everything it writes is readable by its user only (umask {@link OWNER_ONLY_UMASK}, data
 * folder 0700). ExifTool's perl processes end with this process however it ends (media/exiftool.ts).
 */
async function main() {
  process.umask(OWNER_ONLY_UMASK);
  const config = loadDamConfig();
  // Readable lines on a terminal, JSON otherwise or with LOG_FORMAT=json (`@magpie/api-types/server-logging`).
  const { stream, ...logOptions } = loggerSetup('dam', config);
  const log = stream ? pino(logOptions, stream) : pino(logOptions);
  const ctx = await createDamContext(config, log);
  if (ctx.bootstrapResult.generatedAdminPassword) {
    const line = '-'.repeat(72);
    process.stdout.write(
      `\n${line}\n Magpie created the user "admin" with the password: ${ctx.bootstrapResult.generatedAdminPassword}\n` +
        ` It is also in ${config.dataDir}/initial-admin-password (readable by you only).\n${line}\n\n`,
    );
  }
  const app = await buildDamApp(ctx, { loggerInstance: log });
  ctx.worker.start();
  let closing = false;
  const shutdown = async (signal: string) => {
    // A second signal while closing (e.g. Ctrl-C twice): exit now. Jobs in hand run again later (taken over once their
    // heartbeat is stale; on PGlite requeued at the next start), and the exit handlers still end ExifTool.
    if (closing) process.exit(1);
    closing = true;
    log.info({ signal }, 'shutting down');
    await app.close().catch(() => {});
    await ctx.close().catch((error: unknown) => log.error({ err: error }, 'close failed'));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  // How mail leaves the server (issue 14): the SMTP server without its credentials, or the outbox.
  const mail = ctx.mailer.delivery.server ?? 'outbox (no SMTP_URL: messages are held for administrators to read)';
  log.info({ database: ctx.database.kind, dataDir: config.dataDir, mail, publicUrl: config.publicUrl }, 'Magpie DAM ready');
  // Video and sound previews and web-playable videos need ffmpeg (issue 16); everything else works without it.
  const ffmpeg = ffmpegAvailability();
  if (ffmpeg.available) log.info({ ffmpeg: ffmpeg.path, version: ffmpeg.version }, 'ffmpeg found: video posters, waveforms and web-playable videos are on');
  else
    log.warn(
      { problem: ffmpeg.problem },
      new FfmpegMissing(ffmpeg.problem ?? 'not found').message + ' Until then videos and sound files get no preview; every other format works.',
    );
}

main().catch((error: unknown) => {
  process.stderr.write(`Magpie DAM failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
