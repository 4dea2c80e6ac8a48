import type { Insertable, Kysely } from 'kysely';
import type { DB, SupEnterpriseRegisterTable } from '../schema.js';
import { nextId } from '../../lib/ids.js';
import { formatDateTime } from '../../lib/time.js';
import { sealContactPhone } from '../../services/platform-supplier/sup/contact-phone.js';
import { demoScale } from './demo-supplier.js';

/** [company, credit code letters, contact, supply type, state] */
const APPLICATIONS: [string, string, string, number, 'pending' | 'rejected'][] = [
  ['喜茶数字权益有限公司', 'MA5G7Q1X3K', '林晓', 1, 'pending'],
  ['途牛旅游卡券服务有限公司', 'MA1N9D4H2F', '孙磊', 3, 'pending'],
  ['中国联通话费充值中心', 'MA7P2W6B8R', '韩梅', 2, 'pending'],
  ['万达影城兑换券有限公司', 'MA3T8K1C5L', '郭涛', 1, 'rejected'],
];

/**
 * Demo applications (issue 17 item 5) for the review screen of the operator tenant 000000:
 * three pending and one rejected, times DEMO_SCALE; created over the last days so the applied
 * range filter has something to narrow. Contact phones are sealed with the server secret (none
 * without it).
 */
export async function seedDemoEnterpriseRegisters(
  db: Kysely<DB>,
  secrets: { jwtSecret: string } | undefined,
): Promise<void> {
  const scale = demoScale();
  const rows: Insertable<SupEnterpriseRegisterTable>[] = [];
  for (let copy = 1; copy <= scale; copy += 1)
    APPLICATIONS.forEach(([company, body, contact, supplyType, state], i) => {
      const n = (copy - 1) * APPLICATIONS.length + i;
      const created = formatDateTime(new Date(Date.now() - (n + 1) * 26 * 3600 * 1000));
      const phone = `137${String(20000000 + n).slice(-8)}`;
      rows.push({
        id: nextId(),
        tenantId: '000000',
        companyName: copy === 1 ? company : `${company}${copy}`,
        // Unique per copy: the body's first two letters, then the running number.
        creditCode: `91310000${body.slice(0, 2)}${String(n).padStart(8, '0')}`,
        contactName: contact,
        contactPhone: (secrets && sealContactPhone(secrets, phone)) ?? '',
        email: `apply${n}@example.com`,
        supplyType,
        remark: null,
        state,
        rejectReason: state === 'rejected' ? '营业执照已过期，请更新后重新申请' : null,
        supId: null,
        auditUser: null,
        auditTime: state === 'rejected' ? created : null,
        createUser: null,
        createDept: null,
        createTime: created,
        updateUser: null,
        updateTime: created,
        status: 1,
        isDeleted: 0,
        version: 1,
      });
    });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('bladeSupEnterpriseRegister')
      .values(rows.slice(i, i + 500))
      .execute();
}
