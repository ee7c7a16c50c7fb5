/** The server: reads the config, builds the app, seeds demo data, listens, and shuts down gracefully. */
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { sandboxBanner } from './demo/payments';
import { seedDemoData } from './demo/seed';

const config = loadConfigOrExit();
const app = await buildApp(config);

if (config.seedDemo) await seedDemoData(app.deps, app.log);
const banner = sandboxBanner(app.deps);
if (banner) process.stdout.write(banner);

await app.listen({ port: config.port, host: config.host });

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // close() stops accepting connections, waits for in-flight requests and for every route
    // handler still running (also one whose client went away), then runs the onClose hooks
    // (mail dispatcher, Redis, database): app.ts, platform/http/in-flight.ts.
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
