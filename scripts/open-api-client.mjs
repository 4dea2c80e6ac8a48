#!/usr/bin/env node
// A runnable signed client of the open order API (issue 27 item 4; the rule is
// src/contracts/platform-client/open-api.ts `stringToSign`, documented at
// /access/openplatform/apidoc). Plain Node, no dependencies:
//
//   OPEN_API_URL=http://127.0.0.1:8080 OPEN_APP_KEY=qk... OPEN_APP_SECRET=... \
//     node scripts/open-api-client.mjs order <productCode> [quantity] [outOrderNo] [phone]
//   node scripts/open-api-client.mjs get <outOrderNo>
//   node scripts/open-api-client.mjs return <outOrderNo> [quantity] [reason]
//   node scripts/open-api-client.mjs products
//   node scripts/open-api-client.mjs balance
//
// Prints the answer as JSON; exits 1 when the API refuses (the answer's code says why).
import { createHash, createHmac, randomBytes } from 'node:crypto';

const PREFIX = '/open/v1';
const [command, ...args] = process.argv.slice(2);
const base = (process.env.OPEN_API_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
const appKey = process.env.OPEN_APP_KEY;
const secret = process.env.OPEN_APP_SECRET;

function usage(message) {
  if (message) console.error(message);
  console.error(
    'usage: OPEN_API_URL=... OPEN_APP_KEY=... OPEN_APP_SECRET=... node scripts/open-api-client.mjs ' +
      '<order <productCode> [quantity] [outOrderNo] [phone] | get <outOrderNo> | ' +
      'return <outOrderNo> [quantity] [reason] | products | balance>',
  );
  process.exit(2);
}

/** Signs and sends one call: the five lines, HMAC-SHA256 with the secret, lowercase hex. */
async function call(method, path, body) {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(12).toString('hex');
  const bodySha256 = createHash('sha256').update(raw).digest('hex');
  const text = [method, path, timestamp, nonce, bodySha256].join('\n');
  const signature = createHmac('sha256', secret).update(text).digest('hex');
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'X-App-Key': appKey,
      'X-Timestamp': timestamp,
      'X-Nonce': nonce,
      'X-Signature': signature,
      ...(raw ? { 'Content-Type': 'application/json' } : {}),
    },
    body: raw || undefined,
  });
  const answer = await response.json().catch(() => ({ code: 'NOT_JSON', status: response.status }));
  console.log(JSON.stringify(answer, null, 2));
  if (!response.ok) process.exit(1);
}

if (!command) usage();
if (!appKey || !secret) usage('OPEN_APP_KEY and OPEN_APP_SECRET are required');
const whole = (text) => (text === undefined ? undefined : Number(text));

switch (command) {
  case 'order': {
    const [productCode, quantity = '1', outOrderNo, phone] = args;
    if (!productCode) usage('order needs a productCode');
    await call('POST', `${PREFIX}/orders`, {
      outOrderNo: outOrderNo || `CLI${Date.now()}${randomBytes(2).toString('hex')}`,
      productCode,
      quantity: whole(quantity),
      ...(phone ? { phone } : {}),
    });
    break;
  }
  case 'get':
    if (!args[0]) usage('get needs an outOrderNo');
    await call('GET', `${PREFIX}/orders/${encodeURIComponent(args[0])}`);
    break;
  case 'return': {
    const [outOrderNo, quantity, reason] = args;
    if (!outOrderNo) usage('return needs an outOrderNo');
    await call('POST', `${PREFIX}/orders/${encodeURIComponent(outOrderNo)}/return`, {
      ...(quantity ? { quantity: whole(quantity) } : {}),
      ...(reason ? { reason } : {}),
    });
    break;
  }
  case 'products':
    await call('GET', `${PREFIX}/products`);
    break;
  case 'balance':
    await call('GET', `${PREFIX}/balance`);
    break;
  default:
    usage(`unknown command: ${command}`);
}
