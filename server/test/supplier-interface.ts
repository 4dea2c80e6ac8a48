import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';

/**
 * A supplier's interface for tests of the `http` supplier driver (issue 17 item 4): node:http on
 * 127.0.0.1, checking each request's signature the way a supplier would (X-Sign = hex
 * HMAC-SHA256(secret, `${X-Timestamp}\n${X-Nonce}\n${body}`)) and answering what `answer` says.
 */
export interface SupplierRequest {
  operation: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Whether X-Sign is the signature of this body with the server's secret and X-App-Key fits. */
  signed: boolean;
}

/** What to answer: a status and a body (object: JSON; string: as is), or `hang` (never answer). */
export type SupplierAnswer = { status?: number; body: unknown } | 'hang';

export interface SupplierServer {
  /** The interface_endpoint to configure: http://127.0.0.1:<port>/api */
  endpoint: string;
  requests: SupplierRequest[];
  close(): Promise<void>;
}

export async function startSupplierServer(options: {
  appKey: string;
  secret: string;
  answer: (request: SupplierRequest) => SupplierAnswer;
}): Promise<SupplierServer> {
  const requests: SupplierRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = (name: string) => String(req.headers[name] ?? '');
      const signed =
        header('x-app-key') === options.appKey &&
        /^[0-9a-f]{64}$/.test(header('x-sign')) &&
        header('x-sign') ===
          createHmac('sha256', options.secret)
            .update(`${header('x-timestamp')}\n${header('x-nonce')}\n${body}`)
            .digest('hex');
      const request: SupplierRequest = {
        operation: (req.url ?? '').replace(/^\/api\//, ''),
        headers: req.headers,
        body,
        signed,
      };
      requests.push(request);
      const answer = options.answer(request);
      if (answer === 'hang') return;
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json' });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/api`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
