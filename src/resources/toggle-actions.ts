import { fieldEntries, type ResourceContract } from '../contracts/resource-contract';
import type { ActionDef } from './types';

/**
 * 启用 / 停用 of a contract whose switch is its `toggle` (behind the `enable` button): a row action
 * offered for the rows in the other state, and the same over a selection in the toolbar, each a
 * confirmed call of the contract's `enable` (`?ids=&<flag>=1|0`, all or nothing).
 */
export function toggleActions<Row extends object>(
  contract: Pick<ResourceContract, 'service' | 'fields' | 'codes' | 'resolvedCalls'>,
): { row: ActionDef<Row>[]; toolbar: ActionDef<Row>[] } {
  const flag = fieldEntries(contract).find(([, f]) => f.toggle)?.[0];
  const permission = contract.codes.enable;
  if (!flag || !permission) return { row: [], toolbar: [] };
  const path = `${contract.service}/${contract.resolvedCalls.enable.path}`;
  const set = (value: 0 | 1): ActionDef<Row> => {
    const on = value === 1;
    return {
      id: on ? 'enable' : 'disable',
      label: on ? { zh: '启用', en: 'Enable' } : { zh: '停用', en: 'Disable' },
      permission,
      ...(on ? {} : { color: 'orange' }),
      when: (row) => Number((row as Record<string, unknown>)[flag]) !== value,
      call: {
        path,
        params: (rows) => ({
          ids: rows.map((r) => String((r as { id: unknown }).id)).join(','),
          [flag]: String(value),
        }),
        confirm: on
          ? { zh: '确定启用所选记录？', en: 'Enable the chosen records?' }
          : { zh: '确定停用所选记录？', en: 'Disable the chosen records?' },
        done: on ? { zh: '启用成功', en: 'Enabled' } : { zh: '停用成功', en: 'Disabled' },
      },
    };
  };
  return { row: [set(1), set(0)], toolbar: [set(1), set(0)] };
}
