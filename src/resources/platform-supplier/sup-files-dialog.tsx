import { Button, Modal } from '@mantine/core';
import { SUP_SERVICE, type Supplier } from '../../contracts/platform-supplier/sup';
import type { MessageKey } from '../../i18n';
import { useT } from '../../state/hooks';
import { StoredFilesEditor, useStoredFiles, type StoredFilesTexts } from '../parts/stored-files';
import type { ActionDialogProps } from '../types';

const TEXTS: StoredFilesTexts = {
  current: 'supplier.files.current',
  loading: 'supplier.loading',
  loadFailed: 'supplier.loadFailed',
  none: 'supplier.files.none',
  remove: 'supplier.files.remove',
  add: 'supplier.files.add',
  save: 'supplier.save',
};

/** A supplier's files of one kind (`call`: sup-file or sup-argeement-file), saved as a set. */
function FilesDialog({
  sup,
  onClose,
  call,
  title,
}: {
  sup: Supplier;
  onClose(changed?: boolean): void;
  call: string;
  title: MessageKey;
}) {
  const t = useT();
  const files = useStoredFiles({
    load: { path: `${SUP_SERVICE}/${call}`, params: { supId: sup.id } },
    save: (attachIds) => ({ service: SUP_SERVICE, path: call, body: { supId: sup.id, attachIds } }),
    onSaved: () => onClose(false),
  });
  return (
    <Modal
      opened
      onClose={() => !files.busy && onClose(false)}
      title={t(title, { name: sup.supName })}
      size="lg"
    >
      <StoredFilesEditor
        files={files}
        texts={TEXTS}
        autoFocus
        cancel={
          <Button variant="default" onClick={() => onClose(false)} disabled={files.busy}>
            {t('supplier.cancel')}
          </Button>
        }
      />
    </Modal>
  );
}

/** 资质文件 (sup-file): the supplier's qualification files, through the uploader. */
export default function QualificationFilesDialog({ rows, onClose }: ActionDialogProps<Supplier>) {
  const sup = rows[0];
  return sup ? (
    <FilesDialog sup={sup} onClose={onClose} call="sup-file" title="supplier.files.title" />
  ) : null;
}

/** 协议文件 (sup-argeement-file): the supplier's agreement files. */
export function AgreementFilesDialog({ rows, onClose }: ActionDialogProps<Supplier>) {
  const sup = rows[0];
  return sup ? (
    <FilesDialog
      sup={sup}
      onClose={onClose}
      call="sup-argeement-file"
      title="supplier.agreements.title"
    />
  ) : null;
}
