/**
 * The platform baseline of `npm run bench`: a bare Fastify answering the same /healthz body as the
 * API, with nothing else (no hooks, no plugins, no logger), built and started like the server
 * under test. The app's fixed per-request cost is read against it.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const alive = { status: 'ok', devMailbox: false };
app.get('/healthz', async () => alive);
app.get('/readyz', async () => ({ status: 'ready' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
