import { Button, Checkbox, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import {
  mediaUrl,
  useRemoveVideosMutation,
  useVideosQuery,
  type Video,
} from '../../api/media-stock';
import { useT } from '../../state/hooks';
import { useConfirm } from '../../components/confirm-dialog';
import { PaginationBar } from '../../resources/engine/pagination-bar';
import { formatSize } from '../../resources/parts/upload-rules';
import { usePermissions } from '../../state/permissions-context';
import { CopyLinkButton, LIST_SIZES, ListState, MediaToolbar } from './media-parts';
import { useChosen } from './use-chosen';
import { VideoUploadDialog } from './upload-dialogs';

/** The button code of uploads and removals (the seeded menu's `upload` button). */
export const VIDEO_STOCK_WRITE = 'video_stock_upload';

/**
 * /system/video-stock: the tenant's videos in a table (name, original file, size, upload time,
 * uploader), a name search, upload and remove selected (with the upload permission), and a
 * player dialog (<video controls> on the video's public address, which answers byte ranges).
 */
export default function VideoStockPage() {
  const t = useT();
  const canWrite = usePermissions().has(VIDEO_STOCK_WRITE);
  const [name, setName] = useState('');
  const [page, setPage] = useState({ index: 0, size: LIST_SIZES[0] as number });
  const [playing, setPlaying] = useState<Video>();
  const [uploading, setUploading] = useState(false);
  const [confirmDialog, confirm] = useConfirm();
  const query = useVideosQuery({
    current: page.index + 1,
    size: page.size,
    name: name || undefined,
  });
  const [removeVideos, { isLoading: removing }] = useRemoveVideosMutation();
  const videos = query.data?.records ?? [];
  const { chosen, setChosen, selectedIds, toggle, removeSelected } = useChosen(
    videos,
    (ids) => removeVideos(ids).unwrap(),
    confirm,
  );
  const allChosen = videos.length > 0 && selectedIds.length === videos.length;

  const failed = query.isError ? ((query.error as ApiError | undefined)?.message ?? '') : undefined;
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('media.video.title')}
      </Title>
      <MediaToolbar
        onSearch={(value) => {
          setName(value);
          setPage((p) => ({ ...p, index: 0 }));
        }}
        canWrite={canWrite}
        uploadLabel={t('media.video.upload')}
        onUpload={() => setUploading(true)}
        removing={removing}
        selectedCount={selectedIds.length}
        onRemoveSelected={() => void removeSelected()}
      />

      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-busy={query.isFetching}>
          <Table.Thead>
            <Table.Tr>
              {canWrite && (
                <Table.Th w={48}>
                  <Checkbox
                    size="xs"
                    aria-label={t('media.video.selectAll')}
                    checked={allChosen}
                    indeterminate={selectedIds.length > 0 && !allChosen}
                    disabled={videos.length === 0}
                    onChange={() =>
                      setChosen(allChosen ? new Set() : new Set(videos.map((v) => v.id)))
                    }
                  />
                </Table.Th>
              )}
              <Table.Th>{t('media.name')}</Table.Th>
              <Table.Th>{t('media.video.originalName')}</Table.Th>
              <Table.Th w={110}>{t('media.size')}</Table.Th>
              <Table.Th w={180}>{t('media.uploadTime')}</Table.Th>
              <Table.Th w={120}>{t('media.uploader')}</Table.Th>
              <Table.Th w={200}>{t('media.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {videos.map((video) => (
              <Table.Tr key={video.id}>
                {canWrite && (
                  <Table.Td>
                    <Checkbox
                      size="xs"
                      aria-label={t('media.video.select', { name: video.name })}
                      checked={chosen.has(video.id)}
                      onChange={() => toggle(video.id)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {video.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {video.originalName}
                  </Text>
                </Table.Td>
                <Table.Td>{formatSize(video.size)}</Table.Td>
                <Table.Td>{video.createTime}</Table.Td>
                <Table.Td>{video.createUserName || '-'}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="light"
                      leftSection={<IconPlayerPlay size={14} />}
                      aria-label={t('media.video.playName', { name: video.name })}
                      onClick={() => setPlaying(video)}
                    >
                      {t('media.video.play')}
                    </Button>
                    <CopyLinkButton link={video.link} name={video.name} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListState
        loading={query.isLoading}
        failed={failed}
        empty={!query.isLoading && !failed && videos.length === 0}
        emptyText={t('media.video.empty')}
        onRetry={() => void query.refetch()}
      />
      {(query.data?.total ?? 0) > 0 && (
        <PaginationBar
          total={query.data?.total ?? 0}
          pageIndex={page.index}
          pageSize={page.size}
          sizes={LIST_SIZES}
          onPageChange={(index) => setPage((p) => ({ ...p, index }))}
          onPageSizeChange={(size) => setPage({ index: 0, size })}
        />
      )}

      <PlayerDialog video={playing} onClose={() => setPlaying(undefined)} />
      {uploading && <VideoUploadDialog onClose={() => setUploading(false)} />}
      {confirmDialog}
    </Stack>
  );
}

/** The player: the browser's own controls on the video's public address. */
function PlayerDialog({ video, onClose }: { video: Video | undefined; onClose(): void }) {
  const t = useT();
  const src = mediaUrl(video?.link);
  return (
    <Modal opened={!!video} onClose={onClose} title={video?.name} size="xl" centered>
      {video && src ? (
        <video
          key={video.id}
          src={src}
          controls
          preload="metadata"
          aria-label={video.name}
          style={{ display: 'block', width: '100%', maxHeight: '70vh', background: '#000' }}
        >
          {t('media.video.unsupported')}
        </video>
      ) : (
        video && <Text c="dimmed">{t('media.video.unsupported')}</Text>
      )}
    </Modal>
  );
}
