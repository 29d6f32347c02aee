import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PATHS } from '../../session/paths';

export interface ProductPageHeaderProps {
  title: string;
  /** Links between Products and the title, e.g. the product when editing it. */
  trail?: { label: string; to: string }[];
  subtitle?: ReactNode;
  actions?: ReactNode;
  leading?: ReactNode;
}

/** The breadcrumb back to the products list, the page's title and its actions. */
export function ProductPageHeader({ title, trail = [], subtitle, actions, leading }: ProductPageHeaderProps) {
  return (
    <Stack gap={6}>
      <Breadcrumbs separator="›" fz="sm">
        <Anchor component={Link} to={PATHS.products} size="sm">
          Products
        </Anchor>
        {trail.map((step) => (
          <Anchor key={step.to} component={Link} to={step.to} size="sm">
            {step.label}
          </Anchor>
        ))}
        <Text size="sm" c="dimmed" truncate="end" maw={360}>
          {title}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: 1 }}>
          {leading}
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {subtitle}
          </Stack>
        </Group>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}
