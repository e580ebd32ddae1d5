/**
 * The reference of `npm run bench`: a bare Fastify app with one route, `GET /` → `{"hello":"world"}`,
 * no plugins, no hooks, no logger. Run in its own process by bench/run.ts; it prints
 * `{"base":"http://127.0.0.1:<port>"}` on one line once it listens, and closes on SIGTERM.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
process.stdout.write(`${JSON.stringify({ base: `http://127.0.0.1:${address.port}` })}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
