import { common } from './common';
import { auth } from './auth';
import { errors } from './errors';
import { lock } from './lock';
import { topbar } from './topbar';
import { profile } from './profile';
import { exportCentre } from './export-centre';
import { debugLog } from './debug-log';
import { layout } from './layout';
import { dashboard } from './dashboard';
import { shortcuts } from './shortcuts';
import { users } from './users';
import { palette } from './palette';

/**
 * Every message module, merged. A feature adds its own file ({zh, en} with the same keys) and
 * one line here. zh is the reference: en must carry every zh key (checked by the type below
 * and by i18n.test.ts).
 */
const modules = [
  common,
  auth,
  lock,
  errors,
  topbar,
  profile,
  exportCentre,
  debugLog,
  layout,
  dashboard,
  shortcuts,
  users,
  palette,
] as const;

type Merge<T extends readonly { zh: object }[]> = T extends readonly [
  infer H extends { zh: object },
  ...infer R extends readonly { zh: object }[],
]
  ? H['zh'] & Merge<R>
  : unknown;

export type ZhMessages = Merge<typeof modules>;
export type MessageKey = keyof ZhMessages & string;

export const zh = Object.assign({}, ...modules.map((m) => m.zh)) as Record<MessageKey, string>;
export const en = Object.assign({}, ...modules.map((m) => m.en)) as Record<MessageKey, string>;
export const moduleList: readonly { zh: Record<string, string>; en: Record<string, string> }[] =
  modules;
