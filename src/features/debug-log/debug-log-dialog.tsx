import { Button, Code, Group, Modal, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Fragment, useState } from 'react';
import { uploadDebugLog } from '../../api/auth-calls';
import { useConfirm } from '../../components/confirm-dialog';
import { useT } from '../../state/hooks';
import { clearDebugLog, removeDebugEntries } from './debug-log-store';
import { useDebugLog } from './use-debug-log';
import { toast } from '../../components/toast';

const formatTime = (iso: string) => {
  const d = dayjs(iso);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : iso;
};

/**
 * The local debug log (spec screen 1, section 8): entries newest first, the stack of each
 * behind a toggle; upload sends them to the server and forgets exactly those (entries recorded
 * meanwhile stay); clear forgets everything. Both ask first.
 */
export function DebugLogDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const entries = useDebugLog();
  const [confirmDialog, confirm, confirming] = useConfirm();
  const [busy, setBusy] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const upload = async () => {
    if (!(await confirm(t('debugLog.confirmUpload')))) return;
    const sent = [...entries];
    setBusy(true);
    try {
      await uploadDebugLog(sent);
      removeDebugEntries(sent);
      toast('success', t('debugLog.sent'));
    } catch {
      // The API client has already shown the server's message (or 'network exception').
    } finally {
      setBusy(false);
    }
  };

  const clear = async () => {
    if (!(await confirm(t('debugLog.confirmClear')))) return;
    clearDebugLog();
    setExpanded(new Set());
    toast('success', t('debugLog.cleared'));
  };

  const toggle = (key: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  // Keys by position from the oldest entry, so they stay put when newer entries arrive.
  const rows = entries.map((entry, i) => ({ entry, key: `${i}-${entry.time}` })).reverse();

  // The confirmation is a sibling, not a child (React events bubble through portals), and
  // Escape is left to it while it is open.
  return (
    <>
      <Modal
        opened={opened}
        onClose={onClose}
        closeOnEscape={!confirming}
        title={t('debugLog.title')}
        size="70rem"
      >
        <Group justify="space-between" mb="sm">
          <Text size="sm" c="dimmed">
            {t('debugLog.count', { count: entries.length })}
          </Text>
          <Group gap="xs">
            <Button size="xs" onClick={upload} loading={busy} disabled={entries.length === 0}>
              {t('debugLog.upload')}
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={clear}
              disabled={entries.length === 0 || busy}
            >
              {t('debugLog.clear')}
            </Button>
          </Group>
        </Group>
        {entries.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('debugLog.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={48}>
                    <VisuallyHidden>{t('debugLog.showStack')}</VisuallyHidden>
                  </Table.Th>
                  <Table.Th w={120}>{t('debugLog.type')}</Table.Th>
                  <Table.Th>{t('debugLog.url')}</Table.Th>
                  <Table.Th>{t('debugLog.message')}</Table.Th>
                  <Table.Th w={170}>{t('debugLog.time')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ entry, key }) => {
                  const open = expanded.has(key);
                  const label = t(open ? 'debugLog.hideStack' : 'debugLog.showStack');
                  return (
                    <Fragment key={key}>
                      <Table.Tr>
                        <Table.Td>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            aria-expanded={open}
                            aria-label={label}
                            title={label}
                            onClick={() => toggle(key)}
                          >
                            {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                          </Button>
                        </Table.Td>
                        <Table.Td>{entry.type}</Table.Td>
                        <Table.Td style={{ wordBreak: 'break-all' }}>{entry.url}</Table.Td>
                        <Table.Td style={{ wordBreak: 'break-word' }}>{entry.message}</Table.Td>
                        <Table.Td>{formatTime(entry.time)}</Table.Td>
                      </Table.Tr>
                      {open && (
                        <Table.Tr>
                          <Table.Td colSpan={5}>
                            {entry.stack || entry.info ? (
                              <Code block style={{ maxHeight: 240, overflow: 'auto' }}>
                                {[entry.stack, entry.info].filter(Boolean).join('\n\n')}
                              </Code>
                            ) : (
                              <Text size="sm" c="dimmed">
                                {t('debugLog.noStack')}
                              </Text>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Modal>
      {confirmDialog}
    </>
  );
}
