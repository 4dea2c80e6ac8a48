import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useResourceOptionsQuery, useResourceSubmitMutation } from '../../api/resource';
import { TransferList, type TransferItem } from '../../components/transfer-list';
import { toast } from '../../components/toast';
import { moneyText } from '../../contracts/money';
import {
  PSCLIENT_APP_SERVICE,
  type AppAuth,
  type AuthProduct,
  type PsclientApp,
} from '../../contracts/platform-client/psclient-app';
import { useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';

/**
 * 授权配置: the products the app may order, as a transfer list. `listAuth` answers both sides
 * (the authorised products and the tenant's others, with code and sale price), so the dialog
 * needs no other permission than the authorisation button's; saving replaces the set
 * (authConfig).
 */
export default function AppAuthDialog({ rows, onClose }: ActionDialogProps<PsclientApp>) {
  const t = useT();
  const app = rows[0];
  const answer = useResourceOptionsQuery({
    path: `${PSCLIENT_APP_SERVICE}/listAuth`,
    params: { appId: app?.id ?? '' },
  });
  const auth = answer.data as AppAuth | undefined;
  const [chosen, setChosen] = useState<ReadonlySet<string>>();
  const refusal = useRefusal(['productIds']);
  const [save, { isLoading: busy }] = useResourceSubmitMutation();
  // The transfer list's filter takes the focus once the products are there (the modal's trap
  // would leave it on the close button).
  const listRef = useRef<HTMLDivElement>(null);
  const loaded = auth !== undefined;
  useEffect(() => {
    if (loaded) listRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, [loaded]);
  if (!app) return null;

  const products: AuthProduct[] = auth ? [...auth.authorised, ...auth.available] : [];
  const current = chosen ?? new Set(auth?.authorised.map((p) => p.id) ?? []);
  const item = (p: AuthProduct): TransferItem => ({
    id: p.id,
    label: p.productName,
    description: t('clientAccess.auth.product', {
      code: p.productCode,
      price: moneyText(p.salePrice) ?? '',
    }),
  });
  const move = (ids: readonly string[], to: 'left' | 'right') => {
    const next = new Set(current);
    for (const id of ids)
      if (to === 'right') next.add(id);
      else next.delete(id);
    setChosen(next);
    refusal.clear();
  };
  const submit = async () => {
    try {
      await save({
        service: PSCLIENT_APP_SERVICE,
        path: 'authConfig',
        body: {
          appId: app.id,
          productIds: products.filter((p) => current.has(p.id)).map((p) => p.id),
        },
      }).unwrap();
      toast('success', t('messages.updated'));
      onClose(true);
    } catch (err) {
      refusal.show(err, t('errors.submitFailed'));
    }
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose(false)}
      title={t('clientAccess.auth.title', { name: app.appName })}
      size="xl"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('clientAccess.auth.hint')}
        </Text>
        {answer.isError && <Alert color="red">{t('clientAccess.loadFailed')}</Alert>}
        <div ref={listRef}>
          <TransferList
            left={products.filter((p) => !current.has(p.id)).map(item)}
            right={products.filter((p) => current.has(p.id)).map(item)}
            loading={answer.isFetching}
            onMove={move}
            texts={{
              leftTitle: t('clientAccess.auth.left'),
              rightTitle: t('clientAccess.auth.right'),
              filter: t('clientAccess.auth.filter'),
              moveRight: t('clientAccess.auth.moveRight'),
              moveLeft: t('clientAccess.auth.moveLeft'),
              count: t('clientAccess.auth.count'),
              empty: t('clientAccess.auth.empty'),
              help: t('clientAccess.auth.help'),
            }}
          />
        </div>
        {refusal.error('productIds') && (
          <Text size="sm" c="red" role="alert">
            {refusal.error('productIds')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
            {t('clientAccess.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy} disabled={!auth}>
            {t('clientAccess.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
