import { describe, expect, it } from 'vitest';
import type { Supplier } from '../../contracts/platform-supplier/sup';
import sup from './sup';
import { SUP_FORM_DEF } from './sup-form';

const row = (over: Partial<Supplier> = {}) => ({ id: '1', status: 1, ...over }) as Supplier;

describe('the suppliers declaration', () => {
  it('lists code, name, contact, settlement, supply type, status and created time', () => {
    expect(sup.route).toBe('/supplier/supplier-list');
    expect(sup.service).toBe('blade-quanyi-platform-supplier/sup');
    expect(sup.columns.filter((c) => !c.hiddenByDefault).map((c) => c.field)).toEqual([
      'supCode',
      'supName',
      'contactName',
      'settlementType',
      'supplyType',
      'status',
      'createTime',
    ]);
    const supply = sup.columns.find((c) => c.field === 'supplyType')!;
    expect(supply.label).toEqual({ zh: '供货方式', en: 'Supply type' });
    expect(supply.options?.map((o) => o.label.en)).toEqual([
      'Coupon code',
      'Direct recharge',
      'Interface card',
    ]);
    // The contact phone arrives encrypted: never a column (nor in the detail drawer).
    expect(sup.columns.map((c) => c.field)).not.toContain('contactPhone');
    expect(sup.columns.map((c) => c.field)).not.toContain('interfaceSecret');
  });

  it('filters by code, name, supply type, settlement type, status and created range', () => {
    expect(sup.filters?.map((f) => [f.name, f.kind])).toEqual([
      ['supCode', 'input'],
      ['supName', 'input'],
      ['supplyType', 'select'],
      ['settlementType', 'select'],
      ['status', 'select'],
      ['createTime', 'dateRange'],
    ]);
    const status = sup.filters?.find((f) => f.name === 'status');
    expect(status?.options?.map((o) => [o.value, o.label.zh])).toEqual([
      ['1', '启用'],
      ['0', '停用'],
    ]);
  });

  it('edits every submit field in its own dialog, the secret as a password, sandbox first', () => {
    expect(sup.formDialog).toBeTypeOf('function');
    const form = SUP_FORM_DEF.form ?? [];
    expect(form.map((f) => f.name)).toEqual([
      'supCode',
      'supName',
      'shortName',
      'contactName',
      'contactPhone',
      'settlementType',
      'supplyType',
      'driver',
      'interfaceEndpoint',
      'interfaceKey',
      'interfaceSecret',
      'remark',
    ]);
    const field = (name: string) => form.find((f) => f.name === name)!;
    expect(field('supCode').required?.zh).toBe('请输入供应商编码');
    expect(field('contactPhone').maxLength).toBe(11);
    expect(field('driver')).toMatchObject({ kind: 'select', initial: 'sandbox' });
    expect(field('interfaceSecret').kind).toBe('password');
    expect(field('settlementType').options?.map((o) => o.label.zh)).toEqual(['预付', '后付']);
  });

  it('enables and disables through sup/enable with ids and status, behind supplier_enable', () => {
    const actions = sup.rowActions ?? [];
    const enable = actions.find((a) => a.id === 'enable')!;
    const disable = actions.find((a) => a.id === 'disable')!;
    expect(enable.permission).toBe('supplier_enable');
    expect(enable.when?.(row({ status: 0 }))).toBe(true);
    expect(enable.when?.(row({ status: 1 }))).toBe(false);
    expect(disable.when?.(row({ status: 1 }))).toBe(true);
    expect(disable.call?.path).toBe('blade-quanyi-platform-supplier/sup/enable');
    expect(disable.call?.params?.([row({ id: '7' })])).toEqual({ ids: '7', status: '0' });
    const bulk = (sup.toolbarActions ?? []).find((a) => a.id === 'enableSelected')!;
    expect(bulk.selection).toBe('some');
    expect(bulk.call?.params?.([row({ id: '1' }), row({ id: '2' })])).toEqual({
      ids: '1,2',
      status: '1',
    });
    expect(sup.permissions).toEqual({
      add: 'supplier_add',
      edit: 'supplier_edit',
      remove: 'supplier_delete',
      view: 'supplier_view',
      export: 'supplier_export',
    });
    expect(sup.export).toEqual({ excelType: 'export-supplier' });
  });
});
