import {
  CAMPAIGN_MEDIUMS,
  type CampaignMedium,
  type StatusOption,
  statusColor,
  statusLabel,
} from '@b2b/domain/statuses';
import { Badge, Button, Card, EmptyState, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { EMPTY_TITLE } from '../../components/empty-state-card';
import { PATHS } from '../../session/paths';

/** Where a new campaign of a medium is made: one-time or recurring. */
export const newCampaignPath = (medium: CampaignMedium, recurring = false) =>
  `${recurring ? PATHS.recurringCampaignNew : PATHS.campaignNew}?campaignMedium=${medium}`;

/** 'New campaign' with a choice of medium (each medium has its own form). */
export function NewCampaignMenu({
  recurring = false,
  label = recurring ? 'New recurring campaign' : 'New campaign',
}: {
  recurring?: boolean;
  label?: string;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {CAMPAIGN_MEDIUMS.map((medium) => (
          <Menu.Item key={medium.value} component={Link} to={newCampaignPath(medium.value, recurring)}>
            {medium.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The empty list: the spec's 'Oops it's empty here' and a button per medium. */
export function CampaignsEmptyCard({ recurring = false, canAdd }: { recurring?: boolean; canAdd: boolean }) {
  return (
    <Card withBorder padding="xl" radius="md">
      <EmptyState
        title={EMPTY_TITLE}
        description={
          recurring
            ? 'Create a Recurring Campaign and boost your business'
            : 'Create a Campaign and boost your business'
        }
        icon={<IconSpeakerphone size={28} />}
      >
        {canAdd && (
          <Group gap="xs" justify="center">
            {CAMPAIGN_MEDIUMS.map((medium) => (
              <Button
                key={medium.value}
                variant="light"
                component={Link}
                to={newCampaignPath(medium.value, recurring)}
                leftSection={<IconPlus size={16} />}
              >
                {medium.label}
              </Button>
            ))}
          </Group>
        )}
      </EmptyState>
    </Card>
  );
}

/** A status with its list's label and colour, never cut short in a narrow table column. */
export function StatusBadge({ options, value }: { options: readonly StatusOption[]; value: string }) {
  return (
    <Badge
      color={statusColor(options, value)}
      variant="light"
      radius="sm"
      styles={{
        root: { maxWidth: 'none', flexShrink: 0, overflow: 'visible' },
        label: { overflow: 'visible' },
      }}
    >
      {statusLabel(options, value)}
    </Badge>
  );
}
