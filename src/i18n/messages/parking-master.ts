import { PLATE_MESSAGE } from '../../contracts/platform-parking/plate';

/** The parking lot screen's dialogs (import, load data, pay settings, auth codes) and the car
 * form's plate check (the contract's message, so the form and the server say the same).
 */
export const parkingMaster = {
  zh: {
    'parkingMaster.plate': PLATE_MESSAGE.zh,
    'parkingMaster.import.title': '导入停车场',
    'parkingMaster.import.templateFile': '停车场导入模板.xlsx',
    'parkingMaster.import.hint':
      '每行一个停车场：车场编号、车场名称、对接方式必填；地区填名称或区划编号；权益供应商填供应商编码。已有的车场编号不能导入。',
    'parkingMaster.load.title': '同步数据',
    'parkingMaster.load.confirm':
      '从停车场运营方接口同步全部启用车场的数据与近7天账单？已记录的账单不会重复，重复点击只会发送一次。',
    'parkingMaster.load.submit': '开始同步',
    'parkingMaster.load.done': '同步完成',
    'parkingMaster.load.result':
      '车场 {lots} 个（新增 {lotsAdded} 个），新增账单 {billsAdded} 条、无感支付流水 {flowsAdded} 条。',
    'parkingMaster.cancel': '取消',
    'parkingMaster.save': '保存',
    'parkingMaster.close': '关闭',
    'parkingMaster.loading': '加载中…',
    'parkingMaster.loadFailed': '加载失败',
    'parkingMaster.pay.title': '支付设置：{name}',
    'parkingMaster.pay.freeMinutes': '免费时长（分钟）',
    'parkingMaster.pay.pricePerHour': '每小时价格（元）',
    'parkingMaster.pay.dailyCap': '每日封顶（元，0为不封顶）',
    'parkingMaster.pay.monthPrice': '月票价格（元）',
    'parkingMaster.pay.channels': '支付渠道',
    'parkingMaster.pay.merchantNo': '商户号',
    'parkingMaster.pay.none': '该停车场尚未设置，以下为默认值',
    'parkingMaster.pay.saved': '支付设置已保存',
    'parkingMaster.auth.title': '授权码：{name}',
    'parkingMaster.auth.none': '该停车场未设置权益供应商，没有授权码',
    'parkingMaster.auth.sup': '权益供应商',
    'parkingMaster.auth.code': '授权码',
  },
  en: {
    'parkingMaster.plate': PLATE_MESSAGE.en,
    'parkingMaster.import.title': 'Import parking lots',
    'parkingMaster.import.templateFile': 'parking-lot-template.xlsx',
    'parkingMaster.import.hint':
      'One lot per row: lot code, lot name and interface are required; the region by names or codes; the supplier by its code. A lot code that exists cannot be imported.',
    'parkingMaster.load.title': 'Load data',
    'parkingMaster.load.confirm':
      "Load every enabled lot's data and last 7 days' bills from the parking operator? Bills already recorded are not added again; clicking again sends one request.",
    'parkingMaster.load.submit': 'Start loading',
    'parkingMaster.load.done': 'Data loaded',
    'parkingMaster.load.result':
      '{lots} lots ({lotsAdded} new), {billsAdded} new bills and {flowsAdded} new smart-pay flows.',
    'parkingMaster.cancel': 'Cancel',
    'parkingMaster.save': 'Save',
    'parkingMaster.close': 'Close',
    'parkingMaster.loading': 'Loading…',
    'parkingMaster.loadFailed': 'Could not load',
    'parkingMaster.pay.title': 'Pay settings: {name}',
    'parkingMaster.pay.freeMinutes': 'Free minutes',
    'parkingMaster.pay.pricePerHour': 'Price per hour (yuan)',
    'parkingMaster.pay.dailyCap': 'Daily cap (yuan, 0 = none)',
    'parkingMaster.pay.monthPrice': 'Month ticket (yuan)',
    'parkingMaster.pay.channels': 'Pay channels',
    'parkingMaster.pay.merchantNo': 'Merchant number',
    'parkingMaster.pay.none': 'This lot has no setting yet; these are the defaults',
    'parkingMaster.pay.saved': 'Pay settings saved',
    'parkingMaster.auth.title': 'Auth codes: {name}',
    'parkingMaster.auth.none': 'This lot offers no supplier rights: no auth code',
    'parkingMaster.auth.sup': 'Supplier',
    'parkingMaster.auth.code': 'Auth code',
  },
} as const;
