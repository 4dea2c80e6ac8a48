/** The keyboard shortcut cheat sheet (`?`); each shortcut's own text sits in lib/shortcuts.ts. */
export const shortcuts = {
  zh: {
    'shortcuts.title': '快捷键',
    'shortcuts.scope.global': '全局',
    'shortcuts.scope.tabs': '标签页',
    'shortcuts.scope.palette': '命令面板',
    'shortcuts.scope.list': '列表',
    'shortcuts.column.keys': '按键',
    'shortcuts.column.action': '操作',
    'shortcuts.requiresPermission': '需要权限 {code}',
  },
  en: {
    'shortcuts.title': 'Keyboard shortcuts',
    'shortcuts.scope.global': 'Global',
    'shortcuts.scope.tabs': 'Tabs',
    'shortcuts.scope.palette': 'Command palette',
    'shortcuts.scope.list': 'Lists',
    'shortcuts.column.keys': 'Keys',
    'shortcuts.column.action': 'Action',
    'shortcuts.requiresPermission': 'Requires permission {code}',
  },
} as const;
