import { Alert, Button, Stack, Text } from '@mantine/core';
import { errorDetail } from '../api/api-error';

export interface LoadErrorAlertProps {
  error: unknown;
  onRetry: () => void;
  title?: string;
}

/** The error state of a screen or card that failed to load: the server's detail and Retry. */
export function LoadErrorAlert({ error, onRetry, title = 'Failed to load.' }: LoadErrorAlertProps) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorDetail(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
