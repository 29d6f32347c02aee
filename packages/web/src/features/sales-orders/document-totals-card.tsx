import type { documentTotalsOutput } from '@b2b/domain/api/sales-orders';
import { Button, Card, Collapse, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Money } from '../../components/money';

export type DocumentTotals = Omit<z.infer<typeof documentTotalsOutput>, 'charges'>;

function Row({
  label,
  value,
  minus,
  strong,
}: {
  label: string;
  value: number;
  minus?: boolean;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" gap="xl" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} aria-label={label}>
        {(minus && value > 0) || value < 0 ? '− ' : ''}
        <Money value={Math.abs(value)} />
      </Text>
    </Group>
  );
}

const rate = (percent: number) => `${percent}%`;

function HsnSummary({ totals, split }: { totals: DocumentTotals; split: 'intra' | 'inter' | 'unknown' }) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table aria-label="HSN Summary" fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>HSN/SAC</Table.Th>
            <Table.Th ta="right">GST</Table.Th>
            <Table.Th ta="right">Taxable Value</Table.Th>
            {split === 'intra' && <Table.Th ta="right">CGST</Table.Th>}
            {split === 'intra' && <Table.Th ta="right">SGST</Table.Th>}
            {split === 'inter' && <Table.Th ta="right">IGST</Table.Th>}
            <Table.Th ta="right">Cess</Table.Th>
            <Table.Th ta="right">Total Tax</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.hsn_summary.map((row) => (
            <Table.Tr key={`${row.hsn}|${row.gst_rate}|${row.cess_rate}`}>
              <Table.Td>{row.hsn ?? 'N/A'}</Table.Td>
              <Table.Td ta="right">
                {rate(row.gst_rate)}
                {row.cess_rate > 0 ? ` + ${rate(row.cess_rate)} cess` : ''}
              </Table.Td>
              <Table.Td ta="right">
                <Money value={row.taxable_value} />
              </Table.Td>
              {split === 'intra' && (
                <Table.Td ta="right">
                  <Money value={row.cgst} />
                </Table.Td>
              )}
              {split === 'intra' && (
                <Table.Td ta="right">
                  <Money value={row.sgst} />
                </Table.Td>
              )}
              {split === 'inter' && (
                <Table.Td ta="right">
                  <Money value={row.igst} />
                </Table.Td>
              )}
              <Table.Td ta="right">
                <Money value={row.cess} />
              </Table.Td>
              <Table.Td ta="right">
                <Money value={row.total_tax} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The figures of a quotation or order: what the lines come to, the discounts and charges, then the
 * taxable value and its GST (CGST + SGST within the state, IGST across states), cess, round-off and
 * the total, with the HSN-wise summary folded away. `intraState` null: the split is not known yet.
 */
export function DocumentTotalsCard({
  totals,
  intraState,
  title = 'Totals',
  note,
}: {
  totals: DocumentTotals;
  intraState: boolean | null;
  title?: string;
  note?: ReactNode;
}) {
  const [hsnOpen, hsn] = useDisclosure(false);
  const split = intraState === null ? 'unknown' : intraState ? 'intra' : 'inter';
  return (
    <Card withBorder padding="md" aria-label={title} component="section">
      <Stack gap={6}>
        <Title order={4}>{title}</Title>
        <Row label="Subtotal" value={totals.subtotal} />
        {totals.line_discount > 0 && <Row label="Item Discounts" value={totals.line_discount} minus />}
        {totals.coupon_discount > 0 && <Row label="Coupon Discount" value={totals.coupon_discount} minus />}
        {totals.additional_discount > 0 && (
          <Row label="Additional Discount" value={totals.additional_discount} minus />
        )}
        {totals.shipping_handling_charges > 0 && (
          <Row label="Shipping & Handling Charges" value={totals.shipping_handling_charges} />
        )}
        {totals.other_charges > 0 && <Row label="Other Charges" value={totals.other_charges} />}
        <Divider my={4} />
        <Row label="Taxable Value" value={totals.taxable_value} />
        {split === 'intra' && <Row label="CGST" value={totals.cgst} />}
        {split === 'intra' && <Row label="SGST" value={totals.sgst} />}
        {split === 'inter' && <Row label="IGST" value={totals.igst} />}
        {split === 'unknown' && <Row label="GST" value={totals.cgst + totals.sgst + totals.igst} />}
        {totals.cess > 0 && <Row label="Cess" value={totals.cess} />}
        {totals.round_off !== 0 && <Row label="Round Off" value={totals.round_off} />}
        <Divider my={4} />
        <Row label="Total" value={totals.total} strong />
        {note}
        {totals.hsn_summary.length > 0 && (
          <>
            <Button
              variant="subtle"
              size="compact-sm"
              w="fit-content"
              px={0}
              onClick={hsn.toggle}
              aria-expanded={hsnOpen}
              rightSection={hsnOpen ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
            >
              HSN Summary
            </Button>
            <Collapse expanded={hsnOpen}>
              <HsnSummary totals={totals} split={split} />
            </Collapse>
          </>
        )}
      </Stack>
    </Card>
  );
}
