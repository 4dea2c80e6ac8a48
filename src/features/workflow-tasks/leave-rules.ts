import dayjs from 'dayjs';
import { LEAVE_DAYS } from '../../contracts/blade-desk/leave';
import type { MessageKey } from '../../i18n';

/** The wire's date-time text. */
export const WIRE_TIME = 'YYYY-MM-DD HH:mm:ss';
export const REASON_MAX = 500;

export const wireTime = (time: Date | null) => (time ? dayjs(time).format(WIRE_TIME) : '');

/**
 * The days a leave covers, in half days (0.5 steps), as an operator counts them: each calendar
 * day is a morning and an afternoon, a start after noon starts with the afternoon, an end at or
 * before noon ends with the morning (Mon 09:00 - Mon 18:00 = 1, Mon 13:00 - Wed 12:00 = 2).
 * Undefined while the range is not whole or ends before it starts. The form offers it, the
 * applicant may change it.
 */
export function leaveDays(start: Date | null, end: Date | null): number | undefined {
  if (!start || !end || end.getTime() <= start.getTime()) return undefined;
  const first = dayjs(start).startOf('day');
  const last = dayjs(end).startOf('day');
  const wholeDays = last.diff(first, 'day');
  const startsAfternoon = dayjs(start).hour() >= 12;
  const endsMorning = dayjs(end).diff(last, 'minute') <= 12 * 60;
  const days = wholeDays + (endsMorning ? 0.5 : 1) - (startsAfternoon ? 0.5 : 0);
  return Math.min(LEAVE_DAYS.max, Math.max(LEAVE_DAYS.min, days));
}

export interface LeaveValues {
  leaveType: string | null;
  startTime: Date | null;
  endTime: Date | null;
  /** As typed. */
  days: string;
  reason: string;
  taskUser: string | null;
}

export type LeaveErrors = Partial<Record<keyof LeaveValues, MessageKey>>;

/** Whether a days text is 0.5..365 in half-day steps. */
export function validDays(text: string): boolean {
  if (!/^\d{1,3}(\.\d+)?$/.test(text.trim())) return false;
  const days = Number(text);
  return days >= LEAVE_DAYS.min && days <= LEAVE_DAYS.max && Number.isInteger(days * 2);
}

/** The form's own checks (the server checks each again): required, date order, days, reason. */
export function checkLeave(values: LeaveValues): LeaveErrors {
  const errors: LeaveErrors = {};
  if (!values.leaveType) errors.leaveType = 'workTasks.leave.typeRequired';
  if (!values.startTime) errors.startTime = 'workTasks.leave.startRequired';
  if (!values.endTime) errors.endTime = 'workTasks.leave.endRequired';
  else if (values.startTime && values.endTime.getTime() <= values.startTime.getTime())
    errors.endTime = 'workTasks.leave.endBeforeStart';
  if (!values.days.trim()) errors.days = 'workTasks.leave.daysRequired';
  else if (!validDays(values.days)) errors.days = 'workTasks.leave.daysInvalid';
  const reason = values.reason.trim();
  if (!reason) errors.reason = 'workTasks.leave.reasonRequired';
  else if (reason.length > REASON_MAX) errors.reason = 'workTasks.leave.reasonTooLong';
  if (!values.taskUser) errors.taskUser = 'workTasks.leave.approverRequired';
  return errors;
}

/** The start-process body of valid values. */
export function leaveBody(processDefinitionId: string, values: LeaveValues) {
  return {
    processDefinitionId,
    leaveType: values.leaveType ?? '',
    startTime: wireTime(values.startTime),
    endTime: wireTime(values.endTime),
    days: Number(values.days),
    reason: values.reason.trim(),
    taskUser: values.taskUser ?? '',
  };
}
