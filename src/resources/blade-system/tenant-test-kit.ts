import type { ReactNode } from 'react';
import type { Tenant } from '../../contracts/blade-system/tenant';
import { renderSignedIn, reply, scriptFetch, type Answer } from '../../test/signed-in';

/**
 * Test-only helpers of the tenant dialogs: the dialog signed in, a fetch answering from queues,
 * and a tenant row.
 */

/**
 * Renders a dialog signed in, without the notification stack: the tests find the dialog's own
 * refusal as the one alert on the page.
 */
export const renderDialog = (ui: ReactNode) => renderSignedIn(ui, { notifications: false });

export interface Sent {
  method: string;
  /** Path after /api/ without the query. */
  path: string;
  params: Record<string, string>;
}

/**
 * Answers by path: each path has a queue; an empty queue waits until `release(path)` is given an
 * answer (to look at the dialog while a request is in flight).
 */
export function queueFetch() {
  const queues = new Map<string, Answer[]>();
  const waiting = new Map<string, (a: Answer) => void>();
  const sent: Sent[] = [];
  scriptFetch(async (call) => {
    const url = new URL(call.url, 'http://console.test');
    const path = url.pathname.replace(/^\/api\//, '');
    sent.push({ method: call.method, path, params: Object.fromEntries(url.searchParams) });
    return reply(
      queues.get(path)?.shift() ??
        (await new Promise<Answer>((resolve) => waiting.set(path, resolve))),
    );
  });
  return {
    sent,
    answer(path: string, ...answers: Answer[]) {
      queues.set(path, [...(queues.get(path) ?? []), ...answers]);
    },
    release(path: string, answer: Answer) {
      const resolve = waiting.get(path);
      waiting.delete(path);
      resolve?.(answer);
    },
    posts: () => sent.filter((s) => s.method === 'POST'),
  };
}

export const tenant = (over: Partial<Tenant> = {}): Tenant => ({
  id: '1900000000000000001',
  tenantId: '204816',
  tenantName: '星河零售',
  domain: null,
  backgroundUrl: null,
  linkman: '王五',
  contactNumber: '13800000000',
  address: null,
  accountNumber: 20,
  expireTime: '2030-06-30 23:59:59',
  packageId: null,
  packageName: null,
  datasourceId: null,
  version: 1,
  createTime: '2026-01-02 10:00:00',
  ...over,
});
