/** System settings screens' own dialogs (issue 6): the SMS test message. */
export const systemSettings = {
  zh: {
    'systemSettings.sms.sendTitle': '发送短信',
    'systemSettings.sms.withSetting': '短信配置：{code}（模板 {template}）',
    'systemSettings.sms.withEnabled': '使用本租户已启用的短信配置发送',
    'systemSettings.sms.phones': '手机号',
    'systemSettings.sms.phonesHint': '多个手机号用逗号或换行分隔，最多{max}个',
    'systemSettings.sms.phonesRequired': '请输入手机号',
    'systemSettings.sms.phonesTooMany': '一次最多发送{max}个手机号',
    'systemSettings.sms.phoneInvalid': '手机号格式不正确：{phone}',
    'systemSettings.sms.params': '模板参数',
    'systemSettings.sms.paramsHint': 'JSON格式，例如 {"code":"1234"}；模板没有参数可留空',
    'systemSettings.sms.paramsInvalid': '模板参数必须是JSON对象，例如 {"code":"1234"}',
    'systemSettings.sms.send': '发送',
    'systemSettings.sms.sent': '已发送 {count} 条短信',
  },
  en: {
    'systemSettings.sms.sendTitle': 'Send a text message',
    'systemSettings.sms.withSetting': 'SMS setting: {code} (template {template})',
    'systemSettings.sms.withEnabled': "Sent with the tenant's enabled SMS setting",
    'systemSettings.sms.phones': 'Phone numbers',
    'systemSettings.sms.phonesHint': 'Separate numbers with commas or new lines; at most {max}',
    'systemSettings.sms.phonesRequired': 'Please enter a phone number',
    'systemSettings.sms.phonesTooMany': 'At most {max} phone numbers at a time',
    'systemSettings.sms.phoneInvalid': 'Invalid phone number: {phone}',
    'systemSettings.sms.params': 'Template parameters',
    'systemSettings.sms.paramsHint':
      'JSON, e.g. {"code":"1234"}; leave empty when the template has none',
    'systemSettings.sms.paramsInvalid':
      'Template parameters must be a JSON object, e.g. {"code":"1234"}',
    'systemSettings.sms.send': 'Send',
    'systemSettings.sms.sent': '{count} messages sent',
  },
} as const;
