/** Inline cell editing in resource tables (spec section 4). */
export const inlineEdit = {
  zh: {
    'inlineEdit.edit': '编辑',
    'inlineEdit.editCell': '编辑{label}',
    'inlineEdit.editCellOf': '编辑 {name} 的{label}',
    'inlineEdit.start': '{label}开始日期',
    'inlineEdit.end': '{label}结束日期',
    'inlineEdit.saving': '保存中…',
    'inlineEdit.reload': '刷新',
    'inlineEdit.errors.stale': '数据已被其他用户修改，请刷新后重试',
    'inlineEdit.errors.failed': '保存失败，请重试',
  },
  en: {
    'inlineEdit.edit': 'Edit',
    'inlineEdit.editCell': 'Edit {label}',
    'inlineEdit.editCellOf': 'Edit {label} of {name}',
    'inlineEdit.start': '{label} start date',
    'inlineEdit.end': '{label} end date',
    'inlineEdit.saving': 'Saving…',
    'inlineEdit.reload': 'Reload',
    'inlineEdit.errors.stale': 'Modified by another user; reload and try again',
    'inlineEdit.errors.failed': 'Save failed, please try again',
  },
} as const;
