import { knownMessages } from '../server-messages';
import { ADVERT } from './advert';

/**
 * Delivery events (issue 28 item 3): a feed pushes impressions, clicks, conversions and costs of
 * the tenant's running plans to the ingestion call, signed like the open order API (the tenant is
 * the signing app's). Events are stored append-only, deduplicated by (app, eventId), and counted
 * per minute and per day by the roll-up job; a plan whose budget is used up is paused by it.
 */
export const AD_EVENT_CALLS = { ingest: `${ADVERT}/event/ingest` } as const;

export const AD_EVENT_TYPES = ['impression', 'click', 'conversion', 'cost'] as const;
export type AdEventType = (typeof AD_EVENT_TYPES)[number];

export const AD_EVENT_LIMITS = {
  /** Events per call. */
  batch: 1_000,
  /** An event's time may be ahead of the server's clock by at most this (seconds). */
  futureSeconds: 5 * 60,
  /** ...and behind it by at most this (days). */
  pastDays: 7,
  /** The largest cost of one event (fen: 10,000 yuan). */
  costMaxFen: 1_000_000,
  /** eventId: letters, digits, _ - . : at most 64. */
  eventId: /^[A-Za-z0-9_.:-]{1,64}$/,
} as const;

/** One event on the wire. `cost` in yuan, only on cost events (0 or absent otherwise). */
export interface AdEventInput {
  eventId: string;
  type: AdEventType;
  planId: string;
  positionId: string;
  flowMasterId: string;
  lotId?: string | null;
  /** 'yyyy-MM-dd HH:mm:ss', server time zone. */
  time: string;
  cost?: string | number;
}

/** The call's answer: per event, accepted (stored now), a duplicate (stored before) or refused. */
export interface AdEventIngestAnswer {
  accepted: number;
  duplicates: number;
  rejected: { index: number; eventId: string; message: string }[];
}

const t = (zh: string, en: string) => ({ zh, en });

/** The refusals of one event (answered in zh per event) and of the plan calls it affects. */
export const AD_EVENT_REFUSALS = {
  body: t('请求体须为 {events: [...]}', 'The body must be {events: [...]}'),
  tooMany: t('每次最多提交1000个事件', 'At most 1,000 events per call'),
  eventId: t(
    '事件ID须为字母、数字、_ . : -，不超过64个字符',
    'eventId: letters, digits, _ . : -, at most 64',
  ),
  type: t(
    '事件类型须为impression、click、conversion、cost之一',
    'The type must be impression, click, conversion or cost',
  ),
  time: t('事件时间须为yyyy-MM-dd HH:mm:ss', 'The time must be yyyy-MM-dd HH:mm:ss'),
  future: t('事件时间不能晚于当前时间5分钟以上', 'The time may not be more than 5 minutes ahead'),
  past: t('事件时间不能早于7天前', 'The time may not be more than 7 days ago'),
  cost: t(
    '费用须为0到10000元之间、最多两位小数的金额，仅费用事件可有费用',
    'The cost: 0 to 10,000 yuan, 2 decimals, on cost events only',
  ),
  plan: t('广告计划不存在', 'The plan does not exist'),
  position: t('广告位不存在或不属于该计划', 'The position does not exist or is not the plan’s'),
  master: t('流量主不存在或不拥有该广告位', 'The traffic owner does not exist or own the position'),
  lot: t('停车场不存在', 'The parking lot does not exist'),
  budgetUsed: t(
    '预算已用完，不能恢复投放（可提高预算或次日再恢复）',
    'The budget is used up: raise it, or resume the next day',
  ),
} as const;
knownMessages(...Object.values(AD_EVENT_REFUSALS));

/** Why a paused plan is paused (blade_ad_plan.pause_reason). */
export const PAUSE_REASONS = {
  manual: { ...t('手动暂停', 'Paused by hand'), color: 'gray' },
  budget: { ...t('预算用完', 'Budget used up'), color: 'red' },
} as const;
