import { Button } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';

/** The way into the Serial Numbers lookup from the inventory screens, for users who may open it. */
export function SerialNumbersButton() {
  const user = useCurrentUser();
  if (!canPerform(user, 'view_inventory')) return null;
  return (
    <Button
      component={Link}
      to={PATHS.serialNumbers}
      variant="default"
      leftSection={<IconBarcode size={16} />}
    >
      Serial Numbers
    </Button>
  );
}
