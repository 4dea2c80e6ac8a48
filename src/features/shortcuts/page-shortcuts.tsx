import { Kbd, Table, Text, Title } from '@mantine/core';
import { useEffect, useId, useSyncExternalStore } from 'react';
import type { MessageKey } from '../../i18n';
import { currentPlatform } from '../../lib/shortcuts';
import { usePageVisible } from '../../lib/page-visibility';
import { useT } from '../../state/hooks';

/**
 * Keys a page binds itself (a canvas library's own keys, e.g. the BPMN modeller's), not part of
 * the console's SHORTCUTS registry: the page lists them here while it is on screen, and the `?`
 * sheet shows them in a section of their own, so the sheet lists what the page binds and only
 * on that page.
 */
export interface PageShortcutSection {
  /** Unique per page kind, e.g. 'bpmn-modeller'. */
  id: string;
  title: MessageKey;
  rows: readonly { keys: { mac: string; other: string }; description: MessageKey }[];
}

let sections: readonly PageShortcutSection[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const read = () => sections;

/** Lists `section` in the cheat sheet while the calling page is mounted and visible. */
export function usePageShortcuts(section: PageShortcutSection): void {
  const visible = usePageVisible();
  useEffect(() => {
    if (!visible) return;
    sections = [...sections.filter((s) => s.id !== section.id), section];
    emit();
    return () => {
      sections = sections.filter((s) => s !== section);
      emit();
    };
  }, [section, visible]);
}

/** The sections of the page on screen, for the cheat sheet. */
export function PageShortcutTables() {
  const list = useSyncExternalStore(subscribe, read, read);
  return list.map((section) => <SectionTable key={section.id} section={section} />);
}

function SectionTable({ section }: { section: PageShortcutSection }) {
  const t = useT();
  const headingId = useId();
  const platform = currentPlatform();
  return (
    <section aria-labelledby={headingId} data-page-shortcuts={section.id}>
      <Title order={3} size="h5" id={headingId} mb="xs">
        {t(section.title)}
      </Title>
      <Table aria-labelledby={headingId} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="35%">{t('shortcuts.column.keys')}</Table.Th>
            <Table.Th>{t('shortcuts.column.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {section.rows.map((row) => (
            <Table.Tr key={row.description}>
              <Table.Td>
                <Kbd>{platform === 'mac' ? row.keys.mac : row.keys.other}</Kbd>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(row.description)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
