import { BUYER_GROUP_PRICE_MESSAGES } from '@b2b/domain/api/bids';
import { ActionIcon, Button, Card, Group, NumberInput, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Money } from '../../components/money';
import { useCurrentUser } from '../../session/current-user';
import {
  BundleProductSelect,
  type ProductRef,
  productLabel,
} from '../grouped-products/bundle-product-select';
import { groupPricesQuery, useRemoveGroupPrice, useSetGroupPrice } from './bids.api';

/**
 * A buyer group's prices of products: what the group's buyers pay instead of the selling price
 * (the lowest, when a buyer is in several groups with a price). Bidding ranges start from it.
 */
export function BuyerGroupPricesTab({ groupId, canChange }: { groupId: number; canChange: boolean }) {
  const companyId = useCurrentUser().company.id;
  const prices = useQuery(groupPricesQuery(groupId));
  const setPrice = useSetGroupPrice(groupId);
  const remove = useRemoveGroupPrice(groupId);
  const [product, setProduct] = useState<ProductRef | null>(null);
  const [price, setPriceValue] = useState<number | string>('');
  const [removing, setRemoving] = useState<ProductRef | null>(null);
  const rows = prices.data?.results ?? [];
  const valid = product !== null && typeof price === 'number' && price > 0;

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A price set here is what the group’s buyers pay for the product (tax inclusive), and where their
          bidding range starts. A buyer in several groups gets the lowest price.
        </Text>
        {canChange && (
          <Group align="flex-end" wrap="wrap">
            <div style={{ minWidth: 260, flex: 1, maxWidth: 420 }}>
              <BundleProductSelect
                companyId={companyId}
                label="Product"
                value={product}
                onChange={setProduct}
              />
            </div>
            <NumberInput
              label="Group Price (₹)"
              value={price}
              onChange={setPriceValue}
              min={0}
              decimalScale={2}
              thousandSeparator=","
              w={180}
            />
            <Button
              leftSection={<IconCheck size={16} />}
              disabled={!valid}
              loading={setPrice.isPending}
              onClick={() =>
                product &&
                setPrice.mutate(
                  { product: product.id, price: Number(price) },
                  {
                    onSuccess: () => {
                      setProduct(null);
                      setPriceValue('');
                    },
                  },
                )
              }
            >
              Set Price
            </Button>
          </Group>
        )}
        {prices.isError ? (
          <LoadErrorAlert
            title={BUYER_GROUP_PRICE_MESSAGES.load_failed}
            error={prices.error}
            onRetry={() => void prices.refetch()}
          />
        ) : prices.isPending ? (
          <Text c="dimmed" ta="center" py="xl">
            Loading prices…
          </Text>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {BUYER_GROUP_PRICE_MESSAGES.empty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label="Group prices" verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th ta="right">Selling Price</Table.Th>
                  <Table.Th ta="right">Group Price</Table.Th>
                  {canChange && <Table.Th ta="right">Actions</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.product.id}>
                    <Table.Td>
                      {productLabel(row.product)}
                      {!row.product.is_active && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          (inactive)
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money value={row.product.selling_price} />
                    </Table.Td>
                    <Table.Td ta="right" fw={600}>
                      <Money value={row.price} />
                    </Table.Td>
                    {canChange && (
                      <Table.Td ta="right">
                        <Tooltip label="Remove price">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove the price of ${row.product.name}`}
                            onClick={() => setRemoving(row.product)}
                          >
                            <IconX size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove Price"
        message={
          removing
            ? `Remove the group price of ${removing.name}? Its buyers pay the selling price again.`
            : ''
        }
        confirmLabel="Remove"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
        }}
      />
    </Card>
  );
}
