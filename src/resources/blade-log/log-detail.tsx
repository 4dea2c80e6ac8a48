import { Alert, Button, Center, Code, Drawer, Group, Loader, Table, Text } from '@mantine/core';
import { useLang, useT } from '../../state/hooks';
import { useResourceDetailQuery } from '../../api/resource';
import type { ActionDialogProps, Bilingual } from '../types';

/** A field of a log's detail: `block` texts (params, log data) keep their lines, monospaced. */
export interface LogField {
  field: string;
  label: Bilingual;
  block?: boolean;
}

export interface LogDetailProps extends ActionDialogProps<{ id: string }> {
  /** The log's service ('blade-log/api'): its detail?id= is read. */
  service: string;
  fields: readonly LogField[];
}

/** JSON shown indented; anything else as sent. */
function blockText(value: string): string {
  if (!/^[[{]/.test(value)) return value;
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

/**
 * The detail drawer of a log row (opened from the row's details button): the fields of
 * `detail?id=` as text, never as markup. The server has masked credentials before storing them.
 */
export function LogDetail({ service, fields, rows, onClose }: LogDetailProps) {
  const t = useT();
  const lang = useLang();
  const id = rows[0]?.id ?? '';
  const detail = useResourceDetailQuery({ service, id }, { skip: !id });
  const record = detail.data;
  return (
    <Drawer
      opened
      onClose={() => onClose()}
      position="right"
      size={632}
      title={t('scopes.log.detailTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {detail.isError ? (
        <Alert color="red" title={t('scopes.log.loadFailed')}>
          <Button size="xs" variant="light" onClick={() => void detail.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : record === null ? (
        // The record is not there (deleted since the list was read): BladeX answers data null.
        <Text py="xl" ta="center" c="dimmed">
          {t('common.empty')}
        </Text>
      ) : !record ? (
        <Center py="xl">
          <Loader size="sm" aria-label={t('common.loading')} />
        </Center>
      ) : (
        <Table variant="vertical" withTableBorder layout="fixed">
          <Table.Tbody>
            {fields.map(({ field, label, block }) => {
              const raw = record[field];
              const value = raw === undefined || raw === null ? '' : String(raw);
              return (
                <Table.Tr key={field}>
                  <Table.Th w={140}>{label[lang]}</Table.Th>
                  <Table.Td>
                    {value === '' ? (
                      <Text size="sm" c="dimmed">
                        {t('scopes.log.empty')}
                      </Text>
                    ) : block ? (
                      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                        {blockText(value)}
                      </Code>
                    ) : (
                      <Text size="sm" style={{ wordBreak: 'break-all' }}>
                        {value}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => onClose()}>
          {t('common.close')}
        </Button>
      </Group>
    </Drawer>
  );
}
