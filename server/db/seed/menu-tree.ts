import type { ButtonAlias, ResourceContract } from '../../../src/contracts/resource-contract.js';
import { noticeContract } from '../../../src/contracts/blade-desk/notice.js';
import { flowDefinitionContract } from '../../../src/contracts/blade-flow/definition.js';
import { flowModelContract } from '../../../src/contracts/blade-flow/model.js';
import { leaveContract } from '../../../src/contracts/blade-desk/leave.js';
import {
  followContract,
  sendInstanceContract,
} from '../../../src/contracts/blade-flow/instance.js';
import {
  claimTaskContract,
  doneTaskContract,
  startProcessContract,
  todoTaskContract,
} from '../../../src/contracts/blade-flow/task.js';
import { codeContract } from '../../../src/contracts/blade-develop/code.js';
import { datasourceContract } from '../../../src/contracts/blade-develop/datasource.js';
import { ossContract } from '../../../src/contracts/blade-resource/oss.js';
import { smsContract } from '../../../src/contracts/blade-resource/sms.js';
import { apiScopeContract } from '../../../src/contracts/blade-system/api-scope.js';
import { clientContract } from '../../../src/contracts/blade-system/client.js';
import { dataScopeContract } from '../../../src/contracts/blade-system/data-scope.js';
import { paramContract } from '../../../src/contracts/blade-system/param.js';
import { postContract } from '../../../src/contracts/blade-system/post.js';
import { tenantPackageContract } from '../../../src/contracts/blade-system/tenant-package.js';
import { enterpriseRegisterContract } from '../../../src/contracts/platform-supplier/enterprise-register.js';
import { supContract } from '../../../src/contracts/platform-supplier/sup.js';
import { supGoodContract } from '../../../src/contracts/platform-supplier/sup-good.js';
import { supStoreContract } from '../../../src/contracts/platform-supplier/sup-store.js';
import { storeGroupContract } from '../../../src/contracts/platform-supplier/store-group.js';
import { parkLotContract } from '../../../src/contracts/platform-parking/park-lot.js';
import { adMaterialContract } from '../../../src/contracts/platform-ad/ad-material.js';
import { adParkingLotContract } from '../../../src/contracts/platform-ad/ad-parking-lot.js';
import { adPlanContract } from '../../../src/contracts/platform-ad/ad-plan.js';
import { adPositionContract } from '../../../src/contracts/platform-ad/ad-position.js';
import { advertiserContract } from '../../../src/contracts/platform-ad/advertiser.js';
import { businessAdContract } from '../../../src/contracts/platform-ad/business-ad.js';
import { flowMasterContract } from '../../../src/contracts/platform-ad/flow-master.js';
import { parkCarContract } from '../../../src/contracts/platform-parking/park-car.js';
import { parkCarSubscribeContract } from '../../../src/contracts/platform-parking/park-car-subscribe.js';
import { parkInvoiceSettingContract } from '../../../src/contracts/platform-parking/park-invoice-setting.js';
import {
  monthBillContract,
  providerMonthBillContract,
  providerTempBillContract,
  tempBillContract,
} from '../../../src/contracts/platform-parking/park-bill.js';
import { payFlowContract } from '../../../src/contracts/platform-parking/park-pay-flow.js';
import {
  clientOrderContract,
  userOrderContract,
} from '../../../src/contracts/platform-client/client-order.js';
import {
  clientReturnContract,
  userReturnContract,
} from '../../../src/contracts/platform-client/client-return.js';
import { psclientContract } from '../../../src/contracts/platform-client/psclient.js';
import { psclientAppContract } from '../../../src/contracts/platform-client/psclient-app.js';
import {
  appPrepayContract,
  appPrepaySettingContract,
} from '../../../src/contracts/platform-client/app-prepay.js';
import {
  prepayChangeContract,
  prepayRefundContract,
  prepayUseContract,
} from '../../../src/contracts/platform-client/prepay-order.js';
import { psclientProductContract } from '../../../src/contracts/platform-client/psclient-product.js';
import { bulkOrderContract } from '../../../src/contracts/platform-client/bulk-order.js';
import { pricePlanContract } from '../../../src/contracts/platform-client/price-plan.js';
import { appStockContract } from '../../../src/contracts/platform-client/app-stock.js';
import { appStockRecordContract } from '../../../src/contracts/platform-client/app-stock-record.js';
import { statementContract } from '../../../src/contracts/platform-client/statement.js';
import { clientContentContract } from '../../../src/contracts/platform-client/client-content.js';
import { clientDraftContract } from '../../../src/contracts/platform-client/client-draft.js';
import { payOrderContract } from '../../../src/contracts/platform-finance/pay-order.js';
import {
  dingxinSettingContract,
  wechatPaySettingContract,
} from '../../../src/contracts/service-settings/settings.js';

/**
 * Seeded menu tree of the console (blade_menu rows, category 1 = menus, 2 = buttons).
 *
 * Data. A screen declared by a resource contract takes its code, path and standard buttons from
 * the contract (`contractScreen`), so they are written once. Groups (nodes with children) carry a path prefix; leaves are screens and carry
 * their button permissions. Menu and button codes are snake_case and unique across the tree;
 * a button code is `${menu.code}_${alias}`. Sources: spec.md sections 1, 2, 4 and 7.
 * Paths keep the spec's spelling exactly (advertising-lis, materail, supplierMerchant, ...).
 */

/** A button (permission) under a screen. code = `${screen.code}_${alias}` unless stated. */
export interface SeedButton {
  /** snake_case, globally unique, e.g. 'supplier_add' */
  code: string;
  /** add | edit | delete | view | export | import | enable | ... (snake_case lowercase) */
  alias: string;
  /** Chinese label, e.g. '新增' */
  zh: string;
  /** English label, e.g. 'Add' */
  en: string;
  /** 1 toolbar, 2 row operation column, 3 both */
  action: 1 | 2 | 3;
}

export interface SeedMenu {
  /** snake_case, globally unique among menus AND buttons */
  code: string;
  /** Chinese name shown in the sidebar */
  zh: string;
  /** English name */
  en: string;
  /** route path starting with '/'; groups get a path prefix like '/supplier' */
  path: string;
  /** a Tabler icon component name, e.g. 'IconBuildingStore' */
  icon: string;
  /** 2 = open in new window (only for external http(s) links); default 1 */
  isOpen?: 1 | 2;
  /** sub-menus (groups have children; screens are leaves) */
  children?: SeedMenu[];
  /** only on leaf screens */
  buttons?: SeedButton[];
  /**
   * A developer's screen only the platform's super administrator holds (the component test
   * page): no role grant or tenant package gives it to anyone else (auth/permissions.ts), so it
   * is in no one else's menu, dashboard links or palette (issue 25 item 20).
   */
  platformOnly?: true;
}

const STANDARD_BUTTONS: Record<ButtonAlias, Omit<SeedButton, 'code' | 'alias'>> = {
  add: { zh: '新增', en: 'Add', action: 1 },
  edit: { zh: '编辑', en: 'Edit', action: 2 },
  delete: { zh: '删除', en: 'Delete', action: 3 },
  view: { zh: '查看', en: 'View', action: 2 },
  export: { zh: '导出', en: 'Export', action: 1 },
  enable: { zh: '启用/停用', en: 'Enable/Disable', action: 3 },
};

