import { SimpleGrid, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Charts side by side (one column on a narrow screen) under a caption naming them. */
export function ChartFigure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <figure style={{ margin: 0 }} aria-label={title}>
      <Title order={2} size="h6" component="figcaption" mb="xs">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {children}
      </SimpleGrid>
    </figure>
  );
}
