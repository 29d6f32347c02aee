import { Button, Card, EmptyState } from '@mantine/core';
import { IconBoxOff, IconPlus } from '@tabler/icons-react';

export const EMPTY_TITLE = "Oops it's empty here";

export interface EmptyStateCardProps {
  /** The thing to add, e.g. 'Product' or 'Category'. */
  thing: string;
  onAdd?: () => void;
  addLabel?: string;
}

/** The spec's empty-state card: 'Oops it's empty here', 'Add a {thing} and boost your business', Add. */
export function EmptyStateCard({ thing, onAdd, addLabel = 'Add' }: EmptyStateCardProps) {
  return (
    <Card withBorder padding="xl" radius="md">
      <EmptyState
        title={EMPTY_TITLE}
        description={`Add a ${thing} and boost your business`}
        icon={<IconBoxOff size={28} />}
      >
        <Button leftSection={<IconPlus size={16} />} onClick={onAdd} disabled={!onAdd}>
          {addLabel}
        </Button>
      </EmptyState>
    </Card>
  );
}
