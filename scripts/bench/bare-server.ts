import express from 'express';
import { createHttpServer } from '../../src/http/http-server.js';

/**
 * The comparison point of the tool-call phase: the cheapest useful JSON endpoint express can serve
 * (parse a JSON body, answer what ping answers), spawned exactly like the real server — and served
 * as the server is (createHttpServer: requests born with express's prototypes, Node's own timeouts),
 * so the comparison is not flattered by the young-generation copies that express's per-request
 * Object.setPrototypeOf otherwise costs (src/http/http-server.ts).
 */
const app = express();
app.disable('x-powered-by');
app.use(express.json());
app.post('/ping', (_req, res) => {
  res.json({ status: 'ok', server_time: new Date().toISOString() });
});

const server = createHttpServer(app, { headersTimeoutMs: 60_000, requestTimeoutMs: 300_000, keepAliveTimeoutMs: 5_000, checkIntervalMs: 30_000 });
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`bare endpoint listening on http://127.0.0.1:${port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
