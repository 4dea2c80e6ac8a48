// A scripted client of a running server (captcha off): fetches the public key, encrypts the
// password with RSA-OAEP-SHA256, gets a token, performs the forced first password change when
// asked to, and reads the menu routes. Usage:
//   node scripts/smoke.mjs [baseUrl] [account] [password] [newPassword]
import { constants, publicEncrypt } from 'node:crypto';

const [
  base = 'http://127.0.0.1:8080',
  account = 'admin',
  password = 'admin',
  newPassword = 'Quanyi@26',
] = process.argv.slice(2);
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

async function json(res) {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`HTTP ${res.status}: ${text.slice(0, 200)}`);
  }
}

const key = (await json(await fetch(`${base}/api/blade-auth/oauth/public-key`))).data.pem;
const encrypt = (plain) =>
  publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(plain),
  ).toString('base64');

async function token(pw) {
  const query = new URLSearchParams({
    tenantId: '000000',
    username: account,
    password: encrypt(pw),
    grant_type: 'password',
    scope: 'all',
  });
  const body = await json(
    await fetch(`${base}/api/blade-auth/oauth/token`, {
      method: 'POST',
      body: query,
      headers: { Authorization: BASIC },
    }),
  );
  if (!body.access_token)
    throw new Error(`login failed: ${body.error_description ?? JSON.stringify(body)}`);
  return body;
}

let session = await token(password);
if (session.must_change_password) {
  const query = new URLSearchParams({
    oldPassword: encrypt(password),
    newPassword: encrypt(newPassword),
    newPassword1: encrypt(newPassword),
  });
  const changed = await json(
    await fetch(`${base}/api/blade-user/update-password?${query}`, {
      method: 'POST',
      headers: { 'Blade-Auth': `bearer ${session.access_token}` },
    }),
  );
  if (changed.code !== 200) throw new Error(`password change failed: ${changed.msg}`);
  session = await token(newPassword);
}
const routes = await json(
  await fetch(`${base}/api/blade-system/menu/routes`, {
    headers: { 'Blade-Auth': `bearer ${session.access_token}` },
  }),
);
if (routes.code !== 200) throw new Error(`menu/routes failed: ${routes.msg}`);
const paths = [];
const walk = (nodes) =>
  nodes.forEach((n) => (n.children?.length ? walk(n.children) : paths.push(n.path)));
walk(routes.data);
console.log(
  JSON.stringify({
    account: session.account,
    tenant: session.tenant_id,
    leafRoutes: paths.length,
    paths,
  }),
);
