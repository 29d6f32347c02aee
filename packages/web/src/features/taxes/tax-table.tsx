import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { ActionIcon, Card, Group, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type Column, DataTable } from '../../components/data-table';
import { StatusBadge } from '../../components/status-badge';
import { formatRate, type Tax, type TaxType, taxListQuery, useSetTaxActive } from './taxes.api';

const TITLES: Record<TaxType, { title: string; description: string }> = {
  gst: { title: 'GST', description: 'Goods and Services Tax rates offered on products and invoices.' },
  cess: { title: 'Cess', description: 'Compensation cess charged on top of GST for some goods.' },
};

export interface TaxTableProps {
  companyId: number;
  type: TaxType;
  canChange: boolean;
  onEdit: (tax: Tax) => void;
}

/** The taxes of one type: rate, display name and whether it is offered. */
export function TaxTable({ companyId, type, canChange, onEdit }: TaxTableProps) {
  const taxes = useQuery(taxListQuery(companyId, { type }));
  const setActive = useSetTaxActive(companyId);
  const { title, description } = TITLES[type];

  const columns: Column<Tax>[] = [
    {
      key: 'rate',
      header: 'Rate',
      render: (tax) => (
        <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatRate(tax.rate)}
        </Text>
      ),
    },
    {
      key: 'display_name',
      header: 'Display Name',
      render: (tax) => (
        <Group gap="xs" wrap="nowrap">
          <Text>{tax.display_name}</Text>
          {canChange && (
            <Tooltip label="Edit display name">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Edit ${tax.display_name}`}
                onClick={() => onEdit(tax)}
              >
                <IconEdit size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
    {
      key: 'active',
      header: 'Active',
      align: 'right',
      render: (tax) => {
        if (!canChange) {
          return <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(tax.is_active).value} />;
        }
        const pending = setActive.isPending && setActive.variables?.tax.id === tax.id;
        return (
          <Group justify="flex-end">
            <Switch
              aria-label={`${tax.display_name} active`}
              checked={pending ? Boolean(setActive.variables?.active) : tax.is_active}
              disabled={pending}
              onChange={(event) => setActive.mutate({ tax, active: event.currentTarget.checked })}
            />
          </Group>
        );
      },
    },
  ];

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <div>
          <Title order={3} fz="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        <DataTable
          label={`${title} taxes`}
          columns={columns}
          rowKey={(tax) => tax.id}
          data={taxes.data}
          isLoading={taxes.isLoading}
          error={taxes.error}
          errorTitle={`Failed to load ${title} taxes`}
          onRetry={() => taxes.refetch()}
          minWidth={360}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No {title} taxes yet.
            </Text>
          }
        />
      </Stack>
    </Card>
  );
}
