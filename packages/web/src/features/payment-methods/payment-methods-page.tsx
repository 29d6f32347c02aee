import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { ActionIcon, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type Column, DataTable } from '../../components/data-table';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import {
  type PaymentMethod,
  paymentMethodListQuery,
  useMovePaymentMethod,
  useSetPaymentMethodActive,
} from './payment-methods.api';

/**
 * /payment-methods: the ways buyers pay, in the order they are offered. Moving a method swaps its
 * position with its neighbour's; changes need change_payment_method.
 */
export function PaymentMethodsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canChange = canPerform(user, 'change_payment_method');
  const methods = useQuery(paymentMethodListQuery(companyId));
  const move = useMovePaymentMethod(companyId);
  const setActive = useSetPaymentMethodActive(companyId);
  const rows = methods.data?.results ?? [];

  const columns: Column<PaymentMethod>[] = [
    {
      key: 'order',
      header: '#',
      render: (method) => (
        <Text c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {rows.indexOf(method) + 1}
        </Text>
      ),
    },
    {
      key: 'name',
      header: 'Name',
      render: (method) => (
        <div>
          <Text fw={500}>{method.name}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {method.code}
          </Text>
        </div>
      ),
    },
    {
      key: 'active',
      header: 'Active',
      render: (method) => {
        if (!canChange) {
          return <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(method.is_active).value} />;
        }
        const pending = setActive.isPending && setActive.variables?.method.id === method.id;
        return (
          <Switch
            aria-label={`${method.name} active`}
            checked={pending ? Boolean(setActive.variables?.active) : method.is_active}
            disabled={pending}
            onChange={(event) => setActive.mutate({ method, active: event.currentTarget.checked })}
          />
        );
      },
    },
    ...(canChange
      ? [
          {
            key: 'move',
            header: 'Move',
            align: 'right' as const,
            render: (method: PaymentMethod) => {
              const index = rows.indexOf(method);
              return (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${method.name} up`}
                    disabled={index === 0 || move.isPending}
                    onClick={() => move.mutate({ methods: rows, index, direction: 'up' })}
                  >
                    <IconArrowUp size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${method.name} down`}
                    disabled={index === rows.length - 1 || move.isPending}
                    onClick={() => move.mutate({ methods: rows, index, direction: 'down' })}
                  >
                    <IconArrowDown size={18} />
                  </ActionIcon>
                </Group>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <Stack gap="lg">
      <Title order={2}>Payment Methods</Title>
      {!canChange && <ReadOnlyNotice thing="payment methods" />}
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Active methods are offered in this order wherever a payment method is chosen.
          </Text>
          <DataTable
            label="Payment Methods"
            columns={columns}
            rowKey={(method) => method.id}
            data={methods.data}
            isLoading={methods.isLoading}
            error={methods.error}
            errorTitle="Failed to load Payment Methods"
            onRetry={() => methods.refetch()}
            minWidth={320}
            empty={
              <Text c="dimmed" ta="center" py="xl">
                No payment methods yet.
              </Text>
            }
          />
        </Stack>
      </Card>
    </Stack>
  );
}
