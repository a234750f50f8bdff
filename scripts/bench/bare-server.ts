import { createServer } from 'node:http';
import express from 'express';

/**
 * The comparison point of the tool-call phase: the cheapest useful JSON endpoint express can serve
 * (parse a JSON body, answer what ping answers), spawned exactly like the real server.
 */
const app = express();
app.disable('x-powered-by');
app.use(express.json());
app.post('/ping', (_req, res) => {
  res.json({ status: 'ok', server_time: new Date().toISOString() });
});

const server = createServer(app);
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`bare endpoint listening on http://127.0.0.1:${port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
