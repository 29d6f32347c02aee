import { MARKETING_HOME_PATH, NOT_FOUND_BUTTON } from '@b2b/domain/app-mode';
import { NOT_FOUND_TITLE } from '@b2b/domain/app-routes';
import { Box, Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PATHS } from '../../session/paths';
import { appMode } from '../app-mode';

export function NotFoundPage() {
  // The marketing-only app goes back to its dashboard, the admin app home (spec 3).
  const { mode } = appMode();
  useEffect(() => {
    document.title = NOT_FOUND_TITLE;
  });
  return (
    <Stack mih="100vh" justify="space-between" p="md">
      <Center style={{ flex: 1 }}>
        <Stack align="center" gap="md" ta="center">
          <Text fz={96} fw={800} c="indigo.4" lh={1}>
            404
          </Text>
          <Title order={2}>Page not Found</Title>
          <Button component={Link} to={mode === 'marketing' ? MARKETING_HOME_PATH : PATHS.home}>
            {NOT_FOUND_BUTTON[mode]}
          </Button>
        </Stack>
      </Center>
      <Box component="footer" ta="center">
        <Text size="sm" c="dimmed">
          © {new Date().getFullYear()} B2B Back Office
        </Text>
      </Box>
    </Stack>
  );
}
