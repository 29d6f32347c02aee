import { Text } from '@mantine/core';

/**
 * A party in a list row: its name, and its company underneath when that says something more (a
 * buyer's company is often its name, which one column then shows once).
 */
export function PartyNameCell({ name, company }: { name: string; company?: string | null }) {
  return (
    <>
      <Text size="sm">{name}</Text>
      {company && company !== name && (
        <Text size="xs" c="dimmed" aria-label="Buyer company">
          {company}
        </Text>
      )}
    </>
  );
}
