import { Image, Stack, Text } from '@mantine/core';
import type { AdMaterial } from '../../contracts/platform-ad/ad-material';
import { useT } from '../../state/hooks';

/** The detail drawer's preview of a material: its image or video, the copy rendered as text. */
export function MaterialPreview({ row }: { row: AdMaterial }) {
  const t = useT();
  return (
    <Stack gap="xs" mt="md" aria-label={t('adMaterial.preview')}>
      <Text fw={600} size="sm">
        {t('adMaterial.preview')}
      </Text>
      {!row.mediaLink ? (
        <Text size="sm" c="dimmed">
          {t('adMaterial.noMedia')}
        </Text>
      ) : row.materialType === 'video' ? (
        <video src={row.mediaLink} controls style={{ maxWidth: '100%', maxHeight: 240 }} />
      ) : (
        <Image src={row.mediaLink} alt={row.materialName} maw={480} fit="contain" />
      )}
      {row.copyText ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {row.copyText}
        </Text>
      ) : null}
    </Stack>
  );
}
