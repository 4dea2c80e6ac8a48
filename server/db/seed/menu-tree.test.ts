import { describe, it, expect } from 'vitest';
import { MENU_TREE, type SeedButton, type SeedMenu } from './menu-tree.js';

/**
 * Every static route of spec.md section 2 (Main layout, Supplier, Product, Service, Setting,
 * Access party, Business, Finance, Ad), with the spec's abbreviated sibling fragments expanded.
 */
const SPEC_ROUTES: readonly string[] = [
  // Main layout
  '/wel/index',
  '/test/index',
  '/dict-horizontal/index',
  '/dict-vertical/index',
  '/info/index',
  // Supplier
  '/supplier/supplier-list',
  '/supplier/commodity-list',
  '/supplier/code-batch/management',
  '/supplier/code-batch/recycle-management',
  '/supplier/code-batch/source-management',
  '/supplierMerchant/management',
  '/supplierMerchant/group',
  '/supplier/commodity-order/list',
  '/supplier/commodity-refund-order/list',
  '/supplier/commodity-unusual-order/list',
  '/supplier/commodity-order/code-exchange-record',
  '/supplier/commodity-order/batch-refresh-verification-status',
  '/supplier/supplier-quota/list',
  '/supplier/supplier-quota/commodity-list',
  '/supplier/supplier-quota/amount-change-flow',
  // Product
  '/product/product-files',
  '/product/order/product-order',
  '/product/order/access-refundorder',
  '/product/order/user-order',
  '/product/order/user-refundorder',
  '/product/order/user-bulkProductOrder',
  '/product/order/stock/curr-total',
  '/product/order/stock/curr-record',
  // Service
  '/service/pay/wechat',
  '/service/auth/dingxin',
  // Setting
  '/setting/user/userinfo',
  '/setting/user/role-management',
  '/setting/personalise',
  '/setting/platform/wechat-tencent',
  '/setting/platform/message-platform',
  '/setting/platform/point-platform',
  '/setting/platform/phone-platform',
  '/setting/api-document',
  '/setting/operate-log',
  '/setting/resource-list',
  '/setting/dict',
  '/setting/dictbiz',
  // Access party
  '/access/archives',
  '/access/advance',
  '/access/advance-order-change',
  '/access/advance-refund-order',
  '/access/advance-user-order',
  '/access/openplatform/app',
  '/access/openplatform-app/advance',
  '/access/openplatform/apidoc',
  '/access/statements',
  // Business
  '/business/advertising-lis',
  '/business/parking/record/temporaryParking',
  '/business/parking/record/ticket',
  '/business/parking/record/smartPay',
  '/business/parking/serviceProviderRecord/temporaryParking',
  '/business/parking/serviceProviderRecord/ticketParking',
  '/business/parking/carlicenseManagement',
  '/business/parking/subscribeCarlicenseManagement',
  '/business/parking/parkinglotManagement',
  '/business/invoice/invoiceSetting',
  // Finance
  '/finance/project-reportList',
  '/finance/pay-orderList',
  '/finance/price-manage',
  // Ad
  '/ad/materail',
  '/ad/adType',
  '/ad/advertiser',
  '/ad/advertisingPlan',
  '/ad/webmaster',
  '/ad/advertisingStatus/webmasterReport',
  '/ad/advertisingStatus/planReport',
  '/ad/adDropReport/realTimeReport',
  '/ad/adDropReport/historyReport',
  '/ad/adDropReport/adTransactionResults',
  '/ad/adParkingLot',
];

/** Screens named in spec section 1 without a section-2 route (workflow and system groups). */
const EXTRA_ROUTES: readonly string[] = [
  '/flow/model',
  '/flow/deploy',
  '/flow/manager',
  '/flow/follow',
  '/work/start',
  '/work/claim',
  '/work/todo',
  '/work/send',
  '/work/done',
  '/work/process/leave',
  '/system/user',
  '/system/dept',
  '/system/post',
  '/system/role',
  '/system/menu',
  '/system/topmenu',
  '/system/dict',
  '/system/dictbiz',
  '/system/param',
  '/system/tenant',
  '/system/tenant-package',
  '/system/client',
  '/system/region',
  '/system/notice',
  '/system/attach',
  '/system/sms',
  '/system/oss',
  '/system/data-scope',
  '/system/api-scope',
  '/system/log-usual',
  '/system/log-api',
  '/system/log-error',
  '/system/code',
  '/system/datasource',
  '/system/pic-stock',
  '/system/video-stock',
  '/system/export-centre',
];

