/** The dictionary screens beyond their declarations: the two layouts, the entries dialog. */
export const dict = {
  zh: {
    'dict.configTitle': '字典配置',
    'dict.dictionaries': '字典',
    'dict.entries': '字典项',
    'dict.chooseLeft': '点击左侧的字典（或在行上按 Enter），查看并维护其字典项。',
    'dict.chooseAbove': '点击上方的字典（或在行上按 Enter），查看并维护其字典项。',
    'dict.systemOnly': '系统字典由所有租户共用，仅超级管理员可以修改。',
    'dict.sealed': '该字典已封存，仅超级管理员可以修改其字典项。',
    'dict.configTitleOf': '字典配置：{name}',
    'dict.entriesOf': '字典项：{name}',
    'dict.name': '{value}（{code}）',
    'dict.layout.horizontal': '字典管理(横向)',
    'dict.layout.vertical': '字典管理(纵向)',
  },
  en: {
    'dict.configTitle': 'Dictionary configuration',
    'dict.dictionaries': 'Dictionaries',
    'dict.entries': 'Entries',
    'dict.chooseLeft':
      'Click a dictionary on the left (or press Enter on its row) to see and edit its entries.',
    'dict.chooseAbove':
      'Click a dictionary above (or press Enter on its row) to see and edit its entries.',
    'dict.systemOnly':
      'The system dictionary is shared by every tenant: only the super administrator can change it.',
    'dict.sealed':
      'This dictionary is sealed: only the super administrator can change its entries.',
    'dict.configTitleOf': 'Dictionary configuration: {name}',
    'dict.entriesOf': 'Entries: {name}',
    'dict.name': '{value} ({code})',
    'dict.layout.horizontal': 'Dictionary (horizontal)',
    'dict.layout.vertical': 'Dictionary (vertical)',
  },
} as const;