/**
 * A screen declared by a resource contract (src/contracts): its menu code, path and standard
 * buttons come from the contract, so they are written once; buttons of its own follow them.
 */
function contractScreen(
  contract: Pick<ResourceContract, 'menu' | 'route' | 'buttons'>,
  screen: { zh: string; en: string; icon: string; extraButtons?: SeedButton[] },
): SeedMenu {
  const { extraButtons = [], ...names } = screen;
  return {
    code: contract.menu,
    ...names,
    path: contract.route,
    buttons: [
      ...contract.buttons.map((alias) => ({
        code: `${contract.menu}_${alias}`,
        alias,
        ...STANDARD_BUTTONS[alias],
      })),
      ...extraButtons,
    ],
  };
}

/** Codes of the menus (and their buttons) flagged `platformOnly`. */
export function platformOnlyCodes(tree: readonly SeedMenu[]): Set<string> {
  const codes = new Set<string>();
  const walk = (nodes: readonly SeedMenu[], inherited: boolean) => {
    for (const n of nodes) {
      const only = inherited || n.platformOnly === true;
      if (only) {
        codes.add(n.code);
        for (const b of n.buttons ?? []) codes.add(b.code);
      }
      walk(n.children ?? [], only);
    }
  };
  walk(tree, false);
  return codes;
}

