import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One action of a document's More menu. */
export interface MoreAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** Destructive (cancel, delete): shown in red, after a divider, last. */
  danger?: boolean;
  disabled?: boolean;
}

/**
 * A document header's secondary actions behind one 'More' button, so the header keeps to its few
 * primary actions (Zoho's and Tally's invoice screens do the same). Nothing renders without actions.
 */
export function MoreActionsMenu({ actions }: { actions: MoreAction[] }) {
  if (actions.length === 0) return null;
  const safe = actions.filter((action) => !action.danger);
  const danger = actions.filter((action) => action.danger);
  const item = (action: MoreAction) => (
    <Menu.Item
      key={action.label}
      leftSection={action.icon}
      color={action.danger ? 'red' : undefined}
      disabled={action.disabled}
      onClick={action.onClick}
    >
      {action.label}
    </Menu.Item>
  );
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={14} />}>
          More
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {safe.map(item)}
        {safe.length > 0 && danger.length > 0 && <Menu.Divider />}
        {danger.map(item)}
      </Menu.Dropdown>
    </Menu>
  );
}
