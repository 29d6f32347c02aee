import { Card, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { lockedSwitchStyles } from '../../components/switch-field';
import { useCurrentUser } from '../../session/current-user';
import { salesChannelsQuery } from '../reference/reference.api';
import { type BuyerDetail, useSetBuyerSalesChannel } from './buyers.api';

/** The company's active sales channels, each enabled or disabled for this buyer. */
export function BuyerSalesChannelsTab({ buyer, canChange }: { buyer: BuyerDetail; canChange: boolean }) {
  const user = useCurrentUser();
  const channels = useQuery(salesChannelsQuery);
  const setChannel = useSetBuyerSalesChannel(user.company.id);
  if (channels.error && !channels.data) {
    return <LoadErrorAlert error={channels.error} onRetry={() => channels.refetch()} title="Load Error" />;
  }
  const enabled = new Set(buyer.sales_channels.filter((c) => c.is_enabled).map((c) => c.id));
  const pending = setChannel.isPending ? setChannel.variables : undefined;
  const list = channels.data?.results ?? [];
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The buyer can buy through the enabled channels; cashpoints are kept per channel.
        </Text>
        {list.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            {channels.isLoading ? 'Loading sales channels…' : 'The company has no active sales channel.'}
          </Text>
        )}
        {list.map((channel) => {
          const checked = pending?.channel === channel.id ? pending.enabled : enabled.has(channel.id);
          return (
            <Switch
              key={channel.id}
              label={channel.display_name}
              checked={checked}
              disabled={!canChange || pending?.channel === channel.id}
              styles={!canChange ? lockedSwitchStyles(checked) : undefined}
              onChange={(event) =>
                setChannel.mutate({ id: buyer.id, channel: channel.id, enabled: event.currentTarget.checked })
              }
            />
          );
        })}
      </Stack>
    </Card>
  );
}
