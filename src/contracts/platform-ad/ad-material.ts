import { defineContract } from '../resource-contract';
import { ADVERT, MEDIA_TYPES } from './advert';

/**
 * An ad material (/ad/materail): an image or a video of the media stock (blade-resource pic and
 * video, checked by type and size), its copy text and its size in pixels.
 */
export interface AdMaterial {
  id: string;
  materialName: string;
  materialType: 'image' | 'video';
  /** A live picture (image) or video (video) of the tenant's media stock. */
  mediaId: string;
  mediaName: string;
  /** The address an <img> or <video> loads ('' when the file left the stock). */
  mediaLink: string;
  fileSize: number;
  copyText: string | null;
  width: number;
  height: number;
  version: number;
  createTime: string;
}

/** A picture or video the material form offers (material/media-options). */
export interface MaterialMedia {
  id: string;
  name: string;
  link: string;
  contentType: string;
  fileSize: number;
  materialType: 'image' | 'video';
}

const px = (zh: string, en: string) => ({
  label: { zh, en },
  kind: 'integer' as const,
  emptyAs: 0,
  range: { min: 0, max: 10000, message: { zh: `${zh}须为0到10000像素`, en: '0 to 10000 px' } },
});

export const adMaterialContract = defineContract<AdMaterial>()({
  service: `${ADVERT}/material`,
  route: '/ad/materail',
  title: { zh: '广告素材', en: 'Ad material' },
  menu: 'ad_material',
  buttons: ['add', 'edit', 'delete', 'view'],
  calls: { list: 'list', submit: 'add', detail: 'get', remove: 'del', select: 'select' },
  fields: {
    materialName: {
      label: { zh: '素材名称', en: 'Material' },
      required: { zh: '请输入素材名称', en: 'Please enter the name' },
      maxLength: 100,
      filter: 'like',
      sortable: true,
    },
    materialType: {
      label: { zh: '素材类型', en: 'Type' },
      required: { zh: '请选择素材类型', en: 'Please choose the type' },
      choices: MEDIA_TYPES,
      filter: 'equal',
    },
    mediaId: {
      label: { zh: '素材文件', en: 'Media file' },
      required: { zh: '请选择素材文件', en: 'Please choose the file' },
      maxLength: 32,
    },
    mediaName: { label: { zh: '文件名称', en: 'File' }, readOnly: true },
    mediaLink: { label: { zh: '文件地址', en: 'Link' }, readOnly: true },
    fileSize: { label: { zh: '文件大小', en: 'File size' }, kind: 'integer', readOnly: true },
    copyText: { label: { zh: '广告文案', en: 'Copy' }, maxLength: 500 },
    width: px('宽度', 'Width'),
    height: px('高度', 'Height'),
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
  },
});

/** material/copy?id=: a copy of the material (name + 副本), answered {id}. */
export const MATERIAL_CALLS = {
  set: `${ADVERT}/material/set`,
  copy: `${ADVERT}/material/copy`,
  mediaOptions: `${ADVERT}/material/media-options`,
} as const;
