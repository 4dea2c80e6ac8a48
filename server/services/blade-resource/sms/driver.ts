import type { Kysely } from 'kysely';
import type { DB, SmsTable } from '../../../db/schema.js';
import { nextId } from '../../../lib/ids.js';
import { nowText } from '../../../lib/time.js';

/** One message to send with one SMS setting: a template, its parameters and the recipients. */
export interface SmsMessage {
  tenantId: string;
  /** The setting it goes out with (provider, template, signature, keys). */
  setting: Pick<SmsTable, 'id' | 'smsCode' | 'category' | 'templateId' | 'signName'>;
  phones: readonly string[];
  params: Readonly<Record<string, string>>;
  /** Who sent it (audit). */
  userId: string;
}

/** Delivers messages. Real providers plug in here; none talks to the network yet. */
export interface SmsDriver {
  readonly name: string;
  send(db: Kysely<DB>, message: SmsMessage): Promise<void>;
}

/**
 * The embedded default: nothing leaves the server; every recipient's message is recorded in
 * blade_sms_outbox (one row per phone), where tests and developers read what was "sent".
 */
export const outboxDriver: SmsDriver = {
  name: 'outbox',
  async send(db, { tenantId, setting, phones, params, userId }) {
    const createTime = nowText();
    const json = JSON.stringify(params);
    await db
      .insertInto('bladeSmsOutbox')
      .values(
        phones.map((phone) => ({
          id: nextId(),
          tenantId,
          smsId: setting.id,
          smsCode: setting.smsCode,
          category: setting.category,
          templateId: setting.templateId,
          signName: setting.signName,
          phone,
          params: json,
          createUser: userId,
          createTime,
        })),
      )
      .execute();
  },
};

/**
 * The driver for a setting. Only the outbox exists, so every provider goes there; a real
 * provider's driver would be chosen here by `setting.category`.
 */
export function smsDriverFor(_setting: Pick<SmsTable, 'category'>): SmsDriver {
  return outboxDriver;
}
