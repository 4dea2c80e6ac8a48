import type { ActionDialogProps } from '../types';
import { API_FIELDS, ERROR_FIELDS, USUAL_FIELDS } from './detail-fields';
import type { LogRow } from './fields';
import { LogDetail } from './log-detail';

/** The detail drawer of each log (loaded with the first opened detail). */
export function ApiLogDetail(props: ActionDialogProps<LogRow>) {
  return <LogDetail service="blade-log/api" fields={API_FIELDS} {...props} />;
}

export function UsualLogDetail(props: ActionDialogProps<LogRow>) {
  return <LogDetail service="blade-log/usual" fields={USUAL_FIELDS} {...props} />;
}

export function ErrorLogDetail(props: ActionDialogProps<LogRow>) {
  return <LogDetail service="blade-log/error" fields={ERROR_FIELDS} {...props} />;
}
