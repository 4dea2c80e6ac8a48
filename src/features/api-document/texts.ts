import type { Lang } from '../../i18n';
import type { Bilingual } from '../../resources/types';

/** The visible texts of /setting/api-document (zh/en). */
export const DOC_TEXT = {
  title: { zh: '接口文档', en: 'API documentation' },
  services: { zh: '服务', en: 'Services' },
  search: { zh: '搜索接口', en: 'Search the API' },
  searchPlaceholder: {
    zh: '按路径、说明或权限码搜索（/ 聚焦，Esc 清空）',
    en: 'Search by path, summary or permission code (/ to focus, Esc to clear)',
  },
  download: { zh: '下载 openapi.json', en: 'Download openapi.json' },
  downloadFailed: { zh: 'openapi.json 下载失败', en: 'Failed to download openapi.json' },
  loading: { zh: '正在加载接口文档…', en: 'Loading the API reference…' },
  loadFailed: { zh: '接口文档加载失败', en: 'Failed to load the API reference' },
  retry: { zh: '重试', en: 'Retry' },
  empty: { zh: '暂无接口', en: 'No routes' },
  noMatch: { zh: '没有匹配的接口', en: 'No matching routes' },
  results: { zh: '搜索结果：{count} 个接口', en: 'Search results: {count} routes' },
  serviceRoutes: { zh: '{name}：{count} 个接口', en: '{name}: {count} routes' },
  keysHint: {
    zh: '↑/↓ 选择接口，Enter 查看详情',
    en: '↑/↓ move through the routes, Enter opens one',
  },
  method: { zh: '方法', en: 'Method' },
  path: { zh: '路径', en: 'Path' },
  access: { zh: '访问权限', en: 'Access' },
  summary: { zh: '说明', en: 'Summary' },
  open: { zh: '查看 {method} {path}', en: 'Open {method} {path}' },
  public: { zh: '公开', en: 'Public' },
  user: { zh: '登录用户', en: 'Signed-in user' },
  super: { zh: '超级管理员', en: 'Super administrator' },
  permission: { zh: '权限', en: 'Permission' },
  anyOf: { zh: '具备任一权限码', en: 'Any one of these codes' },
  clientAuth: {
    zh: '需要客户端认证（Authorization: Basic）',
    en: 'Needs client authentication (Authorization: Basic)',
  },
  parameters: { zh: '请求参数', en: 'Parameters' },
  noParameters: { zh: '无请求参数说明', en: 'No parameters documented' },
  name: { zh: '名称', en: 'Name' },
  location: { zh: '位置', en: 'In' },
  type: { zh: '类型', en: 'Type' },
  required: { zh: '必填', en: 'Required' },
  yes: { zh: '是', en: 'Yes' },
  no: { zh: '否', en: 'No' },
  description: { zh: '说明', en: 'Description' },
  constraints: { zh: '约束', en: 'Constraints' },
  operator: { zh: '默认运算：{op}', en: 'Default operator: {op}' },
  suffixes: { zh: '后缀：{list}', en: 'Suffixes: {list}' },
  body: { zh: '请求体', en: 'Request body' },
  noBody: { zh: '无请求体说明', en: 'No request body documented' },
  freeForm: {
    zh: '自由格式（未声明字段结构）',
    en: 'Free-form (no field structure declared)',
  },
  response: { zh: '响应', en: 'Response' },
  undocumented: {
    zh: '该接口没有更多说明。',
    en: 'This route has no further documentation.',
  },
  close: { zh: '关闭', en: 'Close' },
} as const satisfies Record<string, Bilingual>;

export type DocTextKey = keyof typeof DOC_TEXT;

/** A text of DOC_TEXT in `lang`, `{name}` placeholders filled (plain text, never HTML). */
export function docText(
  lang: Lang,
  key: DocTextKey,
  params?: Record<string, string | number>,
): string {
  let out: string = DOC_TEXT[key][lang];
  for (const [k, v] of Object.entries(params ?? {})) out = out.split(`{${k}}`).join(String(v));
  return out;
}
