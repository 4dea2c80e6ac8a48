import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FileRecord } from '../../api/files';
import {
  invalidatePictures,
  invalidateVideos,
  uploadPicture,
  uploadVideo,
  type Picture,
  type Video,
} from '../../api/media-stock';
import { useAppDispatch, useT } from '../../state/hooks';
import { Uploader, type UploaderProps } from '../../resources/parts/uploader';

/** What the picture stock takes (the server checks the same by name and content). */
export const PICTURE_ACCEPT = ['.jpg', '.jpeg', '.png', '.gif', '.webp'];
export const PICTURE_MAX_MB = 5;
export const VIDEO_ACCEPT = ['.mp4', '.webm'];
export const VIDEO_MAX_MB = 100;

/** The uploader lists files by their record; ours carry the picture or video instead. */
const asRecord = (item: Picture | Video): FileRecord => ({
  link: item.link,
  domain: '',
  name: item.name,
  originalName: item.originalName,
  attachId: item.id,
});

interface DialogProps {
  title: string;
  accept: readonly string[];
  maxSizeMb: number;
  limit: number;
  upload: NonNullable<UploaderProps['upload']>;
  /** Called each time another file has been stored (the list behind reloads). */
  onUploaded(): void;
  onClose(): void;
}

/**
 * The uploader in a dialog: several files at once, each checked before it is sent (type, size,
 * repeats, count: refused files are named with the reason), then one row per file with its
 * progress and the server's answer. The list behind reloads as files arrive.
 */
function MediaUploadDialog({
  title,
  accept,
  maxSizeMb,
  limit,
  upload,
  onUploaded,
  onClose,
}: DialogProps) {
  const t = useT();
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <Stack>
        <Uploader
          autoFocus
          accept={accept}
          maxSizeMb={maxSizeMb}
          limit={limit}
          upload={upload}
          onChange={(records) => {
            if (records.length > 0) onUploaded();
          }}
        />
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('media.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function PictureUploadDialog({
  folderId,
  folderName,
  onClose,
}: {
  folderId: string;
  folderName: string;
  onClose(): void;
}) {
  const t = useT();
  const dispatch = useAppDispatch();
  return (
    <MediaUploadDialog
      title={t('media.pic.uploadTitle', { name: folderName })}
      accept={PICTURE_ACCEPT}
      maxSizeMb={PICTURE_MAX_MB}
      limit={20}
      upload={(file, signal, progress) =>
        uploadPicture(file, folderId, signal, progress).then(asRecord)
      }
      onUploaded={() => dispatch(invalidatePictures())}
      onClose={onClose}
    />
  );
}

export function VideoUploadDialog({ onClose }: { onClose(): void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  return (
    <MediaUploadDialog
      title={t('media.video.uploadTitle')}
      accept={VIDEO_ACCEPT}
      maxSizeMb={VIDEO_MAX_MB}
      limit={5}
      upload={(file, signal, progress) =>
        uploadVideo(file, undefined, signal, progress).then(asRecord)
      }
      onUploaded={() => dispatch(invalidateVideos())}
      onClose={onClose}
    />
  );
}
