import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { nextId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/password.js';
import { MENU_TREE, type SeedMenu } from './menu-tree.js';
import { audit, grantAllMenus, seedTenantParams, seedTopMenus } from './system.js';
import { seedDemoSuppliers } from './demo-supplier.js';
import { seedDemoSupplierGoods } from './demo-supplier-goods.js';
import { seedDemoSupplierStores } from './demo-supplier-stores.js';
import { seedDemoParkLots } from './demo-parking.js';
import { seedDemoAdvertising } from './demo-advertising.js';
import { seedDemoAdEvents } from './demo-ad-events.js';
import { seedDemoParkBills } from './demo-parking-bills.js';
import { seedDemoParkingCars } from './demo-parking-cars.js';
import { seedDemoMoneyCore } from './demo-money-core.js';
import { seedDemoEnterpriseRegisters } from './demo-enterprise-register.js';
import { seedDemoFinance } from './demo-finance.js';
import { seedDemoWorkflowModels } from './demo-workflow-models.js';
import { seedDemoWorkflow } from './demo-workflow.js';

/** Password of every demo account (README.md lists them). */
export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_TENANT = '100001';

interface DemoUser {
  account: string;
  name: string;
  realName: string;
  phone: string;
  dept: string;
  role: string;
}

async function seedTenantOrg(
  db: Kysely<DB>,
  tenantId: string,
  depts: [key: string, name: string, parent: string | null][],
  roles: [alias: string, name: string, grant: (code: string) => boolean][],
  users: DemoUser[],
): Promise<void> {
  const deptIds = new Map<string, { id: string; ancestors: string }>();
  let sort = 0;
  for (const [key, name, parent] of depts) {
    sort += 1;
    const p = parent ? deptIds.get(parent) : undefined;
    const id = nextId();
    const ancestors = p ? `${p.ancestors},${p.id}` : '0';
    deptIds.set(key, { id, ancestors });
    await db
      .insertInto('bladeDept')
      .values({
        id,
        tenantId,
        parentId: p?.id ?? '0',
        ancestors,
        deptCategory: p ? 2 : 1,
        deptName: name,
        fullName: name,
        sort,
        remark: null,
        isDeleted: 0,
        version: 1,
      })
      .execute();
  }
  const roleIds = new Map<string, string>();
  sort = 0;
  for (const [alias, name, grant] of roles) {
    sort += 1;
    const id = nextId();
    roleIds.set(alias, id);
    await db
      .insertInto('bladeRole')
      .values({
        id,
        tenantId,
        parentId: '0',
        roleName: name,
        sort,
        roleAlias: alias,
        isDeleted: 0,
        version: 1,
      })
      .execute();
    await grantAllMenus(db, id, grant);
  }
  const password = await hashPassword(DEMO_PASSWORD);
  let code = 0;
  for (const u of users) {
    code += 1;
    await db
      .insertInto('bladeUser')
      .values({
        id: nextId(),
        tenantId,
        code: `U${String(code).padStart(4, '0')}`,
        userType: 1,
        account: u.account,
        password,
        name: u.name,
        realName: u.realName,
        avatar: null,
        email: `${u.account}@example.com`,
        phone: u.phone,
        birthday: null,
        sex: code % 2,
        roleId: roleIds.get(u.role) ?? '',
        deptId: deptIds.get(u.dept)?.id ?? '',
        postId: '',
        userExt: null,
        mustChangePassword: 0,
        version: 1,
        ...audit(),
      })
      .execute();
  }
}

/** The home group, dashboard and personal info: what every demo role gets. */
const BASICS = ['home', 'wel', 'info'];

/** Every menu and button code under the given top-level areas of the seeded menu tree, plus the basics. */
function areaCodes(areas: string[]): (code: string) => boolean {
  const codes = new Set<string>(BASICS);
  const walk = (nodes: SeedMenu[]) => {
    for (const n of nodes) {
      codes.add(n.code);
      for (const b of n.buttons ?? []) codes.add(b.code);
      walk(n.children ?? []);
    }
  };
  walk(MENU_TREE.filter((n) => areas.includes(n.code)));
  // Issue 29: every demo role starts and handles processes (工作流 > 我的事务).
  const workflow = MENU_TREE.find((n) => n.code === 'workflow');
  codes.add('workflow');
  walk((workflow?.children ?? []).filter((n) => n.code === 'work'));
  return (code) => codes.has(code);
}

const BUSINESS_AREAS = [
  'home',
  'supplier_manage',
  'product_manage',
  'service_manage',
  'access_manage',
  'business_manage',
  'finance_manage',
  'ad_manage',
];
const notTenantAdministration = (code: string) => !/^tenant(_|$)/.test(code);

/**
 * Demo data (DEMO_DATA, on by default): users in several departments and roles of tenant 000000,
 * and a second tenant 100001 with its own administrator, so isolation and permissions can be seen.
 */
/**
 * `secrets` (the server's): what demo rows sealed at rest need (suppliers' contact phones);
 * without them those fields stay empty.
 */
export async function seedDemo(
  db: Kysely<DB>,
  secrets?: { jwtSecret: string },
  volume: { orders?: number } = {},
): Promise<void> {
  const existing = await db
    .selectFrom('bladeTenant')
    .select('id')
    .where('tenantId', '=', DEMO_TENANT)
    .executeTakeFirst();
  if (existing) return;
  await db.transaction().execute(async (trx) => {
    await seedTenantOrg(
      trx,
      '000000',
      [
        ['ops', '运营部', null],
        ['supply', '供应链部', 'ops'],
        ['fin', '财务部', 'ops'],
      ],
      [
        ['operator', '运营专员', areaCodes(BUSINESS_AREAS)],
        ['supplier_manager', '供应商经理', areaCodes(['supplier_manage'])],
        ['finance', '财务', areaCodes(['finance_manage'])],
      ],
      [
        {
          account: 'operator',
          name: '小运',
          realName: '王运营',
          phone: '13800000001',
          dept: 'ops',
          role: 'operator',
        },
        {
          account: 'supply',
          name: '小供',
          realName: '李供应',
          phone: '13800000002',
          dept: 'supply',
          role: 'supplier_manager',
        },
        {
          account: 'finance',
          name: '小财',
          realName: '赵财务',
          phone: '13800000003',
          dept: 'fin',
          role: 'finance',
        },
      ],
    );

    await trx
      .insertInto('bladeTenant')
      .values({
        id: nextId(),
        tenantId: DEMO_TENANT,
        tenantName: '演示租户',
        domain: null,
        backgroundUrl: null,
        linkman: '陈经理',
        contactNumber: '13900000000',
        address: '上海市浦东新区',
        accountNumber: -1,
        expireTime: null,
        packageId: null,
        datasourceId: null,
        ...audit(),
      })
      .execute();
    await seedTenantOrg(
      trx,
      DEMO_TENANT,
      [
        ['hq', '演示总部', null],
        ['sales', '销售部', 'hq'],
        ['service', '客服部', 'hq'],
      ],
      [
        ['admin', '租户管理员', notTenantAdministration],
        ['staff', '员工', areaCodes([])],
      ],
      [
        {
          account: 'admin',
          name: '演示管理员',
          realName: '陈管理',
          phone: '13900000001',
          dept: 'hq',
          role: 'admin',
        },
        {
          account: 'sales',
          name: '小销',
          realName: '周销售',
          phone: '13900000002',
          dept: 'sales',
          role: 'staff',
        },
        {
          account: 'service',
          name: '小服',
          realName: '吴客服',
          phone: '13900000003',
          dept: 'service',
          role: 'staff',
        },
      ],
    );
    await seedTenantParams(trx, DEMO_TENANT);
    await seedTopMenus(trx, DEMO_TENANT);
    await seedSystemSettingsDemo(trx);
    await seedDemoSuppliers(trx, secrets);
    await seedDemoSupplierGoods(trx);
    await seedDemoSupplierStores(trx);
    await seedDemoParkLots(trx);
    await seedDemoAdvertising(trx, secrets);
    await seedDemoAdEvents(trx, volume);
    await seedDemoParkBills(trx, volume);
    await seedDemoParkingCars(trx, secrets, volume);
    await seedDemoEnterpriseRegisters(trx, secrets);
    await seedDemoMoneyCore(trx, secrets, volume);
    await seedDemoFinance(trx, secrets, volume);
    await seedDemoWorkflowModels(trx);
    await seedDemoWorkflow(trx);
  });
}

/** A demo region: code, name, children (contract.md 4.10 levels: 0 country … 3 district). */
type DemoRegion = [code: string, name: string, children?: DemoRegion[]];

const DEMO_REGIONS: DemoRegion = [
  '00',
  '中华人民共和国',
  [
    [
      '11',
      '北京市',
      [
        [
          '1101',
          '市辖区',
          [
            ['110101', '东城区'],
            ['110105', '朝阳区'],
            ['110108', '海淀区'],
          ],
        ],
      ],
    ],
    [
      '31',
      '上海市',
      [
        [
          '3101',
          '市辖区',
          [
            ['310101', '黄浦区'],
            ['310115', '浦东新区'],
          ],
        ],
      ],
    ],
    [
      '44',
      '广东省',
      [
        [
          '4401',
          '广州市',
          [
            ['440104', '越秀区'],
            ['440106', '天河区'],
          ],
        ],
        [
          '4403',
          '深圳市',
          [
            ['440304', '福田区'],
            ['440305', '南山区'],
          ],
        ],
      ],
    ],
  ],
];

/** Regions (a small province/city/district tree) and one notice of tenant 000000. */
async function seedSystemSettingsDemo(db: Kysely<DB>): Promise<void> {
  const levelKeys = ['province', 'city', 'district'] as const;
  const insert = async (
    [code, name, children]: DemoRegion,
    parentCode: string,
    ancestors: string,
    level: number,
    inherited: Record<string, string>,
    sort: number,
  ): Promise<void> => {
    const own = { ...inherited };
    const key = levelKeys[level - 1];
    if (key) {
      own[`${key}Code`] = code;
      own[`${key}Name`] = name;
    }
    await db
      .insertInto('bladeRegion')
      .values({
        code,
        parentCode,
        ancestors,
        name,
        provinceCode: own.provinceCode ?? null,
        provinceName: own.provinceName ?? null,
        cityCode: own.cityCode ?? null,
        cityName: own.cityName ?? null,
        districtCode: own.districtCode ?? null,
        districtName: own.districtName ?? null,
        townCode: null,
        townName: null,
        villageCode: null,
        villageName: null,
        level,
        sort,
        remark: null,
      })
      .execute();
    let childSort = 0;
    for (const child of children ?? []) {
      childSort += 1;
      await insert(child, code, `${ancestors},${code}`, level + 1, own, childSort);
    }
  };
  await insert(DEMO_REGIONS, '0', '0', 0, {}, 1);

  await db
    .insertInto('bladeNotice')
    .values({
      id: nextId(),
      tenantId: '000000',
      title: '系统上线通知',
      category: 1,
      releaseTime: '2026-01-05 09:00:00',
      content: '权益平台管理后台已上线，如有问题请联系运营部。',
      ...audit(),
    })
    .execute();
}
