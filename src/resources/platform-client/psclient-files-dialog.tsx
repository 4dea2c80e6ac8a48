import { Modal, Tabs } from '@mantine/core';
import { useState } from 'react';
import {
  PSCLIENT_FILE_KINDS,
  PSCLIENT_FILE_SERVICE,
  type Psclient,
} from '../../contracts/platform-client/psclient';
import { useT } from '../../state/hooks';
import { StoredFilesEditor, useStoredFiles, type StoredFilesTexts } from '../parts/stored-files';
import type { ActionDialogProps } from '../types';

type Call = keyof typeof PSCLIENT_FILE_KINDS;

const TEXTS: StoredFilesTexts = {
  current: 'clientAccess.files.current',
  loading: 'clientAccess.loading',
  loadFailed: 'clientAccess.loadFailed',
  none: 'clientAccess.files.none',
  remove: 'clientAccess.files.remove',
  add: 'clientAccess.files.add',
  save: 'clientAccess.save',
};

/** One kind of files: the stored ones (removable), the uploader, and save (replaces the set). */
function FilesPanel({ party, call, onSaved }: { party: Psclient; call: Call; onSaved(): void }) {
  const files = useStoredFiles({
    load: { path: `${PSCLIENT_FILE_SERVICE}/${call}`, params: { clientId: party.id } },
    save: (attachIds) => ({
      service: PSCLIENT_FILE_SERVICE,
      path: 'submit',
      body: { clientId: party.id, kind: PSCLIENT_FILE_KINDS[call], attachIds },
    }),
    onSaved,
  });
  return <StoredFilesEditor files={files} texts={TEXTS} pt="md" />;
}

/**
 * 文件: an access party's qualification (listFile) and agreement (listArgeementFile) files, each
 * kind saved on its own through the uploader, as a supplier's files are (parts/stored-files).
 */
export default function PsclientFilesDialog({ rows, onClose }: ActionDialogProps<Psclient>) {
  const t = useT();
  const party = rows[0];
  const [changed, setChanged] = useState(false);
  if (!party) return null;
  return (
    <Modal
      opened
      onClose={() => onClose(changed)}
      title={t('clientAccess.files.title', { name: party.clientName })}
      size="lg"
    >
      <Tabs defaultValue="listFile" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="listFile" data-autofocus>
            {t('clientAccess.files.qualifications')}
          </Tabs.Tab>
          <Tabs.Tab value="listArgeementFile">{t('clientAccess.files.agreements')}</Tabs.Tab>
        </Tabs.List>
        {(Object.keys(PSCLIENT_FILE_KINDS) as Call[]).map((call) => (
          <Tabs.Panel key={call} value={call}>
            <FilesPanel party={party} call={call} onSaved={() => setChanged(true)} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Modal>
  );
}
