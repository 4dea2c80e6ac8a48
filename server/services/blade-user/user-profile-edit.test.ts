import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../test/support.js';
import { decryptPhone } from './input.js';
import { phoneKey } from '../../lib/phone-crypto.js';
import { verifyJwt } from '../../lib/jwt.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR fake image'),
]);
const PDF = Buffer.from('%PDF-1.4\n%test\n');
const NEW_PHONE = '13700000009';
const NEW_EMAIL = 'sales.new@example.com';

function multipart(content: Buffer, filename: string) {
  const boundary = `----quanyi${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

interface Profile {
  realName: string;
  name: string;
  nativePlace: string;
  birthday: string;
  phone: string;
  email: string;
  idCardFront: { attachId: string; name: string; link: string }[];
  idCardBack: { attachId: string; name: string; link: string }[];
}

describe('blade-user profile edit (issue 16 item 16)', () => {
  let t: TestApp;
  let token: string;
  let front: { attachId: string; name: string; link: string };
  let back: { attachId: string; name: string; link: string };
  let pdf: { attachId: string; name: string; link: string };

  const upload = async (content: Buffer, filename: string) => {
    const body = multipart(content, filename);
    const res = await t.inject({
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file',
      headers: { ...body.headers, 'blade-auth': `bearer ${token}` },
      payload: body.payload,
    });
    const file = data<{ attachId: string; originalName: string; link: string }>(res);
    return { attachId: file.attachId, name: file.originalName, link: file.link };
  };

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
    front = await upload(PNG, 'front.png');
    back = await upload(PNG, 'back.png');
    pdf = await upload(PDF, 'scan.pdf');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.advance(61);
    await t.app.ctx.db.deleteFrom('authVerifyThrottle').execute();
  });

  const send = (type: 'phone' | 'email', target: string) =>
    t.inject({
      method: 'POST',
      url: '/api/blade-user/send-validate',
      headers: {
        'blade-auth': `bearer ${token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ type, target }).toString(),
    });
  const smsCode = async (phone = NEW_PHONE) => {
    expect((await send('phone', phone)).statusCode).toBe(200);
    const row = await t.app.ctx.db
      .selectFrom('bladeSmsOutbox')
      .select('params')
      .where('phone', '=', phone)
      .orderBy('createTime', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return (JSON.parse(row.params) as { code: string }).code;
  };
  const emailCode = async (email = NEW_EMAIL) => {
    expect((await send('email', email)).statusCode).toBe(200);
    const row = await t.app.ctx.db
      .selectFrom('bladeEmailOutbox')
      .select('content')
      .where('email', '=', email)
      .orderBy('createTime', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /(\d{6})/.exec(row.content)![1]!;
  };
  const profile = async () => data<Profile>(await t.get('/api/blade-user/info', token));
  /** The stored row (the answered phone is encrypted with a fresh IV each time). */
  const stored = () =>
    t.app.ctx.db
      .selectFrom('bladeUser')
      .select(['realName', 'name', 'nativePlace', 'birthday', 'phone', 'email', 'idCardFront'])
      .select(['idCardBack', 'version'])
      .where('account', '=', 'sales')
      .where('tenantId', '=', DEMO_TENANT)
      .executeTakeFirstOrThrow();
  const body = (over: Record<string, unknown> = {}) => ({
    realName: '王小明',
    name: '小明',
    nativePlace: '浙江杭州',
    birthday: '1990-05-06',
    idCardFront: [front],
    idCardBack: [back],
    phone: NEW_PHONE,
    email: NEW_EMAIL,
    ...over,
  });
  const save = (b: Record<string, unknown>) => t.post('/api/blade-user/update-profile', token, b);
  const msg = (res: { json(): unknown }) => (res.json() as { msg: string }).msg;
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('refuses a missing field, naming it, and changes nothing', async () => {
    const before = await stored();
    const cases: [Record<string, unknown>, string][] = [
      [{ realName: '' }, 'realName:请输入真实姓名'],
      [{ name: ' ' }, 'name:请输入用户名称'],
      [{ nativePlace: undefined }, 'nativePlace:请输入籍贯'],
      [{ birthday: '' }, 'birthday:请选择出生日期'],
      [{ idCardFront: [] }, 'idCardFront:请上传身份证正面照片'],
      [{ idCardBack: undefined }, 'idCardBack:请上传身份证反面照片'],
      [{ phone: '' }, 'phone:手机号不能为空'],
      [{ phone: '1370000' }, 'phone:手机号长度不是11位'],
      [{ email: '' }, 'email:请输入邮箱'],
      [{ email: 'nope' }, 'email:请输入正确的邮箱'],
      [{ phoneCode: '' }, 'phoneCode:请输入手机验证码'],
      [{ emailCode: undefined }, 'emailCode:请输入邮箱验证码'],
      [{ idCardBack: [pdf] }, 'idCardBack:只能上传 jpg、jpeg、png 格式的照片'],
    ];
    for (const [over, expected] of cases) {
      const res = await save(body({ phoneCode: '123456', emailCode: '123456', ...over }));
      expect(res.statusCode, expected).toBe(400);
      expect(msg(res)).toBe(expected);
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses wrong and expired codes with nothing changed, then saves once with right ones', async () => {
    const before = await stored();
    let phoneCode = await smsCode();
    const mailCode = await emailCode();
    const wrongPhone = await save(body({ phoneCode: wrong(phoneCode), emailCode: mailCode }));
    expect(msg(wrongPhone)).toBe('phoneCode:验证码不正确或已过期');
    const wrongMail = await save(body({ phoneCode, emailCode: wrong(mailCode) }));
    expect(msg(wrongMail)).toBe('emailCode:验证码不正确或已过期');
    expect(await stored()).toEqual(before);

    // Expired: five minutes later neither works.
    t.advance(301);
    const late = await save(body({ phoneCode, emailCode: mailCode }));
    expect(msg(late)).toBe('phoneCode:验证码不正确或已过期');
    expect(await stored()).toEqual(before);

    phoneCode = await smsCode();
    const mail = await emailCode();
    const ok = await save(body({ phoneCode, emailCode: mail }));
    expect(ok.statusCode, ok.body).toBe(200);
    const after = await profile();
    expect(after).toMatchObject({
      realName: '王小明',
      name: '小明',
      nativePlace: '浙江杭州',
      birthday: '1990-05-06 00:00:00',
      email: NEW_EMAIL,
      idCardFront: [front],
      idCardBack: [back],
    });
    // The phone is answered encrypted for the session, like every user phone.
    expect(after.phone.startsWith('enc1:')).toBe(true);
    const sid = verifyJwt(token, t.app.ctx.jwtSecret, t.app.ctx.now())!.sid as string;
    expect(decryptPhone(after.phone, phoneKey(t.app.ctx.jwtSecret, sid))).toBe(NEW_PHONE);

    // The API log keeps the call with both codes masked (a code is a credential until used).
    const logged = await t.app.ctx.db
      .selectFrom('bladeLogApi')
      .select('params')
      .where('requestUri', 'like', '%update-profile%')
      .execute();
    expect(logged.length).toBeGreaterThan(0);
    for (const row of logged) {
      expect(row.params).not.toContain(phoneCode);
      expect(row.params).not.toContain(mail);
    }

    // The same codes again: refused (single use), nothing changed.
    const replay = await save(body({ name: '又改了', phoneCode, emailCode: mail }));
    expect(replay.statusCode).toBe(400);
    expect(msg(replay)).toBe('phoneCode:验证码不正确或已过期');
    expect((await profile()).name).toBe('小明');
  });

  it('another user cannot use my code', async () => {
    const phoneCode = await smsCode();
    const mail = await emailCode();
    const other = await t.login('service', DEMO_PASSWORD, DEMO_TENANT);
    const res = await t.post(
      '/api/blade-user/update-profile',
      other,
      body({ phoneCode, emailCode: mail }),
    );
    expect(msg(res)).toBe('phoneCode:验证码不正确或已过期');
  });

  it('send-validate: one per 60 s per phone and address, then a daily cap', async () => {
    expect((await send('phone', NEW_PHONE)).statusCode).toBe(200);
    const soon = await send('phone', NEW_PHONE);
    expect(soon.statusCode).toBe(429);
    expect(msg(soon)).toBe('验证码发送过于频繁，请60秒后再试');
    expect((await send('email', NEW_EMAIL)).statusCode).toBe(200);
    expect((await send('email', NEW_EMAIL)).statusCode).toBe(429);
    for (let i = 1; i < 10; i++) {
      t.advance(61);
      expect((await send('phone', NEW_PHONE)).statusCode).toBe(200);
    }
    t.advance(61);
    const capped = await send('phone', NEW_PHONE);
    expect(capped.statusCode).toBe(429);
    expect(msg(capped)).toBe('今日验证码发送次数已达上限，请明天再试');
    expect(msg(await send('phone', '12345'))).toBe('phone:手机号长度不是11位');
    expect((await t.post('/api/blade-user/send-validate', undefined)).statusCode).toBe(401);
  });
});
