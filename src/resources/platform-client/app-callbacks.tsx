import { Alert, Badge, Button, Loader, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useResourceOptionsQuery } from '../../api/resource';
import { refusalMessage, useIdempotentPostMutation, useSendOnce } from '../../api/send-once';
import {
  PSCLIENT_APP_SERVICE,
  psclientAppContract,
  type PsclientApp,
} from '../../contracts/platform-client/psclient-app';
import { CALLBACK_DOC } from '../../contracts/platform-client/open-api';
import { toast } from '../../components/toast';
import { useLang, useT } from '../../state/hooks';
import { usePermissions } from '../../state/permissions-context';

interface Attempt {
  attempt: number;
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
  createTime: string;
}

interface Delivery {
  id: string;
  eventId: string;
  eventType: keyof typeof CALLBACK_DOC.events;
  orderNo: string;
  outOrderNo: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  deliveredTime: string | null;
  createTime: string;
  tries: Attempt[];
}

const STATE_COLOR = { pending: 'orange', delivered: 'green', failed: 'red' } as const;

function Resend({ delivery }: { delivery: Delivery }) {
  const t = useT();
  const [post] = useIdempotentPostMutation();
  const send = useSendOnce((body: Record<string, unknown>, idempotencyKey: string) =>
    post({
      path: `${PSCLIENT_APP_SERVICE}/resendCallback`,
      body,
      idempotencyKey,
      services: [PSCLIENT_APP_SERVICE],
    }).unwrap(),
  );
  return (
    <Button
      size="compact-xs"
      variant="light"
      loading={send.busy}
      disabled={send.busy}
      onClick={async () => {
        const outcome = await send.run({ id: delivery.id });
        if (outcome.ok) toast('success', t('clientAccess.callbacks.resent'));
        else if (outcome.error !== undefined)
          toast('error', refusalMessage(outcome.error, t('clientOrders.failed')));
      }}
    >
      {t('clientAccess.callbacks.resend')}
    </Button>
  );
}

/**
 * 回调记录 in the app's detail drawer (issue 27 item 4): the app's latest events as delivered to
 * its callback URL, each attempt's status, and 重发 (same event id) for holders of the edit button.
 */
export function AppCallbacks({ row }: { row: PsclientApp }) {
  const t = useT();
  const lang = useLang();
  const canResend = usePermissions().has(psclientAppContract.codes.edit ?? '');
  const query = useResourceOptionsQuery({
    path: `${PSCLIENT_APP_SERVICE}/listCallback`,
    params: { appId: row.id },
  });
  const deliveries = (query.data as Delivery[] | undefined) ?? [];
  return (
    <Stack gap="xs" mt="md">
      <Text fw={600}>{t('clientAccess.callbacks.title')}</Text>
      {query.isLoading ? (
        <Loader size="sm" aria-label={t('supplierOrders.loading')} />
      ) : query.isError ? (
        <Alert color="red">{t('supplierOrders.loadFailed')}</Alert>
      ) : deliveries.length === 0 ? (
        <Text c="dimmed" size="sm">
          {row.callbackUrl ? t('clientAccess.callbacks.none') : t('clientAccess.callbacks.noUrl')}
        </Text>
      ) : (
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('clientAccess.callbacks.event')}</Table.Th>
              <Table.Th>{t('clientAccess.callbacks.order')}</Table.Th>
              <Table.Th>{t('clientAccess.callbacks.state')}</Table.Th>
              <Table.Th>{t('clientAccess.callbacks.attempts')}</Table.Th>
              <Table.Th>{t('clientAccess.callbacks.time')}</Table.Th>
              {canResend && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{CALLBACK_DOC.events[d.eventType]?.[lang] ?? d.eventType}</Table.Td>
                <Table.Td>{d.outOrderNo}</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLOR[d.state]} variant="light">
                    {t(`clientAccess.callbacks.${d.state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Tooltip
                    multiline
                    label={
                      d.tries
                        .map(
                          (a) =>
                            `#${a.attempt} ${a.createTime} ${a.httpStatus ?? '-'} ${a.error ?? ''}`,
                        )
                        .join('\n') || '-'
                    }
                  >
                    <Text size="sm">
                      {d.attempts}
                      {d.lastError ? ` · ${d.lastError}` : ''}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td>{d.deliveredTime ?? d.createTime}</Table.Td>
                {canResend && (
                  <Table.Td>
                    <Resend delivery={d} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
