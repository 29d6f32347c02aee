import { Stack, Title } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { EmptyStateCard } from '../../components/empty-state-card';
import { titleOfPath } from '../route-table';

/** A menu route whose area is not built yet: the spec's empty-state card, no made-up rows. */
export function EmptyAreaPage() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const thing = pathname.replace(/\/+$/, '') === '/categories' ? 'Category' : 'Product';
  return (
    <Stack gap="lg">
      <Title order={2}>{titleOfPath(pathname) ?? 'Overview'}</Title>
      <EmptyStateCard thing={thing} />
    </Stack>
  );
}
