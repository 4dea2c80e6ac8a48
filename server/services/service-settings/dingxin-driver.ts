import { TEST_ANSWERS } from '../../../src/contracts/service-settings/settings.js';
import type { OutboundAllowlist } from '../../lib/outbound.js';
import { OutboundError, outboundRequest, type Lookup } from '../../lib/outbound-request.js';

/**
 * The Dingxin verification driver, as far as the settings screen uses it (test connection):
 * `sandbox` answers ok unless the app key starts with `FAIL`; `http` reaches the endpoint
 * (lib/outbound-request.ts: host checks, pinned address, deadline) and counts any answer below
 * 500 as reachable.
 */
export interface DingxinAccount {
  driver: string;
  endpoint: string;
  appKey: string;
  appSecret: string | null;
}

const no = (text: { zh: string }) => ({ ok: false, message: text.zh });

export async function testDingxin(
  account: DingxinAccount,
  options: { allow: OutboundAllowlist; timeoutMs: number; lookup?: Lookup },
): Promise<{ ok: boolean; message: string }> {
  if (!account.appSecret) return no(TEST_ANSWERS.dxIncomplete);
  if (account.driver !== 'http')
    return /^FAIL/i.test(account.appKey)
      ? no(TEST_ANSWERS.dxRefused)
      : { ok: true, message: TEST_ANSWERS.ok.zh };
  let status: number;
  try {
    ({ status } = await outboundRequest({
      url: account.endpoint,
      method: 'GET',
      headers: () => ({ 'X-App-Key': account.appKey }),
      timeoutMs: options.timeoutMs,
      maxBytes: 64 * 1024,
      allow: options.allow,
      ...(options.lookup ? { lookup: options.lookup } : {}),
    }));
  } catch (error) {
    const kind = error instanceof OutboundError ? error.kind : 'unavailable';
    if (kind === 'bad-url') return no(TEST_ANSWERS.dxIncomplete);
    if (kind === 'https-only') return no(TEST_ANSWERS.dxHttps);
    if (kind === 'host-refused' || kind === 'unresolved') return no(TEST_ANSWERS.dxAddress);
    status = 0;
  }
  return status > 0 && status < 500
    ? { ok: true, message: TEST_ANSWERS.ok.zh }
    : no(TEST_ANSWERS.dxUnavailable);
}
