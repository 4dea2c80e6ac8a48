import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import { useResourceCallMutation } from '../../api/resource';
import { STORE_SERVICE, type SupStore } from '../../contracts/platform-supplier/sup-store';
import { useT } from '../../state/hooks';
import { ImportDialog } from '../parts/import-dialog';
import type { ActionDialogProps } from '../types';

interface Repeat {
  id: string;
  row: number;
  storeCode: string;
  storeName: string;
}

/** How many waiting rows the dialog names (the count says how many there are). */
const SHOWN = 5;

/**
 * The codes of an import that the supplier already has: merge them all into the existing
 * stores, or keep them all as separate stores marked repeat (merge-mode-store /
 * exclusive-mode-store; sent once, the outcome said).
 */
function Repeats({
  importId,
  repeats,
  count,
  onDone,
}: {
  importId: string;
  repeats: readonly Repeat[];
  count: number;
  onDone(): void;
}) {
  const t = useT();
  const [apply, state] = useResourceCallMutation();
  const [outcome, setOutcome] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const run = async (mode: 'merge' | 'exclusive') => {
    if (state.isLoading) return;
    setFailure(undefined);
    try {
      const done = (await apply({
        service: STORE_SERVICE,
        path: `${STORE_SERVICE}/${mode}-mode-store`,
        params: { importId },
      }).unwrap()) as { merged: number; created: number };
      setOutcome(t('supplierStores.repeat.done', { merged: done.merged, created: done.created }));
      onDone();
    } catch (err) {
      setFailure((err as Partial<ApiError>).message || t('errors.submitFailed'));
    }
  };
  return (
    <Alert color="orange" variant="light" title={t('supplierStores.repeat.title')} mt="sm">
      <Stack gap="xs">
        <Text size="sm">{t('supplierStores.repeat.summary', { count })}</Text>
        <List size="sm">
          {repeats.slice(0, SHOWN).map((r) => (
            <List.Item key={r.id}>
              {t('supplierStores.repeat.row', { row: r.row, code: r.storeCode, name: r.storeName })}
            </List.Item>
          ))}
        </List>
        {outcome ? (
          <Text size="sm" role="status">
            {outcome}
          </Text>
        ) : (
          <Group gap="xs">
            <Button
              type="button"
              size="xs"
              loading={state.isLoading}
              onClick={() => void run('merge')}
            >
              {t('supplierStores.repeat.merge')}
            </Button>
            <Button
              type="button"
              size="xs"
              variant="default"
              disabled={state.isLoading}
              onClick={() => void run('exclusive')}
            >
              {t('supplierStores.repeat.exclusive')}
            </Button>
          </Group>
        )}
        {failure && (
          <Text size="sm" c="red.8" role="alert">
            {failure}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** 导入 (stores toolbar): import-spu-store through the import engine, then the repeats' choice. */
export default function SupStoreImportDialog({ onClose }: ActionDialogProps<SupStore>) {
  const t = useT();
  const [applied, setApplied] = useState(false);
  return (
    <ImportDialog
      title={t('supplierStores.import.title')}
      endpoints={{
        upload: `${STORE_SERVICE}/import-spu-store`,
        template: `${STORE_SERVICE}/export-template`,
        result: `${STORE_SERVICE}/import-result`,
      }}
      templateFileName={t('supplierStores.import.templateFile')}
      hint={t('supplierStores.import.hint')}
      refresh={STORE_SERVICE}
      renderResult={(result) => {
        const count = Number(result.repeatCount ?? 0);
        if (result.status !== 'success' || count === 0) return null;
        return (
          <Repeats
            importId={result.id}
            count={count}
            repeats={(result.repeats as Repeat[] | undefined) ?? []}
            onDone={() => setApplied(true)}
          />
        );
      }}
      onClose={(changed) => onClose(changed || applied)}
    />
  );
}
