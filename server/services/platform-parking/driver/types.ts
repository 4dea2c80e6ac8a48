/**
 * The parking operator's interface (issue 28 item 1, domain.md "External systems are drivers"):
 * a lot's `operator` column picks the driver, `sandbox` (embedded default: deterministic lots and
 * bills, latency and failures on request) or `http` (JSON over HTTPS, HMAC-signed). Callers get
 * answers or a DriverError with a zh message (the supplier drivers' class and texts).
 */
export { DriverError } from '../../platform-supplier/driver/types.js';

/** A lot as the operator lists it. */
export interface DriverLot {
  lotCode: string;
  lotName: string;
  spaces: number;
  address?: string;
}

/** A bill as the operator reports it; money in fen, times 'yyyy-MM-dd HH:mm:ss'. */
export interface DriverBill {
  billNo: string;
  billType: 'temporary' | 'monthTicket';
  plateNo: string;
  enterTime?: string | null;
  leaveTime?: string | null;
  ticketStart?: string | null;
  ticketEnd?: string | null;
  amountDue: number;
  discountAmount: number;
  rightDeduction: number;
  paidAmount: number;
  payChannel?: string | null;
  payTime?: string | null;
  rightCode?: string | null;
  providerCode?: string | null;
  providerName?: string | null;
  state: 'unpaid' | 'paid';
  billTime: string;
  /** Paid by a smart-pay (无感支付) deduction: the load records its flow. */
  smartPay?: boolean;
}

export interface ParkingDriver {
  readonly name: 'sandbox' | 'http';
  /** Every lot the operator serves. */
  listLots(): Promise<DriverLot[]>;
  /** A lot's bills with a bill time in [from, to] ('yyyy-MM-dd' days, both included). */
  listBills(lotCode: string, from: string, to: string): Promise<DriverBill[]>;
  /**
   * Refunds `fen` of a bill; answers the operator's refund number. `outRefundNo` is ours: the
   * operator refunds one number once, so asking again after no answer is safe.
   */
  refund(
    bill: { billNo: string; lotCode: string },
    fen: number,
    outRefundNo: string,
  ): Promise<{ refundNo: string }>;
}
