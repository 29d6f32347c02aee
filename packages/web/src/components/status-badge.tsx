import { type StatusOption, statusColor, statusLabel } from '@b2b/domain/statuses';
import { Badge } from '@mantine/core';

export interface StatusBadgeProps {
  options: readonly StatusOption[];
  value: string;
}

/** A status with the label and colour of its list in the domain package. */
export function StatusBadge({ options, value }: StatusBadgeProps) {
  return (
    <Badge color={statusColor(options, value)} variant="light" radius="sm">
      {statusLabel(options, value)}
    </Badge>
  );
}
