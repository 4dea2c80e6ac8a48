import { SUP_GOOD, type SupGood } from '../../contracts/platform-supplier/sup-good';
import { useT } from '../../state/hooks';
import { ImportDialog } from '../parts/import-dialog';
import type { ActionDialogProps } from '../types';

/** 导入 (supplier goods toolbar): import-spu-good through the import engine, with its result file. */
export default function SupGoodImportDialog({ onClose }: ActionDialogProps<SupGood>) {
  const t = useT();
  return (
    <ImportDialog
      title={t('supplierGoods.import.title')}
      endpoints={{
        upload: `${SUP_GOOD}/import-spu-good`,
        template: `${SUP_GOOD}/export-template`,
        result: `${SUP_GOOD}/import-result`,
      }}
      templateFileName={t('supplierGoods.import.templateFile')}
      hint={t('supplierGoods.import.hint')}
      refresh={SUP_GOOD}
      onClose={onClose}
    />
  );
}
