import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translate, type MessageKey } from './index';
import './console-messages';

/**
 * One success text per kind of action (issue 25 item 18; spec section 8: 添加成功, 修改成功,
 * 删除成功, 操作成功): a create says messages.added, a save messages.updated, a delete
 * messages.deleted, anything else generic messages.operationDone, whichever screen it is on. A
 * toast of its own is for an action of its own (启用成功, 补发成功, 已作废 N 个券码 ...).
 */
const SRC = path.resolve(__dirname, '..');
const COMMON = new Set([
  'messages.added',
  'messages.updated',
  'messages.deleted',
  'messages.operationDone',
  'messages.modified',
]);
/** The generic outcomes, and their synonyms that made the same action read differently. */
const GENERIC = new Set([
  '添加成功',
  '新增成功',
  '修改成功',
  '保存成功',
  '设置成功',
  '删除成功',
  '操作成功',
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [full] : [];
  });
}

describe('success toasts', () => {
  it('say a generic outcome with the one common text of its kind', () => {
    const call = /(?:toast\(\s*'success',|notifySuccess\(|notifyDone\()\s*t\(\s*'([\w.]+)'/g;
    const used = sources(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(call)].map((m) => ({
        file: path.relative(SRC, file),
        key: m[1]!,
      })),
    );
    expect(used.length).toBeGreaterThan(20);
    const own = used.filter(
      ({ key }) => !COMMON.has(key) && GENERIC.has(translate('zh', key as MessageKey)),
    );
    expect(own).toEqual([]);
    for (const key of COMMON)
      expect(translate('zh', key as MessageKey)).not.toMatch(/新增|保存|设置/);
  });
});
