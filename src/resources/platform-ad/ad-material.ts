import { adMaterialContract, MATERIAL_CALLS } from '../../contracts/platform-ad/ad-material';
import { defineContractResource } from '../contract-resource';
import { MaterialPreview } from './ad-material-preview';

/**
 * 素材管理 (/ad/materail): the media file picked from the media stock (the server checks its type
 * and size), the copy text; the detail shows the preview (an image or a video, the copy as text).
 */
export default defineContractResource({
  contract: adMaterialContract,
  paging: 'generic',
  columns: [
    { field: 'materialName', width: 200 },
    { field: 'materialType', width: 90 },
    { field: 'mediaName', width: 160 },
    { field: 'copyText', width: 240 },
    { field: 'width', kind: 'number', width: 80 },
    { field: 'height', kind: 'number', width: 80 },
    { field: 'createTime', width: 170 },
  ],
  filters: ['materialName', 'materialType'],
  form: {
    mediaId: {
      kind: 'select',
      source: { path: MATERIAL_CALLS.mediaOptions, label: 'name', value: 'id' },
      wide: true,
    },
    copyText: { kind: 'textarea', wide: true },
  },
  rowActions: [
    {
      id: 'copy',
      label: { zh: '复制', en: 'Copy' },
      permission: 'ad_material_copy',
      call: {
        path: MATERIAL_CALLS.copy,
        params: (rows) => ({ id: String(rows[0]?.id ?? '') }),
        confirm: { zh: '确定复制该素材？', en: 'Copy this material?' },
        done: { zh: '复制成功', en: 'Copied' },
      },
    },
  ],
  detailSection: MaterialPreview,
  recordLabel: (m) => m.materialName,
});
