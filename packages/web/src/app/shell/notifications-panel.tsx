import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';

/**
 * Notifications come from an external notifications service that this deployment does not run
 * yet, so the panel shows its empty state.
 */
export function NotificationsPanel() {
  return (
    <Center mih={240}>
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconBellOff size={24} />
        </ThemeIcon>
        <Text c="dimmed">No new notifications</Text>
      </Stack>
    </Center>
  );
}
