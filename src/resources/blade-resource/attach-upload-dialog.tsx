import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../state/hooks';
import { Uploader } from '../parts/uploader';
import { ATTACH_TYPES, type Attach } from '../../contracts/blade-resource/attach';
import type { ActionDialogProps } from '../types';

/**
 * The attachments screen's 'upload' toolbar action: the uploader in a dialog. Closing it
 * reloads the list when anything was uploaded (a file removed from the uploader's list stays
 * uploaded: delete it from the list).
 */
export default function UploadDialog({ onClose }: ActionDialogProps<Attach>) {
  const t = useT();
  const [uploaded, setUploaded] = useState(false);
  const close = () => onClose(uploaded);
  return (
    <Modal opened onClose={close} title={t('files.attach.uploadTitle')} size="lg">
      <Stack>
        <Uploader
          autoFocus
          accept={ATTACH_TYPES}
          onChange={(records) => {
            if (records.length > 0) setUploaded(true);
          }}
        />
        <Group justify="flex-end">
          <Button onClick={close}>{t('files.attach.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
