import { dictScreen } from './dict-defs';

/**
 * The business dictionary: blade-system/dict-biz, one per tenant. Two menu screens with their
 * own button codes: /system/dictbiz (default export) and /setting/dictbiz.
 */
export default dictScreen({
  service: 'blade-system/dict-biz',
  route: '/system/dictbiz',
  menu: 'dict_biz',
  title: { zh: '业务字典', en: 'Business dictionary' },
});

export const settingDictBiz = dictScreen({
  service: 'blade-system/dict-biz',
  route: '/setting/dictbiz',
  menu: 'setting_dict_biz',
  title: { zh: '业务字典管理', en: 'Business dictionaries' },
});