export const MENU_TREE: SeedMenu[] = [
  {
    code: 'home',
    zh: '首页',
    en: 'Home',
    path: '/home',
    icon: 'IconHome',
    children: [
      {
        code: 'wel',
        zh: '工作台',
        en: 'Dashboard',
        path: '/wel/index',
        icon: 'IconLayoutDashboard',
      },
      {
        code: 'test',
        zh: '组件测试页',
        en: 'Component test page',
        path: '/test/index',
        icon: 'IconFlask',
        platformOnly: true,
      },
      {
        code: 'dict_horizontal',
        zh: '字典管理(横向)',
        en: 'Dictionary (horizontal)',
        path: '/dict-horizontal/index',
        icon: 'IconLayoutColumns',
        buttons: [
          { code: 'dict_horizontal_add', alias: 'add', zh: '新增', en: 'Add', action: 1 },
          { code: 'dict_horizontal_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
          { code: 'dict_horizontal_delete', alias: 'delete', zh: '删除', en: 'Delete', action: 3 },
          { code: 'dict_horizontal_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
        ],
      },
      {
        code: 'dict_vertical',
        zh: '字典管理(纵向)',
        en: 'Dictionary (vertical)',
        path: '/dict-vertical/index',
        icon: 'IconLayoutRows',
        buttons: [
          { code: 'dict_vertical_add', alias: 'add', zh: '新增', en: 'Add', action: 1 },
          { code: 'dict_vertical_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
          { code: 'dict_vertical_delete', alias: 'delete', zh: '删除', en: 'Delete', action: 3 },
          { code: 'dict_vertical_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
        ],
      },
      {
        code: 'info',
        zh: '个人信息',
        en: 'Personal info',
        path: '/info/index',
        icon: 'IconUserCircle',
      },
    ],
  },
  {
    code: 'supplier_manage',
    zh: '供应商管理',
    en: 'Supplier',
    path: '/supplier',
    icon: 'IconBuildingStore',
    children: [
      contractScreen(supContract, {
        zh: '供应商列表',
        en: 'Suppliers',
        icon: 'IconBuildingStore',
        extraButtons: [
          {
            code: 'supplier_enable',
            alias: 'enable',
            zh: '启用/停用',
            en: 'Enable/Disable',
            action: 2,
          },
        ],
      }),
      contractScreen(supGoodContract, {
        zh: '供应商商品',
        en: 'Supplier goods',
        icon: 'IconPackage',
        extraButtons: [
          {
            code: 'supplier_goods_enable',
            alias: 'enable',
            zh: '启用/停用',
            en: 'Enable/Disable',
            action: 3,
          },
          {
            code: 'supplier_goods_on_shelf',
            alias: 'on_shelf',
            zh: '上下架',
            en: 'On/off shelf',
            action: 3,
          },
          {
            code: 'supplier_goods_import',
            alias: 'import',
            zh: '导入',
            en: 'Import',
            action: 1,
          },
          {
            code: 'supplier_goods_stock_warn',
            alias: 'stock_warn',
            zh: '库存预警',
            en: 'Stock warning',
            action: 1,
          },
          {
            code: 'supplier_goods_valid_time_warn',
            alias: 'valid_time_warn',
            zh: '有效期预警',
            en: 'Expiry warning',
            action: 1,
          },
          {
            code: 'supplier_goods_third_balance',
            alias: 'third_balance',
            zh: '三方余额',
            en: 'Third-party balance',
            action: 2,
          },
          {
            code: 'supplier_goods_third_stock',
            alias: 'third_stock',
            zh: '三方库存',
            en: 'Third-party stock',
            action: 2,
          },
          {
            code: 'supplier_goods_interface_set',
            alias: 'interface_set',
            zh: '接口配置',
            en: 'Interface settings',
            action: 2,
          },
          {
            code: 'supplier_goods_sign_config',
            alias: 'sign_config',
            zh: '签名配置',
            en: 'Sign settings',
            action: 1,
          },
        ],
      }),
      {
        code: 'code_batch_manage',
        zh: '券码管理',
        en: 'Coupon codes',
        path: '/supplier/code-batch',
        icon: 'IconTicket',
        children: [
          {
            code: 'code_batch',
            zh: '券码批次管理',
            en: 'Code batches',
            path: '/supplier/code-batch/management',
            icon: 'IconBarcode',
            buttons: [
              { code: 'code_batch_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
              { code: 'code_batch_import', alias: 'import', zh: '导入', en: 'Import', action: 1 },
              {
                code: 'code_batch_auto_import',
                alias: 'auto_import',
                zh: '自动导入',
                en: 'Auto import',
                action: 1,
              },
              {
                code: 'code_batch_manual_obtain',
                alias: 'manual_obtain',
                zh: '手动取卡',
                en: 'Fetch codes',
                action: 1,
              },
              {
                code: 'code_batch_template',
                alias: 'template',
                zh: '下载模板',
                en: 'Download template',
                action: 1,
              },
              {
                code: 'code_batch_invalid',
                alias: 'invalid',
                zh: '作废',
                en: 'Invalidate',
                action: 3,
              },
              {
                code: 'code_batch_recover',
                alias: 'recover',
                zh: '回收',
                en: 'Recover',
                action: 3,
              },
              { code: 'code_batch_export', alias: 'export', zh: '导出', en: 'Export', action: 1 },
              {
                code: 'code_batch_export_plain',
                alias: 'export_plain',
                zh: '导出明文',
                en: 'Export plain codes',
                action: 1,
              },
            ],
          },
          {
            code: 'code_recycle',
            zh: '券码回收管理',
            en: 'Code recovery',
            path: '/supplier/code-batch/recycle-management',
            icon: 'IconRecycle',
            buttons: [
              { code: 'code_recycle_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
              { code: 'code_recycle_handle', alias: 'handle', zh: '处理', en: 'Handle', action: 2 },
              { code: 'code_recycle_export', alias: 'export', zh: '导出', en: 'Export', action: 1 },
            ],
          },
          {
            code: 'code_source',
            zh: '券码溯源管理',
            en: 'Code tracing',
            path: '/supplier/code-batch/source-management',
            icon: 'IconSearch',
            buttons: [
              { code: 'code_source_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
              {
                code: 'code_source_renew_status',
                alias: 'renew_status',
                zh: '刷新状态',
                en: 'Renew status',
                action: 2,
              },
              {
                code: 'code_source_cancel',
                alias: 'cancel',
                zh: '撤销核销',
                en: 'Cancel use',
                action: 2,
              },
              { code: 'code_source_export', alias: 'export', zh: '导出', en: 'Export', action: 1 },
            ],
          },
        ],
      },
      contractScreen(supStoreContract, {
        zh: '门店管理',
        en: 'Stores',
        icon: 'IconBuildingWarehouse',
        extraButtons: [
          {
            code: 'store_enable',
            alias: 'enable',
            zh: '启用/停用',
            en: 'Enable/Disable',
            action: 3,
          },
          {
            code: 'store_batch_edit',
            alias: 'batch_edit',
            zh: '批量修改',
            en: 'Batch edit',
            action: 1,
          },
          { code: 'store_import', alias: 'import', zh: '导入', en: 'Import', action: 1 },
        ],
      }),
      contractScreen(storeGroupContract, {
        zh: '门店分组',
        en: 'Store groups',
        icon: 'IconCategory',
      }),
      {
        code: 'supplier_order_manage',
        zh: '订单管理',
        en: 'Orders',
        path: '/supplier/commodity-order',
        icon: 'IconShoppingCart',
        children: [
          {
            code: 'supplier_order',
            zh: '供应商订单',
            en: 'Supplier orders',
            path: '/supplier/commodity-order/list',
            icon: 'IconReceipt',
            buttons: [
              { code: 'supplier_order_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
              {
                code: 'supplier_order_reissue',
                alias: 'reissue',
                zh: '补发',
                en: 'Reissue',
                action: 2,
              },
              {
                code: 'supplier_order_resend',
                alias: 'resend',
                zh: '重发',
                en: 'Resend',
                action: 2,
              },
              {
                code: 'supplier_order_export',
                alias: 'export',
                zh: '导出',
                en: 'Export',
                action: 1,
              },
            ],
          },
          {
            code: 'supplier_refund_order',
            zh: '退款订单',
            en: 'Refund orders',
            path: '/supplier/commodity-refund-order/list',
            icon: 'IconReceiptRefund',
            buttons: [
              {
                code: 'supplier_refund_order_view',
                alias: 'view',
                zh: '查看',
                en: 'View',
                action: 2,
              },
              {
                code: 'supplier_refund_order_refund',
                alias: 'refund',
                zh: '退款',
                en: 'Refund',
                action: 2,
              },
              {
                code: 'supplier_refund_order_export',
                alias: 'export',
                zh: '导出',
                en: 'Export',
                action: 1,
              },
            ],
          },
          {
            code: 'supplier_error_order',
            zh: '异常订单',
            en: 'Error orders',
            path: '/supplier/commodity-unusual-order/list',
            icon: 'IconAlertTriangle',
            buttons: [
              {
                code: 'supplier_error_order_view',
                alias: 'view',
                zh: '查看',
                en: 'View',
                action: 2,
              },
              {
                code: 'supplier_error_order_audit',
                alias: 'audit',
                zh: '审核',
                en: 'Audit',
                action: 2,
              },
              {
                code: 'supplier_error_order_reissue',
                alias: 'reissue',
                zh: '补发',
                en: 'Reissue',
                action: 2,
              },
              {
                code: 'supplier_error_order_resend',
                alias: 'resend',
                zh: '重发',
                en: 'Resend',
                action: 2,
              },
              {
                code: 'supplier_error_order_cancel',
                alias: 'cancel',
                zh: '取消',
                en: 'Cancel',
                action: 2,
              },
              {
                code: 'supplier_error_order_warn_setting',
                alias: 'warn_setting',
                zh: '预警设置',
                en: 'Warning settings',
                action: 1,
              },
              {
                code: 'supplier_error_order_export',
                alias: 'export',
                zh: '导出',
                en: 'Export',
                action: 1,
              },
            ],
          },
          {
            code: 'code_exchange_record',
            zh: '券码兑换记录',
            en: 'Code exchange records',
            path: '/supplier/commodity-order/code-exchange-record',
            icon: 'IconArrowsExchange',
            buttons: [
              {
                code: 'code_exchange_record_view',
                alias: 'view',
                zh: '查看',
                en: 'View',
                action: 2,
              },
              {
                code: 'code_exchange_record_export',
                alias: 'export',
                zh: '导出',
                en: 'Export',
                action: 1,
              },
            ],
          },
          {
            code: 'verify_refresh_task',
            zh: '批量刷新核销状态',
            en: 'Batch refresh verification',
            path: '/supplier/commodity-order/batch-refresh-verification-status',
            icon: 'IconRefresh',
            buttons: [
              {
                code: 'verify_refresh_task_add',
                alias: 'add',
                zh: '新建任务',
                en: 'New task',
                action: 1,
              },
              {
                code: 'verify_refresh_task_view',
                alias: 'view',
                zh: '查看',
                en: 'View',
                action: 2,
              },
              {
                code: 'verify_refresh_task_delete',
                alias: 'delete',
                zh: '删除',
                en: 'Delete',
                action: 2,
              },
            ],
          },
        ],
      },
      {
        code: 'supplier_quota_manage',
        zh: '额度管理',
        en: 'Quota',
        path: '/supplier/supplier-quota',
        icon: 'IconWallet',
        children: [
          {
            code: 'supplier_quota',
            zh: '供应商额度',
            en: 'Supplier quota',
            path: '/supplier/supplier-quota/list',
            icon: 'IconWallet',
            buttons: [
              { code: 'supplier_quota_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
              {
                code: 'supplier_quota_init',
                alias: 'init',
                zh: '初始化',
                en: 'Initialise',
                action: 1,
              },
              {
                code: 'supplier_quota_adjust',
                alias: 'adjust',
                zh: '调整额度',
                en: 'Adjust',
                action: 2,
              },
              {
                code: 'supplier_quota_warn_setting',
                alias: 'warn_setting',
                zh: '预警设置',
                en: 'Warning settings',
                action: 2,
              },
            ],
          },
          {
            code: 'goods_quota',
            zh: '商品额度',
            en: 'Goods quota',
            path: '/supplier/supplier-quota/commodity-list',
            icon: 'IconCoins',
            buttons: [
              { code: 'goods_quota_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
              {
                code: 'goods_quota_adjust',
                alias: 'adjust',
                zh: '调整额度',
                en: 'Adjust',
                action: 2,
              },
              {
                code: 'goods_quota_balance_type',
                alias: 'balance_type',
                zh: '余额类型',
                en: 'Balance type',
                action: 2,
              },
              {
                code: 'goods_quota_warn_setting',
                alias: 'warn_setting',
                zh: '预警设置',
                en: 'Warning settings',
                action: 2,
              },
              { code: 'goods_quota_export', alias: 'export', zh: '导出', en: 'Export', action: 1 },
            ],
          },
          {
            code: 'quota_change_flow',
            zh: '额度变动流水',
            en: 'Quota changes',
            path: '/supplier/supplier-quota/amount-change-flow',
            icon: 'IconTransfer',
            buttons: [
              { code: 'quota_change_flow_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
              {
                code: 'quota_change_flow_file',
                alias: 'file',
                zh: '凭证下载',
                en: 'Voucher',
                action: 2,
              },
              {
                code: 'quota_change_flow_export',
                alias: 'export',
                zh: '导出',
                en: 'Export',
                action: 1,
              },
            ],
          },
        ],
      },
      contractScreen(enterpriseRegisterContract, {
        zh: '企业注册',
        en: 'Enterprise sign-up',
        icon: 'IconBuildingSkyscraper',
        extraButtons: [
          {
            code: 'enterprise_register_audit',
            alias: 'audit',
            zh: '审核',
            en: 'Review',
            action: 2,
          },
        ],
      }),
    ],
  },
  {
    code: 'product_manage',
    zh: '产品管理',
    en: 'Product',
    path: '/product',
    icon: 'IconPackages',
    children: [
      contractScreen(psclientProductContract, {
        zh: '产品档案',
        en: 'Products',
        icon: 'IconPackages',
        extraButtons: [
          {
            code: 'product_shelf',
            alias: 'shelf',
            zh: '上架配置',
            en: 'Shelf settings',
            action: 3,
          },
          {
            code: 'product_good_map',
            alias: 'good_map',
            zh: '商品映射',
            en: 'Goods mapping',
            action: 2,
          },
          {
            code: 'product_warn_setting',
            alias: 'warn_setting',
            zh: '预警设置',
            en: 'Warning settings',
            action: 3,
          },
        ],
      }),
      {
        code: 'product_order_manage',
        zh: '订单管理',
        en: 'Orders',
        path: '/product/order',
        icon: 'IconShoppingCart',
        children: [
          contractScreen(clientOrderContract, {
            zh: '接入方订单',
            en: 'Client orders',
            icon: 'IconReceipt',
            extraButtons: [
              {
                code: 'client_order_refund',
                alias: 'refund',
                zh: '退货退款',
                en: 'Return/refund',
                action: 2,
              },
            ],
          }),
          contractScreen(clientReturnContract, {
            zh: '接入方退款订单',
            en: 'Client refunds',
            icon: 'IconReceiptRefund',
          }),
          contractScreen(userOrderContract, {
            zh: '用户订单',
            en: 'User orders',
            icon: 'IconShoppingBag',
            extraButtons: [
              {
                code: 'user_order_refund',
                alias: 'refund',
                zh: '退货退款',
                en: 'Return/refund',
                action: 2,
              },
              {
                code: 'user_order_cancel',
                alias: 'cancel',
                zh: '取消订单',
                en: 'Cancel order',
                action: 2,
              },
              {
                code: 'user_order_close',
                alias: 'close',
                zh: '关闭失败单',
                en: 'Close failed',
                action: 2,
              },
              {
                code: 'user_order_resend',
                alias: 'resend',
                zh: '失败单重发',
                en: 'Resend failed',
                action: 2,
              },
              {
                code: 'user_order_reissue',
                alias: 'reissue',
                zh: '失败单补发',
                en: 'Reissue failed',
                action: 2,
              },
            ],
          }),
          contractScreen(userReturnContract, {
            zh: '用户退款订单',
            en: 'User refunds',
            icon: 'IconReceiptRefund',
          }),
          contractScreen(bulkOrderContract, {
            zh: '批量下单',
            en: 'Bulk orders',
            icon: 'IconFileImport',
            extraButtons: [
              { code: 'bulk_order_import', alias: 'import', zh: '导入', en: 'Import', action: 1 },
              {
                code: 'bulk_order_template',
                alias: 'template',
                zh: '下载模板',
                en: 'Download template',
                action: 1,
              },
              {
                code: 'bulk_order_operate',
                alias: 'operate',
                zh: '批次操作',
                en: 'Operate',
                action: 2,
              },
            ],
          }),
          {
            code: 'product_stock',
            zh: '库存管理',
            en: 'Stock',
            path: '/product/order/stock',
            icon: 'IconStack2',
            children: [
              contractScreen(appStockContract, {
                zh: '当前库存',
                en: 'App stock',
                icon: 'IconStack2',
                extraButtons: [
                  {
                    code: 'app_stock_warn_setting',
                    alias: 'warn_setting',
                    zh: '预警设置',
                    en: 'Warning settings',
                    action: 2,
                  },
                  { code: 'app_stock_add', alias: 'add', zh: '新增', en: 'Add', action: 1 },
                  {
                    code: 'app_stock_change',
                    alias: 'change',
                    zh: '库存增减',
                    en: 'Add/deduct',
                    action: 2,
                  },
                ],
              }),
              contractScreen(appStockRecordContract, {
                zh: '库存记录',
                en: 'Stock records',
                icon: 'IconHistory',
              }),
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'service_manage',
    zh: '服务管理',
    en: 'Service',
    path: '/service',
    icon: 'IconPlugConnected',
    children: [
      contractScreen(wechatPaySettingContract, {
        zh: '微信支付',
        en: 'WeChat Pay',
        icon: 'IconBrandWechat',
        extraButtons: [
          { code: 'wechat_pay_test', alias: 'test', zh: '测试连接', en: 'Test', action: 2 },
        ],
      }),
      contractScreen(dingxinSettingContract, {
        zh: '鼎信认证',
        en: 'Dingxin verification',
        icon: 'IconShieldCheck',
        extraButtons: [
          { code: 'dingxin_auth_test', alias: 'test', zh: '测试连接', en: 'Test', action: 2 },
        ],
      }),
    ],
  },
  {
    code: 'access_manage',
    zh: '接入方管理',
    en: 'Access party',
    path: '/access',
    icon: 'IconApps',
    children: [
      contractScreen(psclientContract, {
        zh: '接入方档案',
        en: 'Clients',
        icon: 'IconAddressBook',
      }),
      contractScreen(appPrepayContract, {
        zh: '应用预存',
        en: 'App prepay',
        icon: 'IconPigMoney',
        extraButtons: [
          {
            code: 'app_prepay_recharge',
            alias: 'recharge',
            zh: '预存充值',
            en: 'Top up',
            action: 2,
          },
        ],
      }),
      contractScreen(prepayChangeContract, {
        zh: '预存变动记录',
        en: 'Prepay changes',
        icon: 'IconArrowsExchange',
        extraButtons: [
          { code: 'prepay_change_file', alias: 'file', zh: '附件', en: 'Files', action: 2 },
        ],
      }),
      contractScreen(prepayRefundContract, {
        zh: '预存退款记录',
        en: 'Prepay refunds',
        icon: 'IconReceiptRefund',
      }),
      contractScreen(prepayUseContract, {
        zh: '预存消费记录',
        en: 'Prepay usage',
        icon: 'IconReceipt2',
      }),
      contractScreen(clientContentContract, {
        zh: '内容管理',
        en: 'Content',
        icon: 'IconFileText',
        extraButtons: [
          { code: 'client_content_import', alias: 'import', zh: '导入', en: 'Import', action: 1 },
          {
            code: 'client_content_template',
            alias: 'template',
            zh: '下载模板',
            en: 'Download template',
            action: 1,
          },
        ],
      }),
      contractScreen(clientDraftContract, {
        zh: '稿件草稿',
        en: 'Content drafts',
        icon: 'IconTemplate',
        extraButtons: [
          {
            code: 'client_draft_import',
            alias: 'import',
            zh: '链接导入',
            en: 'From a link',
            action: 1,
          },
          { code: 'client_draft_commit', alias: 'commit', zh: '提交', en: 'Commit', action: 2 },
          { code: 'client_draft_top', alias: 'top', zh: '置顶', en: 'Pin', action: 2 },
        ],
      }),
      {
        code: 'openplatform',
        zh: '开放平台',
        en: 'Open platform',
        path: '/access/openplatform',
        icon: 'IconWorld',
        children: [
          contractScreen(psclientAppContract, {
            zh: '接入应用',
            en: 'Client apps',
            icon: 'IconAppWindow',
            extraButtons: [
              {
                code: 'client_app_auth',
                alias: 'auth',
                zh: '授权配置',
                en: 'Authorisation',
                action: 2,
              },
              { code: 'client_app_ip', alias: 'ip', zh: 'IP白名单', en: 'IP addresses', action: 2 },
            ],
          }),
          contractScreen(appPrepaySettingContract, {
            zh: '应用预存设置',
            en: 'App prepay settings',
            icon: 'IconAdjustments',
            extraButtons: [
              {
                code: 'app_prepay_setting_warn_setting',
                alias: 'warn_setting',
                zh: '预警设置',
                en: 'Warning settings',
                action: 2,
              },
              {
                code: 'app_prepay_setting_prepay_type',
                alias: 'prepay_type',
                zh: '预存类型',
                en: 'Prepay type',
                action: 2,
              },
            ],
          }),
          {
            code: 'open_api_doc',
            zh: '开放接口文档',
            en: 'Open API docs',
            path: '/access/openplatform/apidoc',
            icon: 'IconApi',
          },
        ],
      },
      contractScreen(statementContract, {
        zh: '对账单',
        en: 'Statements',
        icon: 'IconFileInvoice',
      }),
    ],
  },
  {
    code: 'business_manage',
    zh: '业务管理',
    en: 'Business',
    path: '/business',
    icon: 'IconBriefcase',
    children: [
      contractScreen(businessAdContract, { zh: '广告列表', en: 'Advertising', icon: 'IconAd' }),
      {
        code: 'parking',
        zh: '停车业务',
        en: 'Parking',
        path: '/business/parking',
        icon: 'IconParking',
        children: [
          {
            code: 'parking_record',
            zh: '停车账单',
            en: 'Parking bills',
            path: '/business/parking/record',
            icon: 'IconReceipt',
            children: [
              contractScreen(tempBillContract, {
                zh: '临停账单',
                en: 'Temporary bills',
                icon: 'IconClock',
                extraButtons: [
                  {
                    code: 'temp_bill_refund',
                    alias: 'refund',
                    zh: '退款',
                    en: 'Refund',
                    action: 2,
                  },
                ],
              }),
              contractScreen(monthBillContract, {
                zh: '月票账单',
                en: 'Monthly ticket bills',
                icon: 'IconTicket',
                extraButtons: [
                  {
                    code: 'month_ticket_bill_refund',
                    alias: 'refund',
                    zh: '退款',
                    en: 'Refund',
                    action: 2,
                  },
                ],
              }),
              contractScreen(payFlowContract, {
                zh: '无感支付',
                en: 'Smart pay',
                icon: 'IconCreditCard',
              }),
            ],
          },
          {
            code: 'provider_record',
            zh: '服务商账单',
            en: 'Provider bills',
            path: '/business/parking/serviceProviderRecord',
            icon: 'IconBuildingBank',
            children: [
              contractScreen(providerTempBillContract, {
                zh: '服务商临停账单',
                en: 'Provider temporary bills',
                icon: 'IconClock',
              }),
              contractScreen(providerMonthBillContract, {
                zh: '服务商月票账单',
                en: 'Provider monthly bills',
                icon: 'IconTicket',
              }),
            ],
          },
          contractScreen(parkCarContract, { zh: '车牌管理', en: 'Car licences', icon: 'IconCar' }),
          contractScreen(parkCarSubscribeContract, {
            zh: '订阅车牌管理',
            en: 'Subscribed licences',
            icon: 'IconCarGarage',
          }),
          contractScreen(parkLotContract, {
            zh: '停车场管理',
            en: 'Parking lots',
            icon: 'IconMapPin',
            extraButtons: [
              { code: 'parking_lot_import', alias: 'import', zh: '导入', en: 'Import', action: 1 },
              {
                code: 'parking_lot_load',
                alias: 'load',
                zh: '同步数据',
                en: 'Load data',
                action: 1,
              },
              {
                code: 'parking_lot_pay_setting',
                alias: 'pay_setting',
                zh: '支付设置',
                en: 'Pay settings',
                action: 2,
              },
            ],
          }),
        ],
      },
      contractScreen(parkInvoiceSettingContract, {
        zh: '开票设置',
        en: 'Invoice settings',
        icon: 'IconFileInvoice',
      }),
    ],
  },
  {
    code: 'finance_manage',
    zh: '财务管理',
    en: 'Finance',
    path: '/finance',
    icon: 'IconReportMoney',
    children: [
      {
        code: 'project_report',
        zh: '项目报表',
        en: 'Project reports',
        path: '/finance/project-reportList',
        icon: 'IconReportAnalytics',
        buttons: [
          { code: 'project_report_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
          { code: 'project_report_export', alias: 'export', zh: '导出', en: 'Export', action: 1 },
          {
            code: 'project_report_export_detail',
            alias: 'export_detail',
            zh: '导出明细',
            en: 'Export details',
            action: 2,
          },
          {
            code: 'project_report_remark_invoice',
            alias: 'remark_invoice',
            zh: '开票备注',
            en: 'Invoice remark',
            action: 2,
          },
          {
            code: 'project_report_remark_clear',
            alias: 'remark_clear',
            zh: '清除备注',
            en: 'Clear remark',
            action: 2,
          },
        ],
      },
      contractScreen(payOrderContract, {
        zh: '支付订单',
        en: 'Pay orders',
        icon: 'IconCash',
        extraButtons: [
          { code: 'pay_order_refund', alias: 'refund', zh: '退款', en: 'Refund', action: 2 },
          { code: 'pay_order_close', alias: 'close', zh: '关闭', en: 'Close', action: 2 },
        ],
      }),
      contractScreen(pricePlanContract, {
        zh: '价格管理',
        en: 'Price management',
        icon: 'IconCurrencyYuan',
        extraButtons: [
          {
            code: 'price_manage_timing',
            alias: 'timing',
            zh: '定时修改',
            en: 'Timed change',
            action: 3,
          },
          {
            code: 'price_manage_update_plan',
            alias: 'update_plan',
            zh: '修改计划',
            en: 'Update plan',
            action: 2,
          },
          { code: 'price_manage_void', alias: 'void', zh: '作废计划', en: 'Void plan', action: 2 },
        ],
      }),
    ],
  },
  {
    code: 'ad_manage',
    zh: '广告管理',
    en: 'Ad',
    path: '/ad',
    icon: 'IconAd2',
    children: [
      contractScreen(adMaterialContract, {
        zh: '素材管理',
        en: 'Materials',
        icon: 'IconPhoto',
        extraButtons: [
          { code: 'ad_material_copy', alias: 'copy', zh: '复制', en: 'Copy', action: 2 },
        ],
      }),
      contractScreen(adPositionContract, {
        zh: '广告位管理',
        en: 'Ad positions',
        icon: 'IconLayoutGrid',
      }),
      contractScreen(advertiserContract, {
        zh: '广告主管理',
        en: 'Advertisers',
        icon: 'IconUserDollar',
        extraButtons: [
          {
            code: 'advertiser_setting',
            alias: 'setting',
            zh: '广告主配置',
            en: 'Settings',
            action: 1,
          },
        ],
      }),
      contractScreen(adPlanContract, {
        zh: '广告计划',
        en: 'Ad plans',
        icon: 'IconCalendarEvent',
        extraButtons: [
          { code: 'ad_plan_status', alias: 'status', zh: '投放状态', en: 'Status', action: 2 },
          { code: 'ad_plan_pause', alias: 'pause', zh: '暂停/恢复', en: 'Pause/Resume', action: 2 },
          { code: 'ad_plan_copy', alias: 'copy', zh: '复制', en: 'Copy', action: 2 },
        ],
      }),
      contractScreen(flowMasterContract, {
        zh: '流量主管理',
        en: 'Traffic owners',
        icon: 'IconUsers',
      }),
      {
        code: 'ad_status',
        zh: '投放统计',
        en: 'Delivery stats',
        path: '/ad/advertisingStatus',
        icon: 'IconChartBar',
        children: [
          {
            code: 'flow_master_report',
            zh: '流量主报表',
            en: 'Traffic owner report',
            path: '/ad/advertisingStatus/webmasterReport',
            icon: 'IconChartBar',
            buttons: [
              { code: 'flow_master_report_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
              {
                code: 'flow_master_report_export',
                alias: 'export',
                zh: '导出',
                en: 'Export',
                action: 1,
              },
            ],
          },
          {
            code: 'ad_plan_report',
            zh: '计划报表',
            en: 'Plan report',
            path: '/ad/advertisingStatus/planReport',
            icon: 'IconChartPie',
            buttons: [
              { code: 'ad_plan_report_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
              {
                code: 'ad_plan_report_export',
                alias: 'export',
                zh: '导出',
                en: 'Export',
                action: 1,
              },
            ],
          },
        ],
      },
      {
        code: 'ad_drop_report',
        zh: '投放报表',
        en: 'Delivery reports',
        path: '/ad/adDropReport',
        icon: 'IconChartLine',
        children: [
          {
            code: 'ad_realtime_report',
            zh: '实时报表',
            en: 'Real-time report',
            path: '/ad/adDropReport/realTimeReport',
            icon: 'IconActivity',
            buttons: [
              { code: 'ad_realtime_report_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
              {
                code: 'ad_realtime_report_export',
                alias: 'export',
                zh: '导出',
                en: 'Export',
                action: 1,
              },
            ],
          },
          {
            code: 'ad_history_report',
            zh: '历史报表',
            en: 'History report',
            path: '/ad/adDropReport/historyReport',
            icon: 'IconHistory',
            buttons: [
              { code: 'ad_history_report_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
              {
                code: 'ad_history_report_export',
                alias: 'export',
                zh: '导出',
                en: 'Export',
                action: 1,
              },
            ],
          },
          {
            code: 'ad_transaction',
            zh: '广告交易结果',
            en: 'Ad transactions',
            path: '/ad/adDropReport/adTransactionResults',
            icon: 'IconCoin',
            buttons: [
              { code: 'ad_transaction_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
              {
                code: 'ad_transaction_export',
                alias: 'export',
                zh: '导出',
                en: 'Export',
                action: 1,
              },
            ],
          },
        ],
      },
      contractScreen(adParkingLotContract, {
        zh: '广告停车场',
        en: 'Ad parking lots',
        icon: 'IconParking',
      }),
    ],
  },
  {
    code: 'setting',
    zh: '设置',
    en: 'Setting',
    path: '/setting',
    icon: 'IconSettings',
    children: [
      {
        code: 'setting_account',
        zh: '账号设置',
        en: 'Account',
        path: '/setting/user',
        icon: 'IconUser',
        children: [
          {
            code: 'user_info',
            zh: '用户信息',
            en: 'User info',
            path: '/setting/user/userinfo',
            icon: 'IconId',
            buttons: [{ code: 'user_info_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 }],
          },
          {
            code: 'role_permission',
            zh: '角色权限',
            en: 'Role permissions',
            path: '/setting/user/role-management',
            icon: 'IconUserShield',
            buttons: [
              { code: 'role_permission_add', alias: 'add', zh: '新增', en: 'Add', action: 1 },
              { code: 'role_permission_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
              {
                code: 'role_permission_delete',
                alias: 'delete',
                zh: '删除',
                en: 'Delete',
                action: 3,
              },
              { code: 'role_permission_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
              {
                code: 'role_permission_grant',
                alias: 'grant',
                zh: '权限设置',
                en: 'Permissions',
                action: 2,
              },
            ],
          },
        ],
      },
      {
        code: 'personalise',
        zh: '个性化设置',
        en: 'Personalisation',
        path: '/setting/personalise',
        icon: 'IconPalette',
        buttons: [{ code: 'personalise_edit', alias: 'edit', zh: '保存', en: 'Save', action: 1 }],
      },
      {
        code: 'setting_platform',
        zh: '平台对接',
        en: 'Platforms',
        path: '/setting/platform',
        icon: 'IconPlugConnected',
        children: [
          {
            code: 'wechat_platform',
            zh: '微信腾讯平台',
            en: 'WeChat / Tencent',
            path: '/setting/platform/wechat-tencent',
            icon: 'IconBrandWechat',
            buttons: [
              { code: 'wechat_platform_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
              { code: 'wechat_platform_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
            ],
          },
          {
            code: 'message_platform',
            zh: '短信平台',
            en: 'Message platform',
            path: '/setting/platform/message-platform',
            icon: 'IconMessage',
            buttons: [
              { code: 'message_platform_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
              { code: 'message_platform_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
            ],
          },
          {
            code: 'point_platform',
            zh: '积分平台',
            en: 'Points platform',
            path: '/setting/platform/point-platform',
            icon: 'IconStar',
            buttons: [
              { code: 'point_platform_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
              { code: 'point_platform_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
            ],
          },
          {
            code: 'phone_platform',
            zh: '话费平台',
            en: 'Phone top-up platform',
            path: '/setting/platform/phone-platform',
            icon: 'IconDeviceMobile',
            buttons: [
              { code: 'phone_platform_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
              { code: 'phone_platform_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
            ],
          },
        ],
      },
      {
        code: 'api_document',
        zh: '接口文档',
        en: 'API documentation',
        path: '/setting/api-document',
        icon: 'IconBook',
      },
      {
        code: 'operate_log',
        zh: '操作日志',
        en: 'Operation logs',
        path: '/setting/operate-log',
        icon: 'IconListDetails',
        buttons: [
          { code: 'operate_log_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
          { code: 'operate_log_export', alias: 'export', zh: '导出', en: 'Export', action: 1 },
        ],
      },
      {
        code: 'menu_resource',
        zh: '菜单资源',
        en: 'Menu resources',
        path: '/setting/resource-list',
        icon: 'IconMenu2',
        buttons: [
          { code: 'menu_resource_add', alias: 'add', zh: '新增', en: 'Add', action: 1 },
          { code: 'menu_resource_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
          { code: 'menu_resource_delete', alias: 'delete', zh: '删除', en: 'Delete', action: 3 },
          { code: 'menu_resource_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
        ],
      },
      {
        code: 'setting_dict',
        zh: '字典管理',
        en: 'Dictionaries',
        path: '/setting/dict',
        icon: 'IconBook2',
        buttons: [
          { code: 'setting_dict_add', alias: 'add', zh: '新增', en: 'Add', action: 1 },
          { code: 'setting_dict_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
          { code: 'setting_dict_delete', alias: 'delete', zh: '删除', en: 'Delete', action: 3 },
          { code: 'setting_dict_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
        ],
      },
      {
        code: 'setting_dict_biz',
        zh: '业务字典管理',
        en: 'Business dictionaries',
        path: '/setting/dictbiz',
        icon: 'IconBooks',
        buttons: [
          { code: 'setting_dict_biz_add', alias: 'add', zh: '新增', en: 'Add', action: 1 },
          { code: 'setting_dict_biz_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
          { code: 'setting_dict_biz_delete', alias: 'delete', zh: '删除', en: 'Delete', action: 3 },
          { code: 'setting_dict_biz_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
        ],
      },
    ],
  },
  {
    code: 'workflow',
    zh: '工作流',
    en: 'Workflow',
    path: '/workflow',
    icon: 'IconGitBranch',
    children: [
      {
        code: 'flow',
        zh: '流程配置',
        en: 'Process setup',
        path: '/flow',
        icon: 'IconSitemap',
        children: [
          contractScreen(flowModelContract, {
            zh: '模型设计',
            en: 'Model design',
            icon: 'IconTemplate',
            extraButtons: [
              { code: 'flow_model_deploy', alias: 'deploy', zh: '部署', en: 'Deploy', action: 2 },
            ],
          }),
          {
            code: 'flow_deploy',
            zh: '流程部署',
            en: 'Deployment',
            path: '/flow/deploy',
            icon: 'IconCloudUpload',
            buttons: [
              {
                code: 'flow_deploy_deploy',
                alias: 'deploy',
                zh: '部署上传',
                en: 'Deploy',
                action: 1,
              },
            ],
          },
          contractScreen(flowDefinitionContract, {
            zh: '流程管理',
            en: 'Process management',
            icon: 'IconHierarchy',
            extraButtons: [
              {
                code: 'flow_manager_change_state',
                alias: 'change_state',
                zh: '变更状态',
                en: 'Change state',
                action: 2,
              },
              {
                code: 'flow_manager_delete',
                alias: 'delete',
                zh: '删除部署',
                en: 'Delete deployment',
                action: 2,
              },
            ],
          }),
          contractScreen(followContract, {
            zh: '流程跟踪',
            en: 'Process tracking',
            icon: 'IconRoute',
          }),
        ],
      },
      {
        code: 'work',
        zh: '我的事务',
        en: 'My tasks',
        path: '/work',
        icon: 'IconChecklist',
        children: [
          contractScreen(startProcessContract, {
            zh: '发起事务',
            en: 'Start',
            icon: 'IconPlayerPlay',
            extraButtons: [
              { code: 'work_start_start', alias: 'start', zh: '发起', en: 'Start', action: 2 },
            ],
          }),
          contractScreen(claimTaskContract, {
            zh: '待签事务',
            en: 'To claim',
            icon: 'IconHandGrab',
            extraButtons: [
              { code: 'work_claim_claim', alias: 'claim', zh: '签收', en: 'Claim', action: 2 },
            ],
          }),
          contractScreen(todoTaskContract, {
            zh: '待办事务',
            en: 'To do',
            icon: 'IconClipboardList',
            extraButtons: [
              { code: 'work_todo_handle', alias: 'handle', zh: '办理', en: 'Handle', action: 2 },
            ],
          }),
          contractScreen(sendInstanceContract, { zh: '已发事务', en: 'Sent', icon: 'IconSend' }),
          contractScreen(doneTaskContract, { zh: '办结事务', en: 'Done', icon: 'IconCircleCheck' }),
          contractScreen(leaveContract, {
            zh: '请假流程',
            en: 'Leave request',
            icon: 'IconCalendar',
            extraButtons: [
              { code: 'work_leave_start', alias: 'start', zh: '发起请假', en: 'Apply', action: 1 },
            ],
          }),
        ],
      },
    ],
  },
  {
    code: 'system',
    zh: '系统管理',
    en: 'System',
    path: '/system',
    icon: 'IconSettingsCog',
    children: [
      {
        code: 'user',
        zh: '用户管理',
        en: 'Users',
        path: '/system/user',
        icon: 'IconUsers',
        buttons: [
          { code: 'user_add', alias: 'add', zh: '新增', en: 'Add', action: 1 },
          { code: 'user_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
          { code: 'user_delete', alias: 'delete', zh: '删除', en: 'Delete', action: 3 },
          { code: 'user_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
          { code: 'user_grant', alias: 'grant', zh: '角色配置', en: 'Assign roles', action: 3 },
          { code: 'user_reset', alias: 'reset', zh: '重置密码', en: 'Reset password', action: 3 },
          { code: 'user_unlock', alias: 'unlock', zh: '解锁', en: 'Unlock', action: 3 },
          { code: 'user_approve', alias: 'approve', zh: '注册审批', en: 'Approve', action: 2 },
          { code: 'user_platform', alias: 'platform', zh: '平台配置', en: 'Platform', action: 2 },
          { code: 'user_import', alias: 'import', zh: '导入', en: 'Import', action: 1 },
        ],
      },
      {
        code: 'dept',
        zh: '部门管理',
        en: 'Departments',
        path: '/system/dept',
        icon: 'IconHierarchy2',
        buttons: [
          { code: 'dept_add', alias: 'add', zh: '新增', en: 'Add', action: 1 },
          { code: 'dept_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
          { code: 'dept_delete', alias: 'delete', zh: '删除', en: 'Delete', action: 3 },
          { code: 'dept_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
        ],
      },
      contractScreen(postContract, {
        zh: '岗位管理',
        en: 'Posts',
        icon: 'IconBriefcase',
      }),
      {
        code: 'role',
        zh: '角色管理',
        en: 'Roles',
        path: '/system/role',
        icon: 'IconUserShield',
        buttons: [
          { code: 'role_add', alias: 'add', zh: '新增', en: 'Add', action: 1 },
          { code: 'role_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
          { code: 'role_delete', alias: 'delete', zh: '删除', en: 'Delete', action: 3 },
          { code: 'role_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
          { code: 'role_grant', alias: 'grant', zh: '权限设置', en: 'Permissions', action: 2 },
        ],
      },
      {
        code: 'menu',
        zh: '菜单管理',
        en: 'Menus',
        path: '/system/menu',
        icon: 'IconMenu2',
        buttons: [
          { code: 'menu_add', alias: 'add', zh: '新增', en: 'Add', action: 1 },
          { code: 'menu_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
          { code: 'menu_delete', alias: 'delete', zh: '删除', en: 'Delete', action: 3 },
          { code: 'menu_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
        ],
      },
      {
        code: 'top_menu',
        zh: '顶部菜单',
        en: 'Top menus',
        path: '/system/topmenu',
        icon: 'IconLayoutNavbar',
        buttons: [
          { code: 'top_menu_add', alias: 'add', zh: '新增', en: 'Add', action: 1 },
          { code: 'top_menu_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
          { code: 'top_menu_delete', alias: 'delete', zh: '删除', en: 'Delete', action: 3 },
          { code: 'top_menu_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
          {
            code: 'top_menu_grant',
            alias: 'grant',
            zh: '菜单配置',
            en: 'Menu settings',
            action: 2,
          },
        ],
      },
      {
        code: 'dict',
        zh: '系统字典',
        en: 'System dictionary',
        path: '/system/dict',
        icon: 'IconBook2',
        buttons: [
          { code: 'dict_add', alias: 'add', zh: '新增', en: 'Add', action: 1 },
          { code: 'dict_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
          { code: 'dict_delete', alias: 'delete', zh: '删除', en: 'Delete', action: 3 },
          { code: 'dict_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
        ],
      },
      {
        code: 'dict_biz',
        zh: '业务字典',
        en: 'Business dictionary',
        path: '/system/dictbiz',
        icon: 'IconBooks',
        buttons: [
          { code: 'dict_biz_add', alias: 'add', zh: '新增', en: 'Add', action: 1 },
          { code: 'dict_biz_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
          { code: 'dict_biz_delete', alias: 'delete', zh: '删除', en: 'Delete', action: 3 },
          { code: 'dict_biz_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
        ],
      },
      contractScreen(paramContract, {
        zh: '参数管理',
        en: 'Parameters',
        icon: 'IconAdjustmentsHorizontal',
      }),
      {
        code: 'tenant',
        zh: '租户管理',
        en: 'Tenants',
        path: '/system/tenant',
        icon: 'IconBuildingSkyscraper',
        buttons: [
          { code: 'tenant_add', alias: 'add', zh: '新增', en: 'Add', action: 1 },
          { code: 'tenant_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
          { code: 'tenant_delete', alias: 'delete', zh: '删除', en: 'Delete', action: 3 },
          { code: 'tenant_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
          { code: 'tenant_setting', alias: 'setting', zh: '授权配置', en: 'Settings', action: 3 },
          {
            code: 'tenant_datasource',
            alias: 'datasource',
            zh: '数据源配置',
            en: 'Datasource',
            action: 3,
          },
          { code: 'tenant_package', alias: 'package', zh: '套餐配置', en: 'Package', action: 3 },
        ],
      },
      contractScreen(tenantPackageContract, {
        zh: '租户套餐',
        en: 'Tenant packages',
        icon: 'IconBox',
      }),
      contractScreen(clientContract, {
        zh: '应用管理',
        en: 'OAuth clients',
        icon: 'IconKey',
      }),
      {
        code: 'region',
        zh: '行政区划',
        en: 'Regions',
        path: '/system/region',
        icon: 'IconMap',
        buttons: [
          { code: 'region_add', alias: 'add', zh: '新增', en: 'Add', action: 1 },
          { code: 'region_edit', alias: 'edit', zh: '编辑', en: 'Edit', action: 2 },
          { code: 'region_delete', alias: 'delete', zh: '删除', en: 'Delete', action: 3 },
          { code: 'region_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
        ],
      },
      contractScreen(noticeContract, {
        zh: '通知公告',
        en: 'Notices',
        icon: 'IconSpeakerphone',
      }),
      {
        code: 'attach',
        zh: '附件管理',
        en: 'Attachments',
        path: '/system/attach',
        icon: 'IconPaperclip',
        buttons: [
          { code: 'attach_upload', alias: 'upload', zh: '上传', en: 'Upload', action: 1 },
          { code: 'attach_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
          { code: 'attach_download', alias: 'download', zh: '下载', en: 'Download', action: 2 },
          { code: 'attach_delete', alias: 'delete', zh: '删除', en: 'Delete', action: 3 },
        ],
      },
      contractScreen(smsContract, {
        zh: '短信配置',
        en: 'SMS settings',
        icon: 'IconMessage2',
        extraButtons: [
          { code: 'sms_enable', alias: 'enable', zh: '启用/停用', en: 'Enable/Disable', action: 2 },
        ],
      }),
      contractScreen(ossContract, {
        zh: '对象存储',
        en: 'Object storage',
        icon: 'IconCloud',
        extraButtons: [
          { code: 'oss_enable', alias: 'enable', zh: '启用/停用', en: 'Enable/Disable', action: 2 },
        ],
      }),
      contractScreen(dataScopeContract, {
        zh: '数据权限',
        en: 'Data scopes',
        icon: 'IconDatabase',
      }),
      contractScreen(apiScopeContract, {
        zh: '接口权限',
        en: 'API scopes',
        icon: 'IconApi',
      }),
      {
        code: 'log_usual',
        zh: '通用日志',
        en: 'Usual logs',
        path: '/system/log-usual',
        icon: 'IconFileText',
        buttons: [{ code: 'log_usual_view', alias: 'view', zh: '查看', en: 'View', action: 2 }],
      },
      {
        code: 'log_api',
        zh: '接口日志',
        en: 'API logs',
        path: '/system/log-api',
        icon: 'IconFileCode',
        buttons: [{ code: 'log_api_view', alias: 'view', zh: '查看', en: 'View', action: 2 }],
      },
      {
        code: 'log_error',
        zh: '错误日志',
        en: 'Error logs',
        path: '/system/log-error',
        icon: 'IconBug',
        buttons: [{ code: 'log_error_view', alias: 'view', zh: '查看', en: 'View', action: 2 }],
      },
      contractScreen(codeContract, {
        zh: '代码生成',
        en: 'Code generator',
        icon: 'IconCode',
        extraButtons: [
          { code: 'code_generator_copy', alias: 'copy', zh: '复制', en: 'Copy', action: 2 },
          { code: 'code_generator_gen', alias: 'gen', zh: '代码生成', en: 'Generate', action: 3 },
        ],
      }),
      contractScreen(datasourceContract, {
        zh: '数据源管理',
        en: 'Data sources',
        icon: 'IconServer',
      }),
      {
        code: 'pic_stock',
        zh: '图片库',
        en: 'Picture library',
        path: '/system/pic-stock',
        icon: 'IconPhoto',
        buttons: [
          { code: 'pic_stock_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
          { code: 'pic_stock_upload', alias: 'upload', zh: '上传', en: 'Upload', action: 1 },
        ],
      },
      {
        code: 'video_stock',
        zh: '视频库',
        en: 'Video library',
        path: '/system/video-stock',
        icon: 'IconVideo',
        buttons: [
          { code: 'video_stock_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
          { code: 'video_stock_upload', alias: 'upload', zh: '上传', en: 'Upload', action: 1 },
        ],
      },
      {
        code: 'export_centre',
        zh: '导出中心',
        en: 'Export centre',
        path: '/system/export-centre',
        icon: 'IconFileExport',
        buttons: [
          { code: 'export_centre_view', alias: 'view', zh: '查看', en: 'View', action: 2 },
          {
            code: 'export_centre_download',
            alias: 'download',
            zh: '下载',
            en: 'Download',
            action: 2,
          },
          { code: 'export_centre_delete', alias: 'delete', zh: '删除', en: 'Delete', action: 2 },
          { code: 'export_centre_clear', alias: 'clear', zh: '清空', en: 'Clear all', action: 1 },
        ],
      },
    ],
  },
];

/** The seeded menus only the super administrator holds. */
export const PLATFORM_ONLY_CODES: ReadonlySet<string> = platformOnlyCodes(MENU_TREE);
