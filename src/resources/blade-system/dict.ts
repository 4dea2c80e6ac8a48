import { dictScreen } from './dict-defs';

/**
 * The system dictionary: blade-system/dict, shared by every tenant; only the super
 * administrator changes it (the server answers 403 to anyone else). Two menu screens with their
 * own button codes: /system/dict (default export) and /setting/dict.
 */
export default dictScreen({
  service: 'blade-system/dict',
  route: '/system/dict',
  menu: 'dict',
  title: { zh: '系统字典', en: 'System dictionary' },
});

export const settingDict = dictScreen({
  service: 'blade-system/dict',
  route: '/setting/dict',
  menu: 'setting_dict',
  title: { zh: '字典管理', en: 'Dictionaries' },
});
