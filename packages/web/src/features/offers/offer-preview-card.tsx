import { toRupees } from '@b2b/domain/money';
import { OFFER_STACKING_RULE_TEXT } from '@b2b/domain/offers';
import { todayInIndia } from '@b2b/domain/validation';
import { ActionIcon, Alert, Card, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ancestorIds, buildCategoryTree } from '../../components/category-tree';
import { Money } from '../../components/money';
import { categoryTreeQuery } from '../categories/categories.api';
import { type OfferFormValues, offerRuleOf } from './offer-form.schema';
import { previewSample, type SampleLine, type SampleOrder } from './offer-preview';
import { SampleProductSelect } from './offer-product-picker';

const rupees = (paise: number) => <Money value={toRupees(paise)} />;

/**
 * 'What a sample order would get': the user makes up an order (products and quantities for a
 * product offer, an order value for a cart offer) and the domain's previewOffer() works out, in
 * the browser, what the offer as it stands on the form gives on it, or why it gives nothing.
 */
export function OfferPreviewCard({ companyId, values }: { companyId: number; values: OfferFormValues }) {
  const [lines, setLines] = useState<SampleLine[]>([]);
  const [order, setOrder] = useState<SampleOrder>({ value: 1000, quantity: 1 });
  const categories = useQuery(categoryTreeQuery(companyId));
  const tree = useMemo(() => buildCategoryTree(categories.data?.results ?? []), [categories.data]);
  const rule = useMemo(() => offerRuleOf(values), [values]);
  const preview = useMemo(
    () => (rule ? previewSample(rule, { lines, order }, todayInIndia()) : null),
    [rule, lines, order],
  );
  const product = values.kind === 'product';
  const setLine = (key: string, change: Partial<SampleLine>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const amountWord = values.reward_type === 'cashpoints' ? 'Cashpoints' : 'Discount';

  return (
    <Card withBorder padding="md" component="section" aria-label="What a sample order would get">
      <Stack gap="sm">
        <Title order={4}>What a sample order would get</Title>
        <Text size="xs" c="dimmed">
          Worked out by the same rules as orders, for a buyer of the offer's buyer groups, on its sales
          channel, placing a first order today.
        </Text>
        {product ? (
          <Stack gap="xs">
            <SampleProductSelect
              companyId={companyId}
              onPick={(p) =>
                setLines((current) => [
                  ...current,
                  {
                    key: `${p.id}-${Date.now()}`,
                    productId: p.id,
                    name: p.name,
                    categoryIds: [...(ancestorIds(tree, p.category.id) ?? []), p.category.id],
                    brandId: p.brand?.id ?? null,
                    quantity: 1,
                    unitPrice: p.selling_price,
                  },
                ])
              }
            />
            {lines.map((line) => (
              <Group key={line.key} gap="xs" align="flex-end" wrap="nowrap">
                <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate="end" pb={6}>
                  {line.name}
                </Text>
                <NumberInput
                  label="Qty"
                  aria-label={`Quantity of ${line.name}`}
                  value={line.quantity}
                  onChange={(value) => setLine(line.key, { quantity: value })}
                  min={0}
                  decimalScale={3}
                  w={70}
                  size="xs"
                />
                <NumberInput
                  label="Price ₹"
                  aria-label={`Unit price of ${line.name}`}
                  value={line.unitPrice}
                  onChange={(value) => setLine(line.key, { unitPrice: value })}
                  min={0}
                  decimalScale={2}
                  w={96}
                  size="xs"
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${line.name} from the sample`}
                  onClick={() => setLines((current) => current.filter((l) => l.key !== line.key))}
                  mb={4}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        ) : (
          <Group gap="xs" grow>
            <NumberInput
              label="Sample order value (₹)"
              value={order.value}
              onChange={(value) => setOrder((current) => ({ ...current, value }))}
              min={0}
              decimalScale={2}
              thousandSeparator=","
            />
            <NumberInput
              label="Items in the order"
              value={order.quantity}
              onChange={(value) => setOrder((current) => ({ ...current, quantity: value }))}
              min={0}
              decimalScale={3}
            />
          </Group>
        )}

        {!rule ? (
          <Text size="sm" c="dimmed">
            Enter the discount value to see what the offer gives.
          </Text>
        ) : !preview || preview.lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {product ? 'Add a product or two to make a sample order.' : 'Enter a sample order value.'}
          </Text>
        ) : (
          <Stack gap="xs" aria-live="polite">
            {product && (
              <Table fz="sm" withRowBorders={false} aria-label="Sample order lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Line</Table.Th>
                    <Table.Th ta="right">Value</Table.Th>
                    <Table.Th ta="right">{amountWord}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.lines.map((line) => (
                    <Table.Tr key={line.key}>
                      <Table.Td>
                        <Text size="sm">{line.name}</Text>
                        {!line.matches && (
                          <Text size="xs" c="dimmed">
                            Not one of the offer's products
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{rupees(line.netPaise)}</Table.Td>
                      <Table.Td ta="right">{line.amountPaise > 0 ? rupees(line.amountPaise) : '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <Group justify="space-between">
              <Text size="sm">Order value</Text>
              <Text size="sm">{rupees(preview.orderPaise)}</Text>
            </Group>
            {preview.cashpoints ? (
              <Group justify="space-between">
                <Text size="sm" fw={700}>
                  Cashpoints credited
                </Text>
                <Text size="sm" fw={700} c={preview.cashpointsPaise > 0 ? 'green' : undefined}>
                  {rupees(preview.cashpointsPaise)}
                </Text>
              </Group>
            ) : (
              <>
                <Group justify="space-between">
                  <Text size="sm" fw={700}>
                    Discount on the order
                  </Text>
                  <Text size="sm" fw={700} c={preview.discountPaise > 0 ? 'green' : undefined}>
                    {rupees(preview.discountPaise)}
                  </Text>
                </Group>
                <Group justify="space-between">
                  <Text size="sm">Buyer pays</Text>
                  <Text size="sm">{rupees(preview.orderPaise - preview.discountPaise)}</Text>
                </Group>
              </>
            )}
            {preview.refusal && (
              <Alert color="yellow" variant="light" p="xs">
                <Text size="sm">{preview.refusal}</Text>
              </Alert>
            )}
          </Stack>
        )}
        <Alert
          color="blue"
          variant="light"
          p="xs"
          icon={<IconInfoCircle size={16} />}
          title="How offers stack"
        >
          <Text size="xs">{OFFER_STACKING_RULE_TEXT}</Text>
        </Alert>
      </Stack>
    </Card>
  );
}
