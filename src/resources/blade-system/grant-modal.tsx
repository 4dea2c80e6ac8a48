import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import { useT } from '../../state/hooks';

/** Names of the records a grant is for: the first few, then how many more. */
export function targetNames(names: readonly string[], separator: string, max = 5): string {
  const shown = names.slice(0, max).join(separator);
  return names.length > max ? `${shown} … (${names.length})` : shown;
}

interface Props {
  title: string;
  /** Who the grant is for (one line). */
  targets: string;
  /** Warnings shown above the trees. */
  notes?: readonly string[];
  /** The trees or keys are loading. */
  loading: boolean;
  /** The server's message when loading failed. */
  loadError: string | undefined;
  onRetry(): void;
  /** The server's message when saving failed (the choice is kept). */
  failure: string | undefined;
  busy: boolean;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}

/**
 * The frame of a grant dialog: title, for whom, loading and load-failure states, the save
 * failure, cancel/save. Enter on a tree item saves (the filter box keeps Enter for itself); Esc
 * closes unless a save is in flight.
 */
export function GrantModal(props: Props) {
  const t = useT();
  const { busy, loading, loadError } = props;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy && !loading && !loadError) props.onSubmit();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || e.defaultPrevented) return;
    if ((e.target as HTMLElement).getAttribute('role') !== 'treeitem') return;
    e.preventDefault();
    if (!busy && !loading && !loadError) props.onSubmit();
  };
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.title}
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <form onSubmit={submit} onKeyDown={onKeyDown} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {props.targets}
          </Text>
          {(props.notes ?? []).map((note) => (
            <Alert key={note} color="yellow" variant="light" py="xs">
              {note}
            </Alert>
          ))}
          {loadError !== undefined ? (
            <Alert color="red" title={t('grant.loadFailed')}>
              <Stack gap="xs" align="flex-start">
                {loadError ? <Text size="sm">{loadError}</Text> : null}
                <Button size="xs" variant="light" onClick={props.onRetry}>
                  {t('common.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : loading ? (
            <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} height={24} />
              ))}
            </Stack>
          ) : (
            props.children
          )}
          {props.failure !== undefined ? (
            <Alert color="red" variant="light" title={t('grant.saveFailed')}>
              {props.failure}
            </Alert>
          ) : null}
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={props.onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy} disabled={loading || loadError !== undefined}>
            {t('common.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
