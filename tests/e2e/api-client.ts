import { constants, publicEncrypt } from 'node:crypto';

/** A scripted API client for e2e set-up (what a BladeX client does, from Node). */
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

export class ApiClient {
  private pem: string | undefined;
  token: string | undefined;

  constructor(private readonly base: string) {}

  private async encrypt(plain: string): Promise<string> {
    if (!this.pem) {
      const res = await fetch(`${this.base}/api/blade-auth/oauth/public-key`);
      this.pem = ((await res.json()) as { data: { pem: string } }).data.pem;
    }
    return publicEncrypt(
      { key: this.pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(plain),
    ).toString('base64');
  }

  /** Logs in; when the server asks for a password change, changes it to `newPassword` and logs in again. */
  async login(
    account: string,
    password: string,
    tenantId = '000000',
    newPassword?: string,
  ): Promise<Record<string, unknown>> {
    const q = new URLSearchParams({
      tenantId,
      username: account,
      password: await this.encrypt(password),
      grant_type: 'password',
      scope: 'all',
    });
    // A form body, as the console sends it: nothing secret in the URL (issue 15 item 1).
    const res = await fetch(`${this.base}/api/blade-auth/oauth/token`, {
      method: 'POST',
      headers: { Authorization: BASIC, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: q.toString(),
    });
    const body = (await res.json()) as Record<string, unknown>;
    if (typeof body.access_token !== 'string')
      throw new Error(`login ${account}: ${JSON.stringify(body)}`);
    this.token = body.access_token;
    if (body.must_change_password && newPassword) {
      await this.post('blade-user/update-password', undefined, {
        oldPassword: await this.encrypt(password),
        newPassword: await this.encrypt(newPassword),
        newPassword1: await this.encrypt(newPassword),
      });
      return this.login(account, newPassword, tenantId);
    }
    return body;
  }

  async get<T = unknown>(path: string, query: Record<string, string> = {}): Promise<T> {
    const res = await fetch(`${this.base}/api/${path}?${new URLSearchParams(query)}`, {
      headers: { 'Blade-Auth': `bearer ${this.token ?? ''}` },
    });
    return this.unwrap<T>(res);
  }

  async post<T = unknown>(
    path: string,
    body?: unknown,
    query: Record<string, string> = {},
  ): Promise<T> {
    const res = await fetch(`${this.base}/api/${path}?${new URLSearchParams(query)}`, {
      method: 'POST',
      headers: {
        'Blade-Auth': `bearer ${this.token ?? ''}`,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return this.unwrap<T>(res);
  }

  async encryptedPassword(plain: string): Promise<string> {
    return this.encrypt(plain);
  }

  private async unwrap<T>(res: Response): Promise<T> {
    const body = (await res.json()) as { code: number; data: T; msg: string };
    if (body.code !== 200) throw new Error(`${res.url}: ${res.status} ${body.msg}`);
    return body.data;
  }
}
