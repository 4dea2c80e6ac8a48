import { useResourceExportMutation } from '../../api/resource';
import { useConfirm } from '../../components/confirm-dialog';
import { toast } from '../../components/toast';
import { AD_REPORT } from '../../contracts/platform-ad/ad-report';
import { usePermissions } from '../../state/permissions-context';
import { useT } from '../../state/hooks';

/**
 * A custom report page's export: behind its export button code, confirmed, then a task in the
 * export centre (POST report/export* with the filters), like a declared list's export.
 */
export function useReportExport(opts: { code: string; path: string; excelType: string }) {
  const t = useT();
  const allowed = usePermissions().has(opts.code);
  const [dialog, confirm] = useConfirm();
  const [start, state] = useResourceExportMutation();
  const run = async (params: Record<string, string>) => {
    if (state.isLoading || !(await confirm(t('adReport.export.confirm')))) return;
    try {
      await start({
        service: AD_REPORT,
        path: opts.path,
        excelType: opts.excelType,
        params,
      }).unwrap();
      toast('success', t('resource.export.created'));
    } catch {
      // The API layer has shown the server's message.
    }
  };
  return { allowed, dialog, busy: state.isLoading, run };
}
