import {
  Button,
  Center,
  CopyButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconCopy, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { absoluteUrl } from '../../api/media-stock';
import { useT } from '../../state/hooks';

/** Page sizes: the thumbnail grid uses the reusable table's (30 of 30/90/150/300). */
export const GRID_SIZES = [30, 90, 150, 300] as const;
/** The video table is a generic list (10 of 10..500). */
export const LIST_SIZES = [10, 20, 30, 50, 100, 300, 500] as const;

/** 'Copy link': the absolute address of a public picture or video. */
export function CopyLinkButton({ link, name }: { link: string; name: string }) {
  const t = useT();
  return (
    <CopyButton value={absoluteUrl(link)} timeout={1500}>
      {({ copied, copy }) => (
        <Button
          size="compact-xs"
          variant="subtle"
          color={copied ? 'teal' : undefined}
          leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          aria-label={t('media.copyLinkOf', { name })}
          onClick={copy}
        >
          {copied ? t('media.copied') : t('media.copyLink')}
        </Button>
      )}
    </CopyButton>
  );
}

/** The name search: Enter or the button applies it; an empty box shows everything again. */
export function NameSearch({ onSearch }: { onSearch(name: string): void }) {
  const t = useT();
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} role="search">
      <Group gap="xs" wrap="nowrap">
        <TextInput
          size="sm"
          w={220}
          aria-label={t('media.searchName')}
          placeholder={t('media.searchName')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Button type="submit" size="sm" variant="light" leftSection={<IconSearch size={16} />}>
          {t('common.search')}
        </Button>
        <Button
          size="sm"
          variant="default"
          onClick={() => {
            setText('');
            onSearch('');
          }}
        >
          {t('common.reset')}
        </Button>
      </Group>
    </form>
  );
}

/** Loading, failure (with retry) and empty states of a list. */
export function ListState({
  loading,
  failed,
  empty,
  emptyText,
  onRetry,
}: {
  loading: boolean;
  failed: string | undefined;
  empty: boolean;
  emptyText: string;
  onRetry(): void;
}) {
  const t = useT();
  if (loading)
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  if (failed !== undefined)
    return (
      <Paper withBorder p="lg">
        <Stack gap="xs" align="flex-start">
          <Text c="red.8" role="alert">
            {failed || t('media.loadFailed')}
          </Text>
          <Button size="xs" variant="light" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Paper>
    );
  if (empty)
    return (
      <Paper withBorder p="lg">
        <Text c="dimmed">{emptyText}</Text>
      </Paper>
    );
  return null;
}

interface MediaToolbarProps {
  onSearch(name: string): void;
  /** Upload and remove show only with the stock's upload code. */
  canWrite: boolean;
  uploadLabel: string;
  onUpload(): void;
  removing: boolean;
  selectedCount: number;
  onRemoveSelected(): void;
}

/** Above a picture grid or the video table: the name search, upload and remove selected. */
export function MediaToolbar({
  onSearch,
  canWrite,
  uploadLabel,
  onUpload,
  removing,
  selectedCount,
  onRemoveSelected,
}: MediaToolbarProps) {
  const t = useT();
  return (
    <Group justify="space-between" gap="sm">
      <NameSearch onSearch={onSearch} />
      {canWrite && (
        <Group gap="xs">
          <Button leftSection={<IconUpload size={16} />} onClick={onUpload}>
            {uploadLabel}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            loading={removing}
            onClick={onRemoveSelected}
          >
            {t('media.removeSelected')}
            {selectedCount > 0 && ` (${selectedCount})`}
          </Button>
        </Group>
      )}
    </Group>
  );
}
