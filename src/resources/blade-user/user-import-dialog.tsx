import { USER_IMPORT } from '../../api/import';
import { useT } from '../../state/hooks';
import { ImportDialog } from '../parts/import-dialog';
import type { User } from '../../contracts/blade-user/user';
import type { ActionDialogProps } from '../types';

/**
 * 导入 (users toolbar): users of the caller's tenant from the template's workbook
 * (POST blade-user/import-user); existing accounts are updated only with 'overwrite existing'.
 */
export default function UserImportDialog({ onClose }: ActionDialogProps<User>) {
  const t = useT();
  return (
    <ImportDialog
      title={t('import.users.title')}
      endpoints={USER_IMPORT}
      templateFileName={t('import.users.templateFile')}
      hint={t('import.users.hint')}
      coverable
      coverHint={t('import.users.coverHint')}
      refresh="blade-user"
      onClose={onClose}
    />
  );
}
