import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** Shown above a screen whose controls the user may not use (the permission is missing). */
export function ReadOnlyNotice({ thing }: { thing: string }) {
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
      You can view {thing} but not change them. Ask your Company Admin for the permission.
    </Alert>
  );
}
