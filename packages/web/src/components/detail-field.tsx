import { NOT_APPLICABLE } from '@b2b/domain/money';
import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A dimmed label above its value; an empty value reads N/A. */
export function DetailField({ label, children }: { label: string; children?: ReactNode }) {
  const empty = children === null || children === undefined || children === '' || children === false;
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div" size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {empty ? NOT_APPLICABLE : children}
      </Text>
    </div>
  );
}

/** Detail fields side by side: one column on a phone, up to `cols` on a wide screen. */
export function DetailGrid({ cols = 3, children }: { cols?: 2 | 3; children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: cols }} spacing="md">
      {children}
    </SimpleGrid>
  );
}
