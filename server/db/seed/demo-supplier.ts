import type { Insertable, Kysely } from 'kysely';
import type { DB, SupTable } from '../schema.js';
import { nextId } from '../../lib/ids.js';
import { nowText } from '../../lib/time.js';
import { sealContactPhone } from '../../services/platform-supplier/sup/contact-phone.js';

/** DEMO_SCALE: how many times the demo volume is multiplied (whole number, 1 by default). */
export function demoScale(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.DEMO_SCALE);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 10_000) : 1;
}

/** [code, name, short name, contact, settlement type, supply type] */
const SUPPLIERS: [string, string, string, string, number, number][] = [
  ['XBK', '星巴克（中国）权益服务', '星巴克', '王芳', 1, 1],
  ['RXKF', '瑞幸咖啡数字券', '瑞幸', '李强', 1, 1],
  ['YDHF', '中国移动话费直充', '移动话费', '张伟', 2, 2],
  ['AQY', '爱奇艺会员中心', '爱奇艺', '刘洋', 1, 2],
  ['TXSP', '腾讯视频会员卡密', '腾讯视频', '陈静', 1, 3],
  ['JDEK', '京东E卡', '京东E卡', '杨磊', 2, 3],
  ['MTWM', '美团外卖红包', '美团', '赵敏', 2, 1],
  ['DDCX', '滴滴出行直充', '滴滴', '周杰', 1, 2],
];

/** The demo tenants that get suppliers: the platform's operator and the demo tenant. */
const TENANTS = ['000000', '100001'];

/**
 * Demo suppliers (issue 17 item 8): 8 of mixed supply and settlement types per demo tenant, all
 * answered by the sandbox driver, times DEMO_SCALE (codes SUP-<code>, then SUP-<code>-2, ...).
 * Contact phones are sealed like a submit's (with the server secret; none without it).
 */
export async function seedDemoSuppliers(
  db: Kysely<DB>,
  secrets: { jwtSecret: string } | undefined,
): Promise<void> {
  const scale = demoScale();
  const now = nowText();
  const rows: Insertable<SupTable>[] = [];
  for (const tenantId of TENANTS)
    for (let copy = 1; copy <= scale; copy += 1)
      SUPPLIERS.forEach(([code, name, short, contact, settlement, supply], i) => {
        const suffix = copy === 1 ? '' : `-${copy}`;
        const phone = `139${String(10000000 + copy * 100 + i).slice(-8)}`;
        rows.push({
          id: nextId(),
          tenantId,
          supCode: `SUP-${code}${suffix}`,
          supName: copy === 1 ? name : `${name}${copy}`,
          shortName: short,
          contactName: contact,
          contactPhone: secrets ? sealContactPhone(secrets, phone) : null,
          settlementType: settlement,
          supplyType: supply,
          driver: 'sandbox',
          interfaceEndpoint: null,
          interfaceKey: null,
          interfaceSecret: null,
          // The last of each set is disabled, so the status filter shows both.
          status: i === SUPPLIERS.length - 1 ? 0 : 1,
          remark: null,
          createUser: null,
          createDept: null,
          createTime: now,
          updateUser: null,
          updateTime: now,
          isDeleted: 0,
          version: 1,
        });
      });
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('bladeSup')
      .values(rows.slice(i, i + 200))
      .execute();
}
