import { vi } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/support';

/**
 * Test-only: the embedded server in this process on a fresh database (server/test/support.ts),
 * behind `fetch`, so a component under test talks to the real routes, checks and messages
 * (design.md convention 9) instead of a scripted answer.
 */
export interface InProcessServer {
  server: TestApp;
  /** The signed-in user's access token (put it in the test store's session). */
  token: string;
  /** Every request the console sent: method and path with query. */
  calls: { method: string; url: string }[];
  close(): Promise<void>;
}

/** Starts the server and routes fetch to it; `login` picks the user (the demo tenant's admin). */
export async function serveInProcess(
  login: (server: TestApp) => Promise<string> = (server) => server.tenantAdminToken(),
): Promise<InProcessServer> {
  const server = await createTestApp();
  const token = await login(server);
  const calls: InProcessServer['calls'] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = (init?.method ?? 'GET') as 'GET' | 'POST' | 'PUT' | 'DELETE';
      calls.push({ method, url });
      const answer = await server.inject({
        method,
        url,
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers))
        if (typeof value === 'string') headers.set(name, value);
      return new Response(answer.statusCode === 204 ? null : answer.body, {
        status: answer.statusCode,
        headers,
      });
    }),
  );
  return { server, token, calls, close: () => server.close() };
}
