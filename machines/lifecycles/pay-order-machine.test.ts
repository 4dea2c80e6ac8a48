import { describe, expect, it } from 'vitest';
import { allowedEvents, nextState, refusedMessage } from './lifecycle';
import { payOrderLifecycle as pay } from './pay-order-machine';

describe('pay order lifecycle', () => {
  it('moves created -> paid -> partRefunded -> refunded', () => {
    expect(nextState(pay, 'created', 'pay')).toBe('paid');
    expect(nextState(pay, 'paid', 'refundPart')).toBe('partRefunded');
    expect(nextState(pay, 'partRefunded', 'refundPart')).toBe('partRefunded');
    expect(nextState(pay, 'partRefunded', 'refundAll')).toBe('refunded');
    expect(nextState(pay, 'paid', 'refundAll')).toBe('refunded');
    expect(nextState(pay, 'created', 'close')).toBe('closed');
  });

  it('refuses refunds before payment, a second payment and anything after the end', () => {
    expect(nextState(pay, 'created', 'refundPart')).toBeUndefined();
    expect(nextState(pay, 'created', 'refundAll')).toBeUndefined();
    expect(nextState(pay, 'paid', 'pay')).toBeUndefined();
    expect(nextState(pay, 'paid', 'close')).toBeUndefined();
    expect(allowedEvents(pay, 'refunded')).toEqual([]);
    expect(allowedEvents(pay, 'closed')).toEqual([]);
    expect(nextState(pay, 'nonsense', 'pay')).toBeUndefined();
  });

  it('names the current state in a refusal', () => {
    expect(refusedMessage(pay, 'closed')).toBe('支付订单当前状态为「已关闭」，不能执行此操作');
  });
});
