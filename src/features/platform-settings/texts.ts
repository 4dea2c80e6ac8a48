import type { Bilingual } from '../../resources/types';

/** The visible texts of the platform configuration pages beyond their declarations (zh/en). */
export const PLATFORM_TEXT = {
  edit: { zh: '编辑', en: 'Edit' },
  save: { zh: '保存', en: 'Save' },
  cancel: { zh: '取消', en: 'Cancel' },
  saved: { zh: '修改成功', en: 'Saved successfully' },
  unchanged: { zh: '未修改（留空保持不变）', en: 'Unchanged (leave empty to keep it)' },
  secretSet: { zh: '已设置', en: 'Set' },
  secretNotSet: { zh: '未设置', en: 'Not set' },
  on: { zh: '已启用', en: 'Enabled' },
  off: { zh: '未启用', en: 'Disabled' },
  lastChanged: { zh: '最后修改：{user}，{time}', en: 'Last changed by {user} at {time}' },
  someone: { zh: '未知用户', en: 'unknown user' },
  never: { zh: '尚未保存过配置', en: 'Not configured yet' },
  requiredWhenEnabled: {
    zh: '带 * 的项在启用时必填；停用时可以先保存草稿。',
    en: 'Fields marked * are required while enabled; a disabled configuration may be saved as a draft.',
  },
  keys: { zh: 'Ctrl/⌘+S 保存，Esc 取消', en: 'Ctrl/Cmd+S saves, Esc cancels' },
  loadFailed: { zh: '配置加载失败', en: 'The configuration could not be loaded' },
  readOnly: {
    zh: '你可以查看该配置，但没有修改权限。',
    en: 'You can see this configuration but not change it.',
  },
} as const satisfies Record<string, Bilingual>;

/** `{name}` placeholders replaced. */
export const fill = (text: string, params: Record<string, string>) =>
  Object.entries(params).reduce((s, [k, v]) => s.split(`{${k}}`).join(v), text);
