import { Center, Loader, type MantineSize } from '@mantine/core';
import type { MessageKey } from '../i18n';
import { useT } from '../state/hooks';

/**
 * A loader in the middle of the place something is on its way to (a screen's or a chart's
 * code, a diagram), named for screen readers by `label`.
 */
export function CentredLoader({
  label,
  h,
  size,
}: {
  label: MessageKey;
  h: number | string;
  size?: MantineSize;
}) {
  const t = useT();
  return (
    <Center h={h}>
      <Loader size={size} aria-label={t(label)} />
    </Center>
  );
}
