import { Kbd, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useAppSelector, useT } from '../../state/hooks';
import type { MessageKey } from '../../i18n';
import { usePermissions } from '../../state/permissions-context';
import {
  currentPlatform,
  SHORTCUTS,
  shortcutLabel,
  shortcutPermitted,
  type Shortcut,
  type ShortcutScope,
} from '../../lib/shortcuts';
import { useShortcutHelp } from './shortcut-help-store';
import { RECORD_LOOKUPS } from '../../palette/lookups';
import { paletteScopes, scopeLabel } from '../../palette/scopes';
import { PageShortcutTables } from './page-shortcuts';

const SCOPES: readonly { scope: ShortcutScope; label: MessageKey }[] = [
  { scope: 'global', label: 'shortcuts.scope.global' },
  { scope: 'tabs', label: 'shortcuts.scope.tabs' },
  { scope: 'palette', label: 'shortcuts.scope.palette' },
  { scope: 'list', label: 'shortcuts.scope.list' },
];

function ScopeTable({ title, items }: { title: string; items: readonly Shortcut[] }) {
  const t = useT();
  const permissions = usePermissions();
  const platform = currentPlatform();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId} mb="xs">
        {title}
      </Title>
      <Table aria-labelledby={headingId} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="35%">{t('shortcuts.column.keys')}</Table.Th>
            <Table.Th>{t('shortcuts.column.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((s) => {
            const permitted = shortcutPermitted(s, permissions);
            return (
              <Table.Tr
                key={s.id}
                data-shortcut={s.id}
                data-disabled={permitted ? undefined : true}
                style={permitted ? undefined : { opacity: 0.55 }}
              >
                <Table.Td>
                  <Kbd>{shortcutLabel(s, platform)}</Kbd>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={permitted ? undefined : 'dimmed'}>
                    {t(s.description)}
                  </Text>
                  {!permitted && s.permission !== undefined && (
                    <Text size="xs" c="dimmed">
                      {t('shortcuts.requiresPermission', { code: s.permission })}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </section>
  );
}

/**
 * The palette's search prefixes, from the same list the empty palette shows (palette/scopes.ts),
 * so the sheet offers exactly what the palette does; look-ups the user may not use are greyed
 * with their code, as shortcuts are.
 */
function PrefixTable() {
  const t = useT();
  const lang = useAppSelector((s) => s.ui.lang);
  const permissions = usePermissions();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId} mb="xs">
        {t('shortcuts.scope.prefixes')}
      </Title>
      <Table aria-labelledby={headingId} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="35%">{t('shortcuts.column.prefix')}</Table.Th>
            <Table.Th>{t('shortcuts.column.searches')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paletteScopes(RECORD_LOOKUPS).map((scope) => {
            const permitted =
              !scope.permission ||
              [scope.permission, ...(scope.alsoFor ?? [])].some((code) => permissions.has(code));
            return (
              <Table.Tr
                key={scope.prefix}
                data-prefix={scope.prefix}
                data-disabled={permitted ? undefined : true}
                style={permitted ? undefined : { opacity: 0.55 }}
              >
                <Table.Td>
                  <Kbd>{scope.prefix}</Kbd>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={permitted ? undefined : 'dimmed'}>
                    {scopeLabel(scope, lang)}
                  </Text>
                  {!permitted && (
                    <Text size="xs" c="dimmed">
                      {t('shortcuts.requiresPermission', { code: scope.permission! })}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </section>
  );
}

/**
 * The `?` cheat sheet: every shortcut of the registry grouped by scope, generated so it cannot
 * drift from what is bound. Shortcuts the user lacks the permission for stay listed, greyed, with
 * the code to ask an administrator for. Open/close through shortcut-help-store.ts.
 */
export function ShortcutCheatSheet() {
  const t = useT();
  const { opened, close } = useShortcutHelp();
  return (
    <Modal opened={opened} onClose={close} title={t('shortcuts.title')} size="lg">
      <Stack gap="lg">
        {SCOPES.map(({ scope, label }) => {
          const items = SHORTCUTS.filter((s) => s.scope === scope);
          return items.length > 0 && <ScopeTable key={scope} title={t(label)} items={items} />;
        })}
        <PageShortcutTables />
        <PrefixTable />
      </Stack>
    </Modal>
  );
}
