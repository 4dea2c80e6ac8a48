import type { MessageKey } from '../../i18n';

/** Spec screen 1: the top bar's notices are sample data only (no server call). */
export interface SampleNotice {
  id: string;
  text: MessageKey;
  date: string;
}

export const SAMPLE_NOTICES: readonly SampleNotice[] = [
  { id: 'maintenance', text: 'topbar.notice.maintenance', date: '2026-03-06' },
  { id: 'export-centre', text: 'topbar.notice.exportCentre', date: '2026-03-02' },
  { id: 'password', text: 'topbar.notice.password', date: '2026-02-20' },
];
