import { defineContract } from '../resource-contract';
import { ADVERT } from './advert';

/** An ad position (/ad/adType): where an ad shows, its size, media, price mode and floor price. */
export interface AdPosition {
  id: string;
  positionCode: string;
  positionName: string;
  width: number;
  height: number;
  mediaTypes: 'image' | 'video' | 'both';
  priceMode: 'CPM' | 'CPC';
  /** Yuan on the wire, fen at rest. */
  floorPrice: number;
  enabled: number;
  version: number;
  createTime: string;
}

const px = (zh: string, en: string) => ({
  label: { zh, en },
  kind: 'integer' as const,
  required: { zh: `请输入${zh}`, en: `Please enter the ${en.toLowerCase()}` },
  range: { min: 1, max: 10000, message: { zh: `${zh}须为1到10000像素`, en: '1 to 10000 px' } },
  export: { width: 8 },
});

export const adPositionContract = defineContract<AdPosition>()({
  service: `${ADVERT}/position`,
  route: '/ad/adType',
  title: { zh: '广告位', en: 'Ad position' },
  menu: 'ad_position',
  buttons: ['add', 'edit', 'delete', 'view'],
  calls: { select: 'select' },
  fields: {
    positionCode: {
      label: { zh: '广告位编码', en: 'Code' },
      required: { zh: '请输入广告位编码', en: 'Please enter the code' },
      maxLength: 32,
      pattern: {
        regex: /^[A-Za-z0-9_-]+$/,
        message: { zh: '广告位编码只能包含字母、数字、_和-', en: 'Letters, digits, _ and - only' },
      },
      unique: { zh: '广告位编码已存在', en: 'Another position has this code' },
      filter: 'like',
      sortable: true,
    },
    positionName: {
      label: { zh: '广告位名称', en: 'Position' },
      required: { zh: '请输入广告位名称', en: 'Please enter the name' },
      maxLength: 100,
      filter: 'like',
      sortable: true,
    },
    width: px('宽度', 'Width'),
    height: px('高度', 'Height'),
    mediaTypes: {
      label: { zh: '媒体类型', en: 'Media' },
      required: { zh: '请选择媒体类型', en: 'Please choose the media' },
      choices: {
        image: { zh: '图片', en: 'Image', color: 'blue' },
        video: { zh: '视频', en: 'Video', color: 'grape' },
        both: { zh: '图片和视频', en: 'Image and video', color: 'teal' },
      },
      filter: 'equal',
    },
    priceMode: {
      label: { zh: '计价方式', en: 'Price mode' },
      required: { zh: '请选择计价方式', en: 'Please choose the price mode' },
      choices: {
        CPM: { zh: '按千次展示(CPM)', en: 'Per mille (CPM)', color: 'cyan' },
        CPC: { zh: '按点击(CPC)', en: 'Per click (CPC)', color: 'orange' },
      },
      filter: 'equal',
    },
    floorPrice: {
      label: { zh: '底价', en: 'Floor price' },
      kind: 'money',
      emptyAs: 0,
      sortable: true,
    },
    enabled: { label: { zh: '启用', en: 'Enabled' }, kind: 'switch', emptyAs: 1, filter: 'equal' },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
  },
});
