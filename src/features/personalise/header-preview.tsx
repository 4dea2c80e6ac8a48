import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useAppSelector, useT } from '../../state/hooks';
import { safeLogoUrl } from '../../state/shell-style';
import { SHELL_THEMES } from '../../state/theme';
import type { PersonaliseSettings } from '../../contracts/personalise';

/**
 * A live preview of what the form would change: the browser tab (favicon + window title) and
 * the header's logo block (navigation-bar logo + site name) in the current theme, with a
 * button in the chosen colour. Nothing here reads the saved personalisation.
 */
export function HeaderPreview({ values }: { values: PersonaliseSettings }) {
  const t = useT();
  const theme = SHELL_THEMES[useAppSelector((s) => s.ui.theme)];
  const site = values.sideName.trim() || t('app.name');
  const favicon = safeLogoUrl(values.smallWindowLogoUrl);
  const logo = safeLogoUrl(values.navigationBarLogoUrl);
  const color = /^#[0-9a-fA-F]{6}$/.test(values.systemColor)
    ? values.systemColor
    : 'var(--mantine-primary-color-filled)';

  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={t('personalise.preview')}>
      <Stack gap="sm">
        <Text fw={600}>{t('personalise.preview')}</Text>
        <Text size="xs" c="dimmed">
          {t('personalise.previewBrowserTab')}
        </Text>
        <Group
          gap={8}
          px="sm"
          py={6}
          wrap="nowrap"
          maw={280}
          style={{
            background: 'var(--mantine-color-default-hover)',
            borderRadius: '8px 8px 0 0',
          }}
          data-testid="preview-browser-tab"
        >
          {favicon ? (
            <img src={favicon} alt="" width={16} height={16} referrerPolicy="no-referrer" />
          ) : (
            <IconWorld size={16} aria-hidden />
          )}
          <Text size="xs" truncate>
            {`${t('personalise.previewTab')} - ${site}`}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t('personalise.previewHeader')}
        </Text>
        <Group
          gap={0}
          h={48}
          wrap="nowrap"
          style={{ borderRadius: 4, overflow: 'hidden', background: theme.header }}
          data-testid="preview-header"
        >
          <Group
            gap={10}
            px="md"
            h="100%"
            wrap="nowrap"
            w={220}
            style={{ background: theme.sidebar, color: theme.sidebarText, flexShrink: 0 }}
          >
            {logo && (
              <img
                src={logo}
                alt=""
                style={{ height: 28, maxWidth: 64, objectFit: 'contain' }}
                referrerPolicy="no-referrer"
              />
            )}
            <Text fw={600} size="sm" truncate>
              {site}
            </Text>
          </Group>
          <Box px="md" style={{ color: theme.headerText }}>
            <Box h={4} w={48} style={{ background: color, borderRadius: 2 }} />
          </Box>
        </Group>
        <Group>
          <Box
            px="sm"
            py={4}
            style={{ background: color, color: '#fff', borderRadius: 4, fontSize: 12 }}
          >
            {t('personalise.previewButton')}
          </Box>
          <Text size="xs" c={color}>
            {values.systemColor}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
