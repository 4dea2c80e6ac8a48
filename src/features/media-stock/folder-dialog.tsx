import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ApiError } from '../../api/client';
import { useSubmitPicFolderMutation, type PicFolder } from '../../api/media-stock';
import { useT } from '../../state/hooks';
import { useErrorsFollowLanguage } from '../../components/form-errors';

export const FOLDER_NAME_MAX = 64;

/** What the dialog does: a new folder under `parentId`, or a new name for `folder`. */
export type FolderDialogMode =
  { kind: 'create'; parentId: string; parentName: string } | { kind: 'rename'; folder: PicFolder };

interface Props {
  mode: FolderDialogMode;
  /** Called with the saved folder, or nothing when cancelled. */
  onClose(saved?: PicFolder): void;
}

/** Create or rename a folder: the name is required and at most 64 characters. */
export function FolderDialog({ mode, onClose }: Props) {
  const t = useT();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: mode.kind === 'rename' ? mode.folder.name : '' },
    validate: {
      name: (name) => {
        const value = name.trim();
        if (!value) return t('media.pic.folderNameRequired');
        return value.length > FOLDER_NAME_MAX ? t('media.pic.folderNameTooLong') : null;
      },
    },
  });
  useErrorsFollowLanguage(form);
  const [submit, { isLoading }] = useSubmitPicFolderMutation();

  const save = async ({ name }: { name: string }) => {
    const value = name.trim();
    try {
      const saved = await submit(
        mode.kind === 'create'
          ? { parentId: mode.parentId, name: value }
          : {
              id: mode.folder.id,
              parentId: mode.folder.parentId,
              name: value,
              sort: mode.folder.sort,
              version: mode.folder.version,
            },
      ).unwrap();
      onClose(saved);
    } catch (err) {
      // The server's reason (e.g. a folder of that name is already there), without the field name.
      const message = (err as ApiError).message ?? '';
      form.setFieldError('name', message.replace(/^[A-Za-z]+:/, '') || t('errors.submitFailed'));
    }
  };

  const title =
    mode.kind === 'create'
      ? t('media.pic.newFolderIn', { name: mode.parentName })
      : t('media.pic.renameTitle', { name: mode.folder.name });
  return (
    <Modal opened onClose={() => onClose()} title={title} size="sm">
      <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
        <Stack>
          <TextInput
            label={t('media.pic.folderName')}
            required
            data-autofocus
            maxLength={FOLDER_NAME_MAX + 10}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose()}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isLoading}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
