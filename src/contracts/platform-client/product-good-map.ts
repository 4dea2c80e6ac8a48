import { CLIENT_SERVICE } from '../business-services';
import { knownMessages } from '../server-messages';
import type { SetRule } from './psclient-product';

/**
 * A client product's goods mapping and forbidden-sale days (issue 27 item 3): the supplier goods
 * an order of the product is fulfilled from, with the rule that picks one (priority order,
 * lowest cost, weighted share), and the business days (Asia/Shanghai) on which a product, or
 * every product, is not sold. Amounts are yuan on the wire.
 */
export const PRODUCT_GOOD_MAP = `${CLIENT_SERVICE}/product-good-map`;
export const PRODUCT_GOOD_MAP_SET_RULE = `${CLIENT_SERVICE}/product-good-map-set-rule`;
export const FORBIDDEN_SALE_DAY = `${CLIENT_SERVICE}/forbidden-sale-day`;

/** A mapped good as product-good-map/get answers it. */
export interface MappedGood {
  goodId: string;
  goodCode: string;
  goodName: string;
  /** Dictionary sup_good_type: 1 coupon code, 2 direct recharge, 3 interface card. */
  goodType: number;
  supId: string;
  supName: string;
  /** Yuan. */
  costPrice: number;
  /** Face value, yuan. */
  marketAmount: number;
  priority: number;
  weight: number;
  /** Unused, unexpired codes (coupon-code goods); null for goods without code stock. */
  stock: number | null;
  /** 1 when an order could take it now (good enabled and on the shelf, supplier enabled). */
  sellable: number;
}

/** product-good-map/get?productId= */
export interface GoodMap {
  productId: string;
  setRule: SetRule;
  goods: MappedGood[];
}

/** product-good-map/save: replaces the product's map (an empty one allowed) and its rule. */
export interface GoodMapInput {
  productId: string;
  setRule: SetRule;
  goods: { goodId: string; priority: number; weight: number }[];
}

/** A good the mapping dialog offers (product-good-map/goods): the tenant's live goods. */
export interface GoodOption {
  id: string;
  goodCode: string;
  goodName: string;
  goodType: number;
  supId: string;
  supName: string;
  costPrice: number;
  marketAmount: number;
}

/** product-good-map-set-rule/list */
export interface SetRuleOption {
  value: SetRule;
  zh: string;
  en: string;
}

export const PRIORITY_MAX = 9999;
export const WEIGHT_MAX = 100;
export const MAPPED_GOODS_MAX = 50;

export const GOOD_MAP_REFUSALS = {
  good: {
    zh: '商品不存在或不属于本租户',
    en: 'The good does not exist or is not of your tenant',
  },
  duplicate: { zh: '同一商品不能重复映射', en: 'A good may be mapped once' },
  priority: {
    zh: `优先级须为1到${PRIORITY_MAX}的整数`,
    en: `Priority: a whole number from 1 to ${PRIORITY_MAX}`,
  },
  weight: {
    zh: `权重须为1到${WEIGHT_MAX}的整数`,
    en: `Weight: a whole number from 1 to ${WEIGHT_MAX}`,
  },
  goodId: { zh: '请选择商品', en: 'Please choose a good' },
  goods: { zh: `最多映射${MAPPED_GOODS_MAX}个商品`, en: `At most ${MAPPED_GOODS_MAX} goods` },
  setRule: {
    zh: '配置规则须为优先级、最低成本、按权重之一',
    en: 'The rule is one of priority, lowest cost, weighted',
  },
} as const;
knownMessages(...Object.values(GOOD_MAP_REFUSALS));

/** A forbidden-sale day as answered. */
export interface ForbiddenDay {
  id: string;
  /** 'yyyy-MM-dd', an Asia/Shanghai business day. */
  saleDay: string;
  reason: string | null;
}

/** forbidden-sale-day/get?productId=: from today (Shanghai) on. */
export interface ForbiddenDays {
  /** null: no product asked (only the all-product days are answered). */
  productId: string | null;
  /** The product's own days. */
  productDays: ForbiddenDay[];
  /** Days on which no product is sold. */
  allProductDays: ForbiddenDay[];
  /** Today's business day, the first one a save may set. */
  today: string;
}

/** forbidden-sale-day/save: replaces the product's (null: every product's) days from today on. */
export interface ForbiddenDaysInput {
  productId: string | null;
  days: { saleDay: string; reason?: string | null }[];
}

export const FORBIDDEN_DAYS_MAX = 366;
export const FORBIDDEN_REASON_MAX = 200;

export const FORBIDDEN_DAY_REFUSALS = {
  saleDay: { zh: '请输入正确的日期（yyyy-MM-dd）', en: 'A date as yyyy-MM-dd' },
  past: { zh: '禁售日不能早于今天', en: 'A forbidden day cannot be before today' },
  duplicate: { zh: '禁售日不能重复', en: 'Each day once' },
  days: {
    zh: `最多设置${FORBIDDEN_DAYS_MAX}个禁售日`,
    en: `At most ${FORBIDDEN_DAYS_MAX} days`,
  },
  reason: {
    zh: `原因不能超过${FORBIDDEN_REASON_MAX}个字符`,
    en: `At most ${FORBIDDEN_REASON_MAX} characters`,
  },
} as const;
knownMessages(...Object.values(FORBIDDEN_DAY_REFUSALS));
