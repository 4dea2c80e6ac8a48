import type { MessageKey } from '../../i18n';

/**
 * Spec screen 1: notices show sample data only (there is no notice feed yet). Dates are fixed so
 * the sample never pretends to be live.
 */
export interface SampleNotice {
  id: string;
  kind: 'notice' | 'announcement' | 'reminder';
  text: MessageKey;
  date: string;
}

export const SAMPLE_NOTICES: readonly SampleNotice[] = [
  { id: '1', kind: 'notice', text: 'dashboard.notice.1', date: '2026-03-02' },
  { id: '2', kind: 'announcement', text: 'dashboard.notice.2', date: '2026-02-26' },
  { id: '3', kind: 'reminder', text: 'dashboard.notice.3', date: '2026-02-20' },
  { id: '4', kind: 'notice', text: 'dashboard.notice.4', date: '2026-02-05' },
];

export const KIND_LABEL: Record<SampleNotice['kind'], MessageKey> = {
  notice: 'dashboard.notice.kind.notice',
  announcement: 'dashboard.notice.kind.announcement',
  reminder: 'dashboard.notice.kind.reminder',
};

export const KIND_COLOR: Record<SampleNotice['kind'], string> = {
  notice: 'blue',
  announcement: 'teal',
  reminder: 'orange',
};
