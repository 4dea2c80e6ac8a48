import { Group, Image, Stack, Text, Title } from '@mantine/core';
import { useResourceOptionsQuery } from '../../api/resource';
import {
  PSCLIENT_PRODUCT,
  type ProductMediaAnswer,
} from '../../contracts/platform-client/psclient-product';
import { useT } from '../../state/hooks';

/** Same-origin paths and http(s) addresses only (a stored link is never a script URL). */
const safe = (link: string) => /^(\/|https?:\/\/)/.test(link);

/** The detail drawer's pictures and videos of a product (listPicAndVideo). */
export function ProductMediaSection({ productId }: { productId: string }) {
  const t = useT();
  const answer = useResourceOptionsQuery({
    path: `${PSCLIENT_PRODUCT}/listPicAndVideo`,
    params: { productId },
  });
  const media = answer.data as ProductMediaAnswer | undefined;
  if (!media) return null;
  const none = media.pictures.length === 0 && media.videos.length === 0;
  return (
    <Stack gap="xs" mt="md">
      <Title order={3} size="h5">
        {t('clientProduct.media.title')}
      </Title>
      {none && (
        <Text size="sm" c="dimmed">
          {t('clientProduct.media.none')}
        </Text>
      )}
      <Group gap="xs">
        {media.pictures
          .filter((p) => safe(p.link))
          .map((p) => (
            <Image key={p.id} src={p.link} alt={p.name} w={96} h={96} fit="cover" radius="sm" />
          ))}
      </Group>
      {media.videos
        .filter((v) => safe(v.link))
        .map((v) => (
          <video key={v.id} src={v.link} controls width={240} aria-label={v.name} />
        ))}
    </Stack>
  );
}
