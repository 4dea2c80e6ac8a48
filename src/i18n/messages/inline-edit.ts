/** Inline cell editing in resource tables (spec section 4). */
export const inlineEdit = {
  zh: {
    'inlineEdit.edit': '编辑',
    'inlineEdit.editCell': '编辑{label}',
    'inlineEdit.saving': '保存中…',
    'inlineEdit.reload': '刷新',
    'inlineEdit.errors.stale': '数据已被其他用户修改，请刷新后重试',
    'inlineEdit.errors.failed': '保存失败，请重试',
  },
  en: {
    'inlineEdit.edit': 'Edit',
    'inlineEdit.editCell': 'Edit {label}',
    'inlineEdit.saving': 'Saving…',
    'inlineEdit.reload': 'Reload',
    'inlineEdit.errors.stale': 'Modified by another user; reload and try again',
    'inlineEdit.errors.failed': 'Save failed, please try again',
  },
} as const;
