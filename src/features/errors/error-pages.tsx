import { Box, Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { useAppSelector, useT } from '../../state/hooks';
import type { MessageKey } from '../../i18n';

interface ErrorScreenProps {
  code: string;
  title: MessageKey;
  text: MessageKey;
}

/** A full-page error (spec section 2: /404, /403, /500) with a way back home. */
function ErrorScreen({ code, title, text }: ErrorScreenProps) {
  const t = useT();
  const siteName = useAppSelector((s) => s.ui.personalisation.sideName) || t('app.name');
  useDocumentTitle(`${code} ${t(title)} - ${siteName}`);
  return (
    <Box component="main" mih="100vh" p="md" style={{ display: 'grid', placeItems: 'center' }}>
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1}>
          <Text
            component="span"
            display="block"
            fz={96}
            fw={800}
            lh={1}
            c="var(--mantine-primary-color-filled)"
          >
            {code}
          </Text>{' '}
          <Text component="span" display="block" fz="h2" fw={600} mt="sm">
            {t(title)}
          </Text>
        </Title>
        <Text c="dimmed">{t(text)}</Text>
        <Button component={Link} to="/" mt="md">
          {t('common.backHome')}
        </Button>
      </Stack>
    </Box>
  );
}

export function NotFoundPage() {
  return <ErrorScreen code="404" title="errorPage.notFound.title" text="errorPage.notFound.text" />;
}

export function ForbiddenPage() {
  return (
    <ErrorScreen code="403" title="errorPage.forbidden.title" text="errorPage.forbidden.text" />
  );
}

export function ServerErrorPage() {
  return <ErrorScreen code="500" title="errorPage.server.title" text="errorPage.server.text" />;
}
