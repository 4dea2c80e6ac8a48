import type { Bilingual } from '../../resources/types';

/** The visible texts of the personalisation page (zh/en). */
export const PERSONALISE_PAGE_TEXT = {
  title: { zh: '个性化设置', en: 'Personalisation' },
  intro: {
    zh: '站点名称、主题色和图标对本租户的所有用户生效，保存后立即应用。',
    en: "The site name, theme colour and logos apply to every user of this tenant as soon as they're saved.",
  },
  readOnly: {
    zh: '你可以查看个性化设置，但没有修改权限。',
    en: 'You can see the personalisation but not change it.',
  },
  sideNameHint: {
    zh: '显示在页头和浏览器标签上，最多32个字符；留空使用默认名称',
    en: 'Shown in the header and the browser tab, at most 32 characters; empty = the default name',
  },
  colorHint: { zh: '按钮、链接和选中项的颜色', en: 'The colour of buttons, links and selections' },
  smallLogoHint: {
    zh: '浏览器标签上的小图标（favicon）',
    en: 'The small icon on the browser tab (favicon)',
  },
  navLogoHint: {
    zh: '页头左侧站点名称前的图标',
    en: 'The logo before the site name in the header',
  },
  upload: { zh: '上传图片', en: 'Upload image' },
  replace: { zh: '更换图片', en: 'Replace image' },
  remove: { zh: '移除', en: 'Remove' },
  logoRules: { zh: '支持 JPG/PNG 格式，不超过 500KB', en: 'JPG or PNG, at most 500KB' },
  wrongType: { zh: '图标只能是 JPG/PNG 格式', en: 'The logo must be a JPG or PNG image' },
  tooLarge: { zh: '图标大小不能超过 500KB', en: 'The logo cannot exceed 500KB' },
  uploadFailed: { zh: '上传失败，请重试', en: 'Upload failed, please try again' },
  none: { zh: '未设置', en: 'Not set' },
  preview: { zh: '预览', en: 'Preview' },
  previewTab: { zh: '首页', en: 'Home' },
  previewHeader: { zh: '页头', en: 'Header' },
  previewBrowserTab: { zh: '浏览器标签', en: 'Browser tab' },
  previewButton: { zh: '主要按钮', en: 'Primary button' },
  save: { zh: '保存', en: 'Save' },
  reset: { zh: '恢复默认', en: 'Reset to defaults' },
  resetHint: {
    zh: '恢复默认后需要保存才会生效',
    en: 'Save to apply the defaults',
  },
  saved: { zh: '修改成功', en: 'Saved successfully' },
  unsaved: { zh: '有未保存的修改', en: 'Unsaved changes' },
  loadFailed: { zh: '个性化设置加载失败', en: 'The personalisation could not be loaded' },
} as const satisfies Record<string, Bilingual>;
