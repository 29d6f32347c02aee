import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorDetail, isHandled } from '../../api/api-error';

/** The server's answer to a failed auth step, shown above the form (wrong credentials, 429...). */
export function FormError({ error }: { error: unknown }) {
  if (!error || isHandled(error)) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {errorDetail(error)}
    </Alert>
  );
}
