import { Alert, Button, Center, Stack } from '@mantine/core';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { errorDetail } from '../../api/api-error';

/** Shown when a route cannot load (for example the signed-in user could not be read). */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Center mih="60vh" p="md">
      <Stack maw={480} w="100%">
        <Alert color="red" title="Failed to load." role="alert">
          {errorDetail(error)}
        </Alert>
        <Button
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Retry
        </Button>
      </Stack>
    </Center>
  );
}
