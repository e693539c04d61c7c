import { ConfigError, loadBffConfig } from './config.ts';
import { buildBffApp } from './app.ts';

/** How long a graceful shutdown may take before the process exits anyway (ms). */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * Starts the BFF: reads the environment (config.ts), listens on `HOST`:`PORT` (0.0.0.0:8080 by default), and on
 * SIGINT/SIGTERM stops accepting connections, lets requests in flight finish (at most
 * {@link SHUTDOWN_TIMEOUT_MS}) and exits 0. A configuration error exits 1 with every problem listed.
 */
async function main(): Promise<void> {
  const config = loadBffConfig();
  const app = await buildBffApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.warn('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  app.log.info({ damUrl: config.damUrl, webDist: config.webDist }, 'Magpie BFF ready');
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : ((error as Error).stack ?? String(error));
  process.stderr.write(`Magpie BFF failed to start: ${message}\n`);
  process.exit(1);
});
