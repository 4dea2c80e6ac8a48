import { Button, Group, Modal, Text } from '@mantine/core';
import { useClearCacheMutation } from '../../api/auth';
import { useT } from '../../state/hooks';
import { toast } from '../../components/toast';

/**
 * Spec screen 9 / section 8: 'is cache clearing needed?' then the clear-cache call and 'clearing
 * complete'. A failed call is reported by the API layer's error toast, so the dialog just closes.
 */
export function ClearCacheDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const [clearCache, { isLoading }] = useClearCacheMutation();
  const confirm = async () => {
    try {
      await clearCache().unwrap();
      toast('success', t('layout.cache.done'));
    } catch {
      // Shown by the API layer.
    }
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('common.confirmTitle')} centered size="sm">
      <Text>{t('layout.cache.confirm')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void confirm()} loading={isLoading} data-autofocus>
          {t('common.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
