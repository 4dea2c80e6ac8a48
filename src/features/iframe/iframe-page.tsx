import { Alert, Anchor, Group, Stack } from '@mantine/core';
import { IconAlertCircle, IconExternalLink } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../../state/hooks';
import { checkFrameUrl, frameTargetFromLocation } from './frame-url';

/** Scripts and forms run (the framed apps need them), but top navigation and downloads do not. */
const SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups';

/**
 * /myiframe/* (spec section 2): a menu entry pointing at an external http(s) page, shown in a
 * frame. Anything that is not an absolute http(s) URL is refused.
 */
export function IframePage() {
  const t = useT();
  const { search, hash } = useLocation();
  const target = useMemo(
    () => checkFrameUrl(frameTargetFromLocation(search, hash)),
    [search, hash],
  );

  if (!target.ok) {
    return (
      <Alert color="red" variant="light" m="md" icon={<IconAlertCircle size={18} aria-hidden />}>
        {t('iframe.refused')}
      </Alert>
    );
  }

  return (
    <Stack gap={4} h="100%">
      <Group justify="flex-end">
        <Anchor href={target.url} target="_blank" rel="noopener noreferrer" size="sm">
          <IconExternalLink size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
          {t('iframe.openNew')}
        </Anchor>
      </Group>
      <iframe
        // A new target gets a fresh frame rather than a navigation inside the old one.
        key={target.url}
        src={target.url}
        title={t('iframe.title', { host: target.host })}
        sandbox={SANDBOX}
        referrerPolicy="no-referrer"
        style={{ border: 0, width: '100%', flex: 1, minHeight: 'calc(100vh - 160px)' }}
      />
    </Stack>
  );
}
