import { Stack, Title } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { EmptyStateCard } from '../../components/empty-state-card';
import { titleOfPath } from '../route-table';

/** A menu route whose area is not built yet: the spec's empty-state card, no made-up rows. */
export function EmptyAreaPage() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Spec 000 section 2: an area not built yet has no list of its own to name, so the card says Product.
  const area = pathname.replace(/\/+$/, '') === '/categories' ? 'categories' : 'products';
  return (
    <Stack gap="lg">
      <Title order={2}>{titleOfPath(pathname) ?? 'Overview'}</Title>
      <EmptyStateCard area={area} />
    </Stack>
  );
}
