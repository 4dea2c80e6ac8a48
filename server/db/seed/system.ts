import { insertAudit } from '../../lib/records.js';
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { nextId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/password.js';
import { nowText } from '../../lib/time.js';
import { MENU_TREE, type SeedMenu } from './menu-tree.js';

/** Dictionaries the console needs for selects (dict/dictionary?code=). */
const DICTS: Record<string, [string, string, [string, string][]]> = {
  sex: [
    '性别',
    'sex',
    [
      ['1', '女'],
      ['0', '男'],
    ],
  ],
  yes_no: [
    '是否',
    'yes_no',
    [
      ['1', '否'],
      ['2', '是'],
    ],
  ],
  menu_category: [
    '菜单类型',
    'menu_category',
    [
      ['1', '菜单'],
      ['2', '按钮'],
    ],
  ],
  button_func: [
    '按钮功能',
    'button_func',
    [
      ['1', '工具栏'],
      ['2', '操作栏'],
      ['3', '工具操作栏'],
    ],
  ],
  notice: [
    '通知类型',
    'notice',
    [
      ['1', '发布通知'],
      ['2', '批转通知'],
      ['3', '转发通知'],
      ['4', '指示通知'],
      ['5', '任免通知'],
      ['6', '事务通知'],
    ],
  ],
  data_scope_type: [
    '数据权限类型',
    'data_scope_type',
    [
      ['1', '全部可见'],
      ['2', '本人可见'],
      ['3', '所在机构可见'],
      ['4', '所在机构及子级可见'],
      ['5', '自定义'],
    ],
  ],
  api_scope_type: [
    '接口权限类型',
    'api_scope_type',
    [
      ['1', '系统接口'],
      ['2', '业务接口'],
    ],
  ],
  post_category: [
    '岗位类型',
    'post_category',
    [
      ['1', '高层'],
      ['2', '中层'],
      ['3', '基层'],
      ['4', '其他'],
    ],
  ],
  org_category: [
    '机构类型',
    'org_category',
    [
      ['1', '公司'],
      ['2', '部门'],
      ['3', '小组'],
    ],
  ],
  user_type: [
    '用户平台',
    'user_type',
    [
      ['1', 'WEB'],
      ['2', 'APP'],
      ['3', 'OTHER'],
    ],
  ],
  user_status: [
    '用户状态',
    'user_status',
    [
      ['1', '正常'],
      ['0', '禁用'],
      ['2', '待审核'],
    ],
  ],
  sup_settlement_type: [
    '结算方式',
    'sup_settlement_type',
    [
      ['1', '预付'],
      ['2', '后付'],
    ],
  ],
  sup_supply_type: [
    '供货方式',
    'sup_supply_type',
    [
      ['1', '券码'],
      ['2', '直充'],
      ['3', '接口卡密'],
    ],
  ],
  sup_good_type: [
    '供应商商品类型',
    'sup_good_type',
    [
      ['1', '券码'],
      ['2', '直充'],
      ['3', '接口卡密'],
    ],
  ],
  sup_good_shelf: [
    '商品上架状态',
    'sup_good_shelf',
    [
      ['1', '上架'],
      ['0', '下架'],
    ],
  ],
  sup_good_status: [
    '商品启用状态',
    'sup_good_status',
    [
      ['1', '启用'],
      ['0', '停用'],
    ],
  ],
  sup_balance_type: [
    '供应商余额类型',
    'sup_balance_type',
    [
      ['1', '预付'],
      ['2', '授信'],
    ],
  ],
  sup_good_balance_type: [
    '商品额度类型',
    'sup_good_balance_type',
    [
      ['1', '扣供应商余额'],
      ['2', '商品独立额度'],
    ],
  ],
  region: [
    '行政区划',
    'region',
    [
      ['0', '国家'],
      ['1', '省份/直辖市'],
      ['2', '地市'],
      ['3', '区县'],
      ['4', '乡镇'],
      ['5', '村委'],
    ],
  ],
};

export const DEFAULT_CLIENT = { clientId: 'saber', clientSecret: 'saber_secret' };

async function insertMenus(db: Kysely<DB>, nodes: SeedMenu[], parentId: string): Promise<void> {
  let sort = 0;
  for (const node of nodes) {
    const id = nextId();
    sort += 1;
    await db
      .insertInto('bladeMenu')
      .values({
        id,
        parentId,
        code: node.code,
        name: node.zh,
        nameEn: node.en,
        alias: 'menu',
        path: node.path,
        source: node.icon,
        sort,
        category: 1,
        action: 0,
        isOpen: node.isOpen ?? 1,
        remark: null,
        isDeleted: 0,
      })
      .execute();
    let buttonSort = 0;
    for (const b of node.buttons ?? []) {
      buttonSort += 1;
      await db
        .insertInto('bladeMenu')
        .values({
          id: nextId(),
          parentId: id,
          code: b.code,
          name: b.zh,
          nameEn: b.en,
          alias: b.alias,
          path: '',
          source: '',
          sort: buttonSort,
          category: 2,
          action: b.action,
          isOpen: 1,
          remark: null,
          isDeleted: 0,
        })
        .execute();
    }
    if (node.children) await insertMenus(db, node.children, id);
  }
}

/** Grants every menu and button to a role. */
export async function grantAllMenus(
  db: Kysely<DB>,
  roleId: string,
  filter?: (code: string) => boolean,
): Promise<void> {
  const menus = await db
    .selectFrom('bladeMenu')
    .select(['id', 'code'])
    .where('isDeleted', '=', 0)
    .execute();
  const rows = menus
    .filter((m) => !filter || filter(m.code))
    .map((m) => ({ id: nextId(), menuId: m.id, roleId }));
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('bladeRoleMenu')
      .values(rows.slice(i, i + 200))
      .execute();
}

/** Audit columns of seeded rows (no user made them). */
export const audit = () => insertAudit(null, nowText());

/**
 * First start: tenant 000000, the OAuth client saber/saber_secret, the full menu tree, roles,
 * the super administrator admin/admin (must change the password; with ADMIN_PASSWORD, that
 * password and no forced change), dictionaries and parameters. Runs only on an empty database.
 */
export async function seedSystem(
  db: Kysely<DB>,
  options: { adminPassword?: string | undefined } = {},
): Promise<void> {
  const existing = await db.selectFrom('bladeTenant').select('id').limit(1).executeTakeFirst();
  if (existing) return;

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('bladeTenant')
      .values({
        id: nextId(),
        tenantId: '000000',
        tenantName: '管理组',
        domain: null,
        backgroundUrl: null,
        linkman: 'admin',
        contactNumber: null,
        address: null,
        accountNumber: -1,
        expireTime: null,
        packageId: null,
        datasourceId: null,
        ...audit(),
      })
      .execute();

    await trx
      .insertInto('bladeClient')
      .values({
        id: nextId(),
        clientId: DEFAULT_CLIENT.clientId,
        clientSecret: await hashPassword(DEFAULT_CLIENT.clientSecret),
        scope: 'all',
        authorizedGrantTypes: 'password,captcha,refresh_token,verify_phone,social',
        accessTokenValidity: 3600,
        refreshTokenValidity: 604800,
        webServerRedirectUri: null,
        additionalInformation: null,
        ...audit(),
      })
      .execute();

    await insertMenus(trx, MENU_TREE, '0');

    const adminRoleId = nextId();
    const userRoleId = nextId();
    await trx
      .insertInto('bladeRole')
      .values([
        {
          id: adminRoleId,
          tenantId: '000000',
          parentId: '0',
          roleName: '超级管理员',
          sort: 1,
          roleAlias: 'administrator',
          isDeleted: 0,
          version: 1,
        },
        {
          id: userRoleId,
          tenantId: '000000',
          parentId: '0',
          roleName: '用户',
          sort: 2,
          roleAlias: 'user',
          isDeleted: 0,
          version: 1,
        },
      ])
      .execute();
    await grantAllMenus(trx, adminRoleId);
    await grantAllMenus(
      trx,
      userRoleId,
      (code) => code === 'home' || code.startsWith('wel') || code === 'info',
    );

    const deptId = nextId();
    await trx
      .insertInto('bladeDept')
      .values({
        id: deptId,
        tenantId: '000000',
        parentId: '0',
        ancestors: '0',
        deptCategory: 1,
        deptName: '数字权益平台',
        fullName: '数字权益平台运营中心',
        sort: 1,
        remark: null,
        isDeleted: 0,
        version: 1,
      })
      .execute();
    const postId = nextId();
    await trx
      .insertInto('bladePost')
      .values({
        id: postId,
        tenantId: '000000',
        category: 1,
        postCode: 'ceo',
        postName: '首席执行官',
        sort: 1,
        remark: null,
        ...audit(),
      })
      .execute();

    await trx
      .insertInto('bladeUser')
      .values({
        id: nextId(),
        tenantId: '000000',
        code: 'admin',
        userType: 1,
        account: 'admin',
        password: await hashPassword(options.adminPassword ?? 'admin'),
        name: '管理员',
        realName: '管理员',
        avatar: null,
        email: 'admin@example.com',
        phone: null,
        birthday: null,
        sex: 0,
        roleId: adminRoleId,
        deptId,
        postId,
        userExt: null,
        mustChangePassword: options.adminPassword ? 0 : 1,
        version: 1,
        ...audit(),
      })
      .execute();

    let dictSort = 0;
    for (const [title, code, entries] of Object.values(DICTS)) {
      const parentId = nextId();
      dictSort += 1;
      await trx
        .insertInto('bladeDict')
        .values({
          id: parentId,
          parentId: '0',
          code,
          dictKey: '-1',
          dictValue: title,
          sort: dictSort,
          remark: null,
          isSealed: 1,
          isDeleted: 0,
          version: 1,
        })
        .execute();
      let sort = 0;
      for (const [key, value] of entries) {
        sort += 1;
        await trx
          .insertInto('bladeDict')
          .values({
            id: nextId(),
            parentId,
            code,
            dictKey: key,
            dictValue: value,
            sort,
            remark: null,
            isSealed: 1,
            isDeleted: 0,
            version: 1,
          })
          .execute();
      }
    }

    await seedTenantParams(trx, '000000');
    await seedTopMenus(trx, '000000');
  });
}

