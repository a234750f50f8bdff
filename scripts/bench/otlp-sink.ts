import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OTLP/HTTP JSON endpoint that accepts every export and counts its spans: the receiving end for
 * measuring exporters, without the cost of a real server's ingest in the numbers.
 */
export interface OtlpSink {
  url: string;
  port: number;
  spans(): number;
  close(): Promise<void>;
}

export async function startOtlpSink(port = 0): Promise<OtlpSink> {
  let count = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { resourceSpans?: { scopeSpans?: { spans?: unknown[] }[] }[] };
        for (const resource of body.resourceSpans ?? []) for (const scope of resource.scopeSpans ?? []) count += scope.spans?.length ?? 0;
      } catch {
        // Counted as nothing; the exporter still gets its 200.
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    spans: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
