import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PATHS } from '../../session/paths';

export function UnauthorizedPage() {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="red">
          <IconLock size={32} />
        </ThemeIcon>
        <Title order={2}>Unauthorized Access</Title>
        <Text c="dimmed">
          You don't have permission to view this page. Please contact your Company Admin.
        </Text>
        <Button component={Link} to={PATHS.company} variant="light">
          Go to Company
        </Button>
      </Stack>
    </Center>
  );
}
