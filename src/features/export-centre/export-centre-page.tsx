import { Paper, Title } from '@mantine/core';
import { useT } from '../../state/hooks';
import { usePageVisible } from '../../lib/page-visibility';
import { ExportCentrePanel } from './export-centre-dialog';

/**
 * The 导出中心 menu screen (/system/export-centre): the same export centre as the top bar's
 * dialog, as a page. A hidden kept-alive page stops polling.
 */
export default function ExportCentrePage() {
  const t = useT();
  const visible = usePageVisible();
  return (
    <Paper p="md" m="md" withBorder>
      <Title order={1} size="h3" mb="md">
        {t('exportCentre.title')}
      </Title>
      <ExportCentrePanel active={visible} />
    </Paper>
  );
}
