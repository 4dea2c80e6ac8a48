import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  answerContactPhone,
  openContactPhone,
  sealContactPhone,
} from '../services/platform-supplier/sup/contact-phone.js';
import { maskPhone, sealedPhone } from './sealed-phone.js';
import { phoneKey } from './phone-crypto.js';

const ctx = { jwtSecret: 'a'.repeat(64) };

/** How suppliers' contact phones were sealed before lib/sealed-phone.ts (the stored values). */
function sealedTheOldWay(plain: string): string {
  const key = createHmac('sha256', ctx.jwtSecret).update('at-rest:sup-contact-phone').digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `enc1:${Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64')}`;
}

describe('sealed phones', () => {
  it("open the suppliers' values stored before, under the same label", () => {
    const stored = sealedTheOldWay('13800001234');
    expect(openContactPhone(ctx, stored)).toBe('13800001234');
    expect(sealedPhone('sup-contact-phone').open(ctx, stored)).toBe('13800001234');
  });

  it('keep each purpose apart and never store the plain number', () => {
    const party = sealedPhone('psclient-contact-phone');
    const stored = party.seal(ctx, '13912345678')!;
    expect(stored).not.toContain('13912345678');
    expect(party.open(ctx, stored)).toBe('13912345678');
    expect(openContactPhone(ctx, stored)).toBe('');
    expect(party.open(ctx, sealContactPhone(ctx, '13912345678'))).toBe('');
    expect(party.open({ jwtSecret: 'other' }, stored)).toBe('');
    expect(party.masked(ctx, stored)).toBe('139****5678');
    expect([party.seal(ctx, ''), party.open(ctx, null), party.masked(ctx, null)]).toEqual([
      null,
      '',
      '',
    ]);
    expect(maskPhone('12345')).toBe('12345');
    expect(() => sealedPhone('Bad Purpose')).toThrow();
  });

  it('answer a phone encrypted for the session', () => {
    const answer = answerContactPhone(
      ctx,
      { sessionId: 's1' },
      sealContactPhone(ctx, '13800001234'),
    );
    expect(answer.startsWith('enc1:')).toBe(true);
    expect(answer).not.toContain('13800001234');
    expect(phoneKey(ctx.jwtSecret, 's1')).toHaveLength(32);
  });
});