const CODE_RE = /^[a-z][a-z0-9_]*$/;

function allMenus(menus: readonly SeedMenu[]): SeedMenu[] {
  return menus.flatMap((m) => [m, ...allMenus(m.children ?? [])]);
}
const isGroup = (m: SeedMenu): boolean => m.children !== undefined;

const menus = allMenus(MENU_TREE);
const leaves = menus.filter((m) => !isGroup(m));
const buttons: { menu: SeedMenu; button: SeedButton }[] = leaves.flatMap((menu) =>
  (menu.buttons ?? []).map((button) => ({ menu, button })),
);
const leafPaths = leaves.map((m) => m.path);

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const v of values) (seen.has(v) ? dup : seen).add(v);
  return [...dup];
}

describe('MENU_TREE', () => {
  it('has every static spec route as a leaf path', () => {
    const missing = SPEC_ROUTES.filter((p) => !leafPaths.includes(p));
    expect(missing).toEqual([]);
    expect(duplicates(SPEC_ROUTES)).toEqual([]);
  });

  it('has the workflow and system screens as leaves', () => {
    expect(EXTRA_ROUTES.filter((p) => !leafPaths.includes(p))).toEqual([]);
  });

  it('has the expected top-level groups', () => {
    expect(MENU_TREE.map((m) => m.en)).toEqual([
      'Home',
      'Supplier',
      'Product',
      'Service',
      'Access party',
      'Business',
      'Finance',
      'Ad',
      'Setting',
      'Workflow',
      'System',
    ]);
    for (const g of MENU_TREE) expect(isGroup(g)).toBe(true);
  });

  it('uses unique snake_case codes across menus and buttons', () => {
    const codes = [...menus.map((m) => m.code), ...buttons.map((b) => b.button.code)];
    expect(codes.filter((c) => !CODE_RE.test(c))).toEqual([]);
    expect(duplicates(codes)).toEqual([]);
  });

  it('derives every button code from its menu code', () => {
    for (const { menu, button } of buttons) {
      expect(button.code.startsWith(`${menu.code}_`), button.code).toBe(true);
      expect(button.code, button.code).toBe(`${menu.code}_${button.alias}`);
      expect(button.alias, button.code).toMatch(/^[a-z][a-z0-9_-]*$/);
      expect([1, 2, 3], button.code).toContain(button.action);
      expect(button.zh.trim(), button.code).not.toBe('');
      expect(button.en.trim(), button.code).not.toBe('');
    }
  });

  it('gives every node names, a rooted path and an icon', () => {
    for (const m of menus) {
      expect(m.zh.trim(), m.code).not.toBe('');
      expect(m.en.trim(), m.code).not.toBe('');
      expect(m.path.startsWith('/'), m.code).toBe(true);
      expect(m.icon, m.code).toMatch(/^Icon[A-Z][A-Za-z0-9]*$/);
      if (m.isOpen === 2) expect(m.path, m.code).toMatch(/^https?:\/\//);
    }
  });

  it('has unique leaf paths', () => {
    expect(duplicates(leafPaths)).toEqual([]);
  });

  it('has groups with children and no buttons', () => {
    for (const g of menus.filter(isGroup)) {
      expect(g.children?.length ?? 0, g.code).toBeGreaterThan(0);
      expect(g.buttons ?? [], g.code).toEqual([]);
    }
  });

  it('has no buttons on home, info and test pages', () => {
    for (const p of ['/wel/index', '/info/index', '/test/index']) {
      const leaf = leaves.find((m) => m.path === p);
      expect(leaf?.buttons ?? [], p).toEqual([]);
    }
  });
});
