import { ConfigError, loadConfig } from './config.ts';
import { StorageUnavailableError } from './providers/storage/storage-provider.ts';
import { tuneServerRuntime } from './runtime-tuning.ts';

async function main(): Promise<void> {
  // Before the application's modules load and serve (runtime-tuning.ts).
  tuneServerRuntime();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }

  // The application's modules are loaded only once the configuration holds: a deployment that is
  // missing a setting is refused in a moment, before the whole server is read.
  const { buildApp } = await import('./app.ts');
  let app;
  try {
    app = await buildApp(config);
  } catch (err) {
    // The file store is checked at start (a bucket that cannot be reached): one line, like the config.
    if (err instanceof StorageUnavailableError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting connections, finish in-flight requests, close the database.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  // Which payment driver runs is the first thing to check on a new deployment (issue 32).
  app.log.info(
    { db: app.dbDialect, payDriver: config.PAY_DRIVER.join(',') },
    `${config.BRAND_TITLE_EN} ready at http://${shownHost}:${config.PORT} (db: ${app.dbDialect}, payments: ${config.PAY_DRIVER.join(',')})`,
  );
}

main().catch((err: unknown) => {
  console.error('Failed to start:', err);
  process.exit(1);
});