/** Parameters are per tenant; every new tenant gets these. */
export async function seedTenantParams(db: Kysely<DB>, tenantId: string): Promise<void> {
  await db
    .insertInto('bladeParam')
    .values([
      {
        id: nextId(),
        tenantId,
        paramName: '是否开放注册',
        paramKey: 'account.registerUser',
        paramValue: 'true',
        remark: '访客可申请账号，需管理员审核',
        version: 1,
        ...audit(),
      },
    ])
    .execute();
}

/** Top-bar entries (screen 1): one per main area, each linked to that area's menus. */
export async function seedTopMenus(db: Kysely<DB>, tenantId: string): Promise<void> {
  const groups = await db
    .selectFrom('bladeMenu')
    .select(['id', 'code', 'name', 'nameEn', 'source', 'path'])
    .where('parentId', '=', '0')
    .where('category', '=', 1)
    .orderBy('sort')
    .execute();
  let sort = 0;
  for (const g of groups) {
    sort += 1;
    const topMenuId = nextId();
    await db
      .insertInto('bladeTopMenu')
      .values({
        id: topMenuId,
        tenantId,
        code: g.code,
        name: g.name,
        nameEn: g.nameEn,
        source: g.source,
        path: g.path,
        sort,
        ...audit(),
      })
      .execute();
    const ids = await descendantIds(db, g.id);
    const rows = [g.id, ...ids].map((menuId) => ({ id: nextId(), topMenuId, menuId }));
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('bladeTopMenuSetting')
        .values(rows.slice(i, i + 200))
        .execute();
  }
}

async function descendantIds(db: Kysely<DB>, rootId: string): Promise<string[]> {
  const out: string[] = [];
  let frontier = [rootId];
  while (frontier.length) {
    const rows = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('parentId', 'in', frontier)
      .where('isDeleted', '=', 0)
      .execute();
    frontier = rows.map((r) => r.id);
    out.push(...frontier);
  }
  return out;
}
