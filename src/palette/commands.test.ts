import { describe, expect, it, vi } from 'vitest';
import type { ButtonNode, RouteNode } from '../contracts/auth';
import { actionCommands, screenCommands } from './commands';
import { commandRows, moveSelection, GROUP_CAP } from './rows';
import { paletteScopes, parseScope } from './scopes';
import { userLookup } from './lookups/users';

const node = (id: string, name: string, nameEn: string, path: string, children?: RouteNode[]) =>
  ({
    id,
    parentId: '0',
    code: id,
    name,
    nameEn,
    path,
    source: '',
    sort: 0,
    isOpen: 1,
    hasChildren: !!children,
    ...(children ? { children } : {}),
  }) satisfies RouteNode;

const tree = [
  node('system', '系统管理', 'System', '/system', [
    node('user', '用户管理', 'Users', '/system/user'),
    node('role', '角色管理', 'Roles', '/system/role'),
  ]),
  node('supplier', '供应商管理', 'Suppliers', '/supplier/list'),
];
const leaves = [tree[0]!.children![0]!, tree[0]!.children![1]!, tree[1]!];

const button = (code: string, name: string, alias: string, action: number): ButtonNode => ({
  id: code,
  parentId: '',
  code,
  name,
  alias,
  path: '',
  action,
});

describe('screen commands', () => {
  it('lists every leaf with its breadcrumb in both languages and runs it', () => {
    const go = vi.fn();
    const commands = screenCommands(tree, go);
    expect(commands.map((c) => c.label.zh)).toEqual(['用户管理', '角色管理', '供应商管理']);
    expect(commands[0]!.detail).toEqual({ zh: '系统管理 / 用户管理', en: 'System / Users' });
    expect(commands[0]!.keywords).toContain('系统管理');
    const perform = commands[0]!.perform;
    if (perform.kind === 'run') perform.run();
    expect(go).toHaveBeenCalledWith(leaves[0]);
  });
});

describe('action commands from the held buttons', () => {
  const buttons: ButtonNode[] = [
    {
      ...button('user', '用户管理', '', 0),
      children: [
        button('user_add', '新增', 'add', 1),
        button('user_edit', '编辑', 'edit', 2),
        button('user_export', '导出', 'export', 3),
      ],
    },
    {
      ...button('supplier', '供应商管理', '', 0),
      children: [button('supplier_add', '新增', 'add', 1)],
    },
  ];

  it('makes toolbar buttons commands ("新增 用户管理" / "New · Users"), not row buttons', () => {
    const commands = actionCommands(buttons, leaves, vi.fn());
    expect(commands.map((c) => c.label)).toEqual([
      { zh: '新增 用户管理', en: 'New · Users' },
      { zh: '导出 用户管理', en: 'Export · Users' },
      { zh: '新增 供应商管理', en: 'New · Suppliers' },
    ]);
    expect(commands[0]!.keywords).toContain('user_add');
  });

  it('opens the screen with the action', () => {
    const open = vi.fn();
    const [first] = actionCommands(buttons, leaves, open);
    if (first?.perform.kind === 'run') first.perform.run();
    expect(open).toHaveBeenCalledWith('/system/user', 'add');
  });

  it('skips buttons of screens the user cannot see', () => {
    expect(actionCommands(buttons, [leaves[0]!], vi.fn()).map((c) => c.id)).toEqual([
      'action:user_add',
      'action:user_export',
    ]);
  });
});

describe('rows', () => {
  const many = Array.from({ length: 30 }, (_, i) => ({
    id: `s${i}`,
    group: 'screens' as const,
    label: { zh: `页面${i}`, en: `Screen ${i}` },
    perform: { kind: 'run' as const, run: () => undefined },
  }));

  it('caps each group and offers "show more" with the hidden count; expanded shows all', () => {
    const rows = commandRows({ screens: many }, new Set());
    expect(rows[0]).toMatchObject({ kind: 'header', group: 'screens' });
    expect(rows.filter((r) => r.kind === 'command')).toHaveLength(GROUP_CAP.screens);
    expect(rows.at(-1)).toMatchObject({ kind: 'more', hidden: 30 - GROUP_CAP.screens });
    expect(
      commandRows({ screens: many }, new Set(['screens'])).filter((r) => r.kind === 'command'),
    ).toHaveLength(30);
  });

  it('moves the selection over selectable rows only, wrapping', () => {
    const rows = commandRows({ screens: many.slice(0, 2), tabs: many.slice(2, 3) }, new Set());
    const keys = rows.filter((r) => r.kind !== 'header').map((r) => r.key);
    expect(moveSelection(rows, undefined, 1)).toBe(keys[0]);
    expect(moveSelection(rows, keys[1], 1)).toBe(keys[2]);
    expect(moveSelection(rows, keys[2], 1)).toBe(keys[0]);
    expect(moveSelection(rows, keys[0], -1)).toBe(keys[2]);
  });

  it('reads "u: term" only for registered scopes, with a full-width colon too', () => {
    const scopes = paletteScopes([userLookup]);
    const read = (q: string) => {
      const found = parseScope(q, scopes);
      return found && { prefix: found.scope.prefix, term: found.term };
    };
    expect(read('u:sales')).toEqual({ prefix: 'u:', term: 'sales' });
    expect(read(' U： 周 ')).toEqual({ prefix: 'u:', term: '周' });
    expect(read('x:sales')).toBeUndefined();
    expect(read('sales')).toBeUndefined();
    expect(read('> lock')).toEqual({ prefix: '>', term: 'lock' });
    expect(read('t:user')).toEqual({ prefix: 't:', term: 'user' });
    // Without the users look-up (no permission) u: is plain text.
    expect(parseScope('u:sales', paletteScopes([]))).toBeUndefined();
  });
});
