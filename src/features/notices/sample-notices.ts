import type { MessageKey } from '../../i18n';

/**
 * Spec screen 1: notices are sample data only (there is no notice feed yet, no server call).
 * The one list of them: the top bar's bell and the dashboard's card show the same notices.
 * Dates are fixed so the sample never pretends to be live.
 */
export interface SampleNotice {
  id: string;
  kind: 'notice' | 'announcement' | 'reminder';
  text: MessageKey;
  date: string;
}

export const SAMPLE_NOTICES: readonly SampleNotice[] = [
  {
    id: 'maintenance',
    kind: 'announcement',
    text: 'topbar.notice.maintenance',
    date: '2026-03-06',
  },
  { id: 'export-centre', kind: 'notice', text: 'topbar.notice.exportCentre', date: '2026-03-02' },
  { id: 'password', kind: 'reminder', text: 'topbar.notice.password', date: '2026-02-20' },
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
