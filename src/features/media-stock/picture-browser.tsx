import {
  Box,
  Checkbox,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import {
  mediaUrl,
  usePicturesQuery,
  useRemovePicturesMutation,
  type Picture,
} from '../../api/media-stock';
import { useT } from '../../state/hooks';
import { PaginationBar } from '../../resources/engine/pagination-bar';
import { formatSize } from '../../resources/parts/upload-rules';
import { CopyLinkButton, GRID_SIZES, ListState, MediaToolbar } from './media-parts';
import { useChosen } from './use-chosen';
import { PictureUploadDialog } from './upload-dialogs';

interface Props {
  folderId: string;
  folderName: string;
  canWrite: boolean;
  confirm(message: string): Promise<boolean>;
}

/**
 * The chosen folder's pictures: name search, upload, remove selected, a grid of thumbnails
 * (name, size, upload time; click or Enter opens the preview; copy link) and the pager.
 * Rendered with the folder id as key, so a new folder starts on page 1 with nothing selected.
 */
export function PictureBrowser({ folderId, folderName, canWrite, confirm }: Props) {
  const t = useT();
  const [name, setName] = useState('');
  const [page, setPage] = useState({ index: 0, size: GRID_SIZES[0] as number });
  const [preview, setPreview] = useState<Picture>();
  const [uploading, setUploading] = useState(false);
  const query = usePicturesQuery({
    folderId,
    current: page.index + 1,
    size: page.size,
    name: name || undefined,
  });
  const [removePictures, { isLoading: removing }] = useRemovePicturesMutation();
  const pictures = query.data?.records ?? [];
  const { chosen, selectedIds, toggle, removeSelected } = useChosen(
    pictures,
    (ids) => removePictures(ids).unwrap(),
    confirm,
  );

  const failed = query.isError ? ((query.error as ApiError | undefined)?.message ?? '') : undefined;
  return (
    <Stack gap="sm" miw={0}>
      <Title order={2} size="h4">
        {t('media.pic.picturesOf', { name: folderName })}
      </Title>
      <MediaToolbar
        onSearch={(value) => {
          setName(value);
          setPage((p) => ({ ...p, index: 0 }));
        }}
        canWrite={canWrite}
        uploadLabel={t('media.pic.upload')}
        onUpload={() => setUploading(true)}
        removing={removing}
        selectedCount={selectedIds.length}
        onRemoveSelected={() => void removeSelected()}
      />

      <ListState
        loading={query.isLoading}
        failed={failed}
        empty={!query.isLoading && !failed && pictures.length === 0}
        emptyText={t('media.pic.empty')}
        onRetry={() => void query.refetch()}
      />
      {pictures.length > 0 && (
        <SimpleGrid
          component="ul"
          cols={{ base: 2, sm: 3, lg: 4, xl: 6 }}
          spacing="sm"
          m={0}
          p={0}
          aria-label={t('media.pic.picturesOf', { name: folderName })}
          aria-busy={query.isFetching}
        >
          {pictures.map((picture) => (
            <PictureCard
              key={picture.id}
              picture={picture}
              selectable={canWrite}
              selected={chosen.has(picture.id)}
              onToggle={() => toggle(picture.id)}
              onOpen={() => setPreview(picture)}
            />
          ))}
        </SimpleGrid>
      )}
      {(query.data?.total ?? 0) > 0 && (
        <PaginationBar
          total={query.data?.total ?? 0}
          pageIndex={page.index}
          pageSize={page.size}
          sizes={GRID_SIZES}
          onPageChange={(index) => setPage((p) => ({ ...p, index }))}
          onPageSizeChange={(size) => setPage({ index: 0, size })}
        />
      )}

      <PreviewDialog picture={preview} onClose={() => setPreview(undefined)} />
      {uploading && (
        <PictureUploadDialog
          folderId={folderId}
          folderName={folderName}
          onClose={() => setUploading(false)}
        />
      )}
    </Stack>
  );
}

interface CardProps {
  picture: Picture;
  selectable: boolean;
  selected: boolean;
  onToggle(): void;
  onOpen(): void;
}

function PictureCard({ picture, selectable, selected, onToggle, onOpen }: CardProps) {
  const t = useT();
  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      radius="md"
      style={{
        listStyle: 'none',
        minWidth: 0,
        borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
      }}
    >
      <Stack gap={6}>
        <UnstyledButton
          onClick={onOpen}
          aria-label={t('media.pic.open', { name: picture.name })}
          style={{ display: 'block', borderRadius: 6, overflow: 'hidden' }}
        >
          <Thumbnail picture={picture} height={132} />
        </UnstyledButton>
        <Group gap={6} wrap="nowrap" align="flex-start">
          {selectable && (
            <Checkbox
              size="xs"
              mt={3}
              checked={selected}
              onChange={onToggle}
              aria-label={t('media.pic.select', { name: picture.name })}
            />
          )}
          <Text size="sm" fw={500} truncate title={picture.name} style={{ minWidth: 0, flex: 1 }}>
            {picture.name}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {formatSize(picture.size)}
          {picture.width !== '' &&
            picture.height !== '' &&
            ` · ${t('media.pic.dimensions', { width: picture.width, height: picture.height })}`}
        </Text>
        <Text size="xs" c="dimmed">
          {picture.createTime}
        </Text>
        <Box>
          <CopyLinkButton link={picture.link} name={picture.name} />
        </Box>
      </Stack>
    </Paper>
  );
}

/** The picture itself, or the spec's 'image does not exist' when it cannot be shown. */
function Thumbnail({ picture, height }: { picture: Picture; height: number | string }) {
  const t = useT();
  const [broken, setBroken] = useState(false);
  const src = mediaUrl(picture.link);
  if (!src || broken)
    return (
      <Stack
        h={height}
        align="center"
        justify="center"
        gap={4}
        bg="var(--mantine-color-gray-1)"
        role="img"
        aria-label={t('media.imageMissing')}
      >
        <IconPhotoOff size={24} aria-hidden />
        <Text size="xs" c="dimmed" aria-hidden>
          {t('media.imageMissing')}
        </Text>
      </Stack>
    );
  return (
    <img
      src={src}
      alt={picture.name}
      loading="lazy"
      onError={() => setBroken(true)}
      style={{
        display: 'block',
        width: '100%',
        height,
        objectFit: 'contain',
        background: 'var(--mantine-color-gray-1)',
      }}
    />
  );
}

/** The preview: the picture large, its details and the copy-link button. */
function PreviewDialog({ picture, onClose }: { picture: Picture | undefined; onClose(): void }) {
  const t = useT();
  return (
    <Modal opened={!!picture} onClose={onClose} title={picture?.name} size="xl" centered>
      {picture && (
        <Stack gap="sm">
          <Thumbnail key={picture.id} picture={picture} height="min(70vh, 640px)" />
          <Group gap="md" justify="space-between">
            <Text size="sm" c="dimmed">
              {formatSize(picture.size)}
              {picture.width !== '' &&
                picture.height !== '' &&
                ` · ${t('media.pic.dimensions', { width: picture.width, height: picture.height })}`}
              {` · ${picture.createTime}`}
            </Text>
            <CopyLinkButton link={picture.link} name={picture.name} />
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
