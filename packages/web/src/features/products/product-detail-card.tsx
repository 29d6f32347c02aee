import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of the product page. */
export function ProductDetailCard({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={3} fz="h4" id={`${id}-title`}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
