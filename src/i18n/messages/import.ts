/** The import dialog (resources/parts/import-dialog.tsx) and its configurations (users). */
export const imports = {
  zh: {
    'import.template': '下载模板',
    'import.templateHint':
      '请先下载模板，按模板填写后上传。仅支持 .xlsx 文件，单个文件不超过{size}M。',
    'import.templateFailed': '模板下载失败',
    'import.file': '导入文件',
    'import.filePlaceholder': '选择 .xlsx 文件',
    'import.wrongType': '只能上传 {types} 格式的文件',
    'import.tooLarge': '单个文件不能超过{size}M',
    'import.chooseFile': '请选择要导入的文件',
    'import.cover': '覆盖已有数据',
    'import.submit': '开始导入',
    'import.uploading': '正在上传并校验数据，请稍候…',
    'import.success': '导入成功',
    'import.successCounts': '共 {total} 条：新增 {created} 条，更新 {updated} 条。',
    'import.duplicate': '该文件已导入过',
    'import.duplicateDetail':
      '该文件已于 {time} 导入成功（新增 {created} 条，更新 {updated} 条），本次未重复导入。',
    'import.failed': '导入失败',
    'import.failedDetail':
      '{failed} 行数据有误，未导入任何数据。请下载导入结果，按“错误原因”修改后重新上传。',
    'import.errorCell': '第 {row} 行 {column}：{message}',
    'import.errorRow': '第 {row} 行：{message}',
    'import.moreErrors': '……共 {count} 处问题，完整内容见导入结果。',
    'import.downloadResult': '下载导入结果',
    'import.resultFailed': '导入结果下载失败',
    'import.resultFile': '{name}-导入结果.xlsx',
    'import.users.title': '导入用户',
    'import.users.hint':
      '账户、姓名必填；角色、部门、岗位填写名称（角色也可填别名），多个用逗号分隔。新用户没有可登录的初始密码：导入后请用「密码重置」为其生成一次性密码（仅显示一次），首次登录时须修改。',
    'import.users.coverHint': '开启后，账户已存在的行将更新该用户的资料；关闭时这些行视为错误。',
    'import.users.templateFile': '用户数据模板.xlsx',
  },
  en: {
    'import.template': 'Download template',
    'import.templateHint':
      'Download the template first, fill it in and upload it. Only .xlsx files, at most {size}M each.',
    'import.templateFailed': 'The template could not be downloaded',
    'import.file': 'File to import',
    'import.filePlaceholder': 'Choose an .xlsx file',
    'import.wrongType': 'Only files of type {types} can be uploaded',
    'import.tooLarge': 'A single file cannot exceed {size}M',
    'import.chooseFile': 'Please choose a file to import',
    'import.cover': 'Overwrite existing records',
    'import.submit': 'Import',
    'import.uploading': 'Uploading and checking the rows…',
    'import.success': 'Imported',
    'import.successCounts': '{total} rows: {created} created, {updated} updated.',
    'import.duplicate': 'This file was imported before',
    'import.duplicateDetail':
      'This file was imported on {time} ({created} created, {updated} updated); nothing was imported again.',
    'import.failed': 'Import failed',
    'import.failedDetail':
      '{failed} rows are wrong, so nothing was imported. Download the result file, fix the rows as its last column says and upload again.',
    'import.errorCell': 'Row {row}, {column}: {message}',
    'import.errorRow': 'Row {row}: {message}',
    'import.moreErrors': '… {count} problems in all; the result file lists every one.',
    'import.downloadResult': 'Download result file',
    'import.resultFailed': 'The result file could not be downloaded',
    'import.resultFile': '{name}-import-result.xlsx',
    'import.users.title': 'Import users',
    'import.users.hint':
      'Account and real name are required; roles, departments and posts by name (roles also by alias), several separated by commas. New users get no password to sign in with: after the import, use Reset password to give them one-time passwords (shown once), to be changed at first sign-in.',
    'import.users.coverHint':
      'When on, rows whose account exists update that user; when off, such rows are errors.',
    'import.users.templateFile': 'user-import-template.xlsx',
  },
} as const;
