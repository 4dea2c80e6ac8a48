import type { AppContext } from '../../context.js';
import { nextId } from '../../lib/ids.js';
import { nowText } from '../../lib/time.js';

/** One e-mail to deliver. */
export interface EmailMessage {
  tenantId: string;
  email: string;
  subject: string;
  content: string;
  /** Who asked for it (audit). */
  userId: string;
}

/**
 * The embedded e-mail driver: like the SMS outbox (blade-resource/sms/driver.ts), nothing leaves
 * the server; each message is a row of blade_email_outbox, where tests and developers read what
 * was "sent". A real mail transport would plug in here.
 */
export async function sendEmail(ctx: Pick<AppContext, 'db'>, message: EmailMessage): Promise<void> {
  await ctx.db
    .insertInto('bladeEmailOutbox')
    .values({
      id: nextId(),
      tenantId: message.tenantId,
      email: message.email,
      subject: message.subject,
      content: message.content,
      createUser: message.userId,
      createTime: nowText(),
    })
    .execute();
}
