/** Error pages (404, 403, 500) and the external-page frame (spec section 2). */
export const errors = {
  zh: {
    'session.ended.expired': '登录已过期，请重新登录',
    'session.ended.disabled': '账号已禁用，请联系管理员',
    'errorPage.notFound.title': '页面不存在',
    'errorPage.notFound.text': '抱歉，您访问的页面不存在或已被移除。',
    'errorPage.forbidden.title': '没有访问权限',
    'errorPage.forbidden.text': '抱歉，您没有权限访问此页面，请联系管理员。',
    'errorPage.server.title': '服务器出错了',
    'errorPage.server.text': '抱歉，服务器出现错误，请稍后重试。',
    'iframe.title': '外部页面 {host}',
    'iframe.refused': '仅支持打开 http 或 https 地址',
    'iframe.openNew': '在新窗口打开',
  },
  en: {
    'session.ended.expired': 'Your session has expired. Please sign in again.',
    'session.ended.disabled': 'Your account has been disabled. Please contact the administrator.',
    'errorPage.notFound.title': 'Page not found',
    'errorPage.notFound.text': 'Sorry, the page you visited does not exist or has been removed.',
    'errorPage.forbidden.title': 'Access denied',
    'errorPage.forbidden.text':
      'Sorry, you do not have permission to view this page. Please contact an administrator.',
    'errorPage.server.title': 'Server error',
    'errorPage.server.text': 'Sorry, the server ran into an error. Please try again later.',
    'iframe.title': 'External page {host}',
    'iframe.refused': 'Only http or https addresses can be opened',
    'iframe.openNew': 'Open in a new window',
  },
} as const;
