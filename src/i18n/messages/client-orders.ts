/** Issue 27 items 5-6: the client order screens' dialogs (returns, cancels, failed place-orders). */
export const clientOrders = {
  zh: {
    'clientOrders.return.title': '退货退款：{orderNo}',
    'clientOrders.return.hint':
      '退回未使用的券码，按比例退回应用预存。可退 {refundable} 张；不填数量则全部退回。',
    'clientOrders.return.quantity': '退货数量',
    'clientOrders.return.reason': '退货原因',
    'clientOrders.return.reasonRequired': '请输入退货原因',
    'clientOrders.return.quantityInvalid': '退货数量须为1到{max}的整数',
    'clientOrders.return.done': '退货成功',
    'clientOrders.cancel.title': '取消订单：{orderNo}',
    'clientOrders.cancel.confirm': '确定取消该订单吗？已扣的预存将退回。',
    'clientOrders.cancel.done': '取消成功',
    'clientOrders.close.title': '关闭失败单：{orderNo}',
    'clientOrders.close.confirm': '关闭后该订单不再处理（预存已在失败时退回）。确定关闭吗？',
    'clientOrders.close.done': '关闭成功',
    'clientOrders.resend.title': '失败单重发：{orderNo}',
    'clientOrders.resend.confirm': '将失败结果再次通知应用（回调），由应用重新下单。确定重发吗？',
    'clientOrders.resend.done': '重发成功',
    'clientOrders.reissue.title': '失败单补发：{orderNo}',
    'clientOrders.reissue.confirm': '将重新扣减应用预存 {amount} 元并发放券码。确定补发吗？',
    'clientOrders.reissue.done': '补发已处理，结果见订单状态',
    'clientOrders.failed': '操作失败',
  },
  en: {
    'clientOrders.return.title': 'Return: {orderNo}',
    'clientOrders.return.hint':
      'Unused codes go back and the app prepay is credited pro rata. {refundable} can be returned; leave the quantity empty to return them all.',
    'clientOrders.return.quantity': 'Quantity',
    'clientOrders.return.reason': 'Reason',
    'clientOrders.return.reasonRequired': 'Please enter the reason',
    'clientOrders.return.quantityInvalid': 'A whole number from 1 to {max}',
    'clientOrders.return.done': 'Returned',
    'clientOrders.cancel.title': 'Cancel order: {orderNo}',
    'clientOrders.cancel.confirm': 'Cancel this order? A charged prepay is credited back.',
    'clientOrders.cancel.done': 'Cancelled',
    'clientOrders.close.title': 'Close failed order: {orderNo}',
    'clientOrders.close.confirm':
      'Nothing more will happen to this order (its prepay was returned when it failed). Close it?',
    'clientOrders.close.done': 'Closed',
    'clientOrders.resend.title': 'Resend failure: {orderNo}',
    'clientOrders.resend.confirm':
      'The failure is delivered to the app again (its callback) so that it places the order anew. Resend?',
    'clientOrders.resend.done': 'Resent',
    'clientOrders.reissue.title': 'Reissue failed order: {orderNo}',
    'clientOrders.reissue.confirm':
      'The app prepay is charged {amount} yuan again and codes are issued. Reissue?',
    'clientOrders.reissue.done': 'Reissue handled; see the order state',
    'clientOrders.failed': 'The operation failed',
  },
} as const;
