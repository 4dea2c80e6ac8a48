import type { FilterDef } from '../engine/filters';
import type { Bilingual, ColumnDef } from '../types';
import type { LogField } from './log-detail';

/** Columns, filters and detail fields the three logs share (contract.md 4.13). */

/** A log row as blade-log/{usual|api|error}/list answers it (texts; '' for empty). */
export interface LogRow {
  id: string;
  serviceId: string;
  serverHost: string;
  serverIp: string;
  env: string;
  method: string;
  requestUri: string;
  userAgent: string;
  remoteIp: string;
  methodClass: string;
  methodName: string;
  time: string;
  createBy: string;
  createTime: string;
  [field: string]: string | number;
}

export const L = {
  requestUri: { zh: '请求地址', en: 'Request URL' },
  method: { zh: '请求方法', en: 'Method' },
  createBy: { zh: '操作人', en: 'User' },
  remoteIp: { zh: 'IP 地址', en: 'IP address' },
  time: { zh: '耗时（毫秒）', en: 'Duration (ms)' },
  createTime: { zh: '时间', en: 'Time' },
  serviceId: { zh: '服务', en: 'Service' },
  serverHost: { zh: '服务器', en: 'Server host' },
  serverIp: { zh: '服务器 IP', en: 'Server IP' },
  env: { zh: '运行环境', en: 'Environment' },
  userAgent: { zh: '用户代理', en: 'User agent' },
  methodClass: { zh: '接口路由', en: 'Route' },
  params: { zh: '请求参数', en: 'Parameters' },
} satisfies Record<string, Bilingual>;

export const column = (
  field: string,
  label: Bilingual,
  more: Partial<ColumnDef<LogRow>> = {},
): ColumnDef<LogRow> => ({ field, label, ...more });

export const COMMON_COLUMNS_END: readonly ColumnDef<LogRow>[] = [
  column('createBy', L.createBy, { width: 140 }),
  column('remoteIp', L.remoteIp, { width: 140 }),
  column('time', L.time, { width: 120 }),
  column('createTime', L.createTime, { kind: 'dateTime', sortable: true, width: 180 }),
  column('serviceId', L.serviceId, { hiddenByDefault: true }),
  column('serverHost', L.serverHost, { hiddenByDefault: true }),
  column('userAgent', L.userAgent, { hiddenByDefault: true }),
];

export const COMMON_FILTERS: readonly FilterDef[] = [
  { name: 'createBy', kind: 'input', label: L.createBy },
  { name: 'requestUri', kind: 'input', label: L.requestUri },
  { name: 'createTime', kind: 'dateRange', label: L.createTime },
];

export const COMMON_FIELDS_START: readonly LogField[] = [
  { field: 'requestUri', label: L.requestUri },
  { field: 'method', label: L.method },
  { field: 'createBy', label: L.createBy },
  { field: 'createTime', label: L.createTime },
  { field: 'remoteIp', label: L.remoteIp },
  { field: 'time', label: L.time },
];

export const COMMON_FIELDS_END: readonly LogField[] = [
  { field: 'serviceId', label: L.serviceId },
  { field: 'methodClass', label: L.methodClass },
  { field: 'serverHost', label: L.serverHost },
  { field: 'serverIp', label: L.serverIp },
  { field: 'env', label: L.env },
  { field: 'userAgent', label: L.userAgent },
  { field: 'params', label: L.params, block: true },
];

export const DETAILS = { zh: '详情', en: 'Details' };
