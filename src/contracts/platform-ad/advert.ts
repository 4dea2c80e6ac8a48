import { SUPPLIER_SERVICE } from '../business-services';
import { knownMessages } from '../server-messages';

/**
 * Advertising (issue 28 item 2, domain.md "advertising"): the supplier service's `advert/...`
 * calls (spec.md section 7). Money is integer fen at rest and yuan on the wire; a revenue share is
 * basis points at rest and a percent (at most 2 decimals) on the wire.
 */
export const ADVERT = `${SUPPLIER_SERVICE}/advert`;

/** Media types a material is and a position takes. */
export const MEDIA_TYPES = {
  image: { zh: '图片', en: 'Image', color: 'blue' },
  video: { zh: '视频', en: 'Video', color: 'grape' },
} as const;

/** The largest media file a material may use, per type (the media stock's own limits are wider). */
export const MATERIAL_MAX_BYTES = { image: 2 * 1024 * 1024, video: 50 * 1024 * 1024 } as const;

const t = (zh: string, en: string) => ({ zh, en });

/** Refusals of the advert calls beyond the contracts' field checks (zh answered, en shown). */
export const ADVERT_REFUSALS = {
  mediaMissing: t('素材文件不存在或已删除', 'The media file does not exist or was removed'),
  mediaType: t('素材文件类型与素材类型不符', 'The media file is not of the material type'),
  mediaSize: t(
    '素材文件过大（图片不超过2MB，视频不超过50MB）',
    'The file is too large (images 2 MB, videos 50 MB)',
  ),
  date: t('请输入正确的日期（yyyy-MM-dd）', 'A date as yyyy-MM-dd'),
  period: t('结束日期不能早于开始日期', 'The end date may not be before the start date'),
  periodOver: t('投放期已结束，不能开始投放', 'The period is over: the plan cannot start'),
  dailyOverTotal: t('日预算不能超过总预算', 'The daily budget may not exceed the total budget'),
  bidOverDaily: t('出价不能超过日预算', 'The bid may not exceed the daily budget'),
  bidUnderFloor: t('出价低于广告位底价', "The bid is below a position's floor price"),
  materials: t('请选择素材', 'Please choose the materials'),
  positions: t('请选择广告位', 'Please choose the positions'),
  idsUnknown: t('所选记录不存在', 'A chosen record does not exist'),
  status: t('投放状态须为running、ended之一', 'The status must be running or ended'),
  pauseFlag: t('暂停标志须为0或1', 'The pause flag must be 0 or 1'),
  planNotEditable: t('仅草稿或已暂停的计划可修改', 'Only a draft or paused plan changes'),
  planNotRemovable: t('投放中或已暂停的计划不能删除', 'A running or paused plan cannot be removed'),
  shareRate: t(
    '分成比例须为0到100之间、最多两位小数的百分数',
    'A percent from 0 to 100 with at most 2 decimals',
  ),
  settleAccount: t('结算账号须为6到32位数字', 'An account of 6 to 32 digits'),
  advertiserCode: t('请选择广告主', 'Please choose the advertiser'),
  settingKey: t(
    '配置项须为字母、数字、_、.或-，不超过64个字符',
    'Keys: letters, digits, _ . -, at most 64',
  ),
  settingValue: t('配置值不能超过500个字符', 'Values: at most 500 characters'),
  settingsMany: t('配置项不能超过50个', 'At most 50 settings'),
  settingDuplicate: t('配置项重复', 'A key is given twice'),
} as const;
knownMessages(...Object.values(ADVERT_REFUSALS));

/** 'yyyy-MM-dd' of a real day. */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A comma-joined id list as its ids (blank: none). */
export const idsOf = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
