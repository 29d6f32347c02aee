import { Card, Grid, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Money } from '../../components/money';
import { TaxCell } from './invoice-lines-table';
import type { Invoice } from './invoices.api';

export function Row({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xl">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} aria-label={label}>
        <Money value={value} />
      </Text>
    </Group>
  );
}

/** The sums of the invoice, every one of them; rows that are zero are left out, except the taxes and total. */
function TotalsList({ invoice }: { invoice: Invoice }) {
  const t = invoice.totals;
  const optional: [string, number][] = [
    ['Line Discount', -t.line_discount],
    ['Coupon Discount', -t.coupon_discount],
    ['Additional Discount', -t.additional_discount],
    ...t.charges.map((charge): [string, number] => [charge.label, charge.amount]),
  ];
  return (
    <Stack gap={6}>
      <Row label="Subtotal" value={t.subtotal} />
      {optional
        .filter(([, value]) => value !== 0)
        .map(([label, value]) => (
          <Row key={label} label={label} value={value} />
        ))}
      <TaxAndTotal totals={t} />
    </Stack>
  );
}

/** Taxable value, the tax heads of the supply, cess and round-off when any, and the total. */
export function TaxAndTotal({
  totals: t,
  totalLabel = 'Total',
}: {
  totals: Invoice['totals'];
  totalLabel?: string;
}) {
  return (
    <>
      <Row label="Taxable Value" value={t.taxable_value} />
      {t.is_intra_state ? (
        <>
          <Row label="CGST" value={t.cgst} />
          <Row label="SGST" value={t.sgst} />
        </>
      ) : (
        <Row label="IGST" value={t.igst} />
      )}
      {t.cess !== 0 && <Row label="Cess" value={t.cess} />}
      {t.round_off !== 0 && <Row label="Round Off" value={t.round_off} />}
      <Row label={totalLabel} value={t.total} strong />
    </>
  );
}

/** Tax by HSN code and rate, as GST returns and the tax invoice summarise it. */
function HsnSummary({ invoice }: { invoice: Invoice }) {
  const intraState = invoice.totals.is_intra_state;
  const half = (rate: number) => Math.round(rate * 50) / 100;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="HSN summary" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>HSN/SAC</Table.Th>
            <Table.Th ta="right">Taxable Value</Table.Th>
            {intraState ? (
              <>
                <Table.Th ta="right">CGST</Table.Th>
                <Table.Th ta="right">SGST</Table.Th>
              </>
            ) : (
              <Table.Th ta="right">IGST</Table.Th>
            )}
            <Table.Th ta="right">Cess</Table.Th>
            <Table.Th ta="right">Total Tax</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.totals.hsn_summary.map((row) => (
            <Table.Tr key={`${row.hsn}-${row.gst_rate}-${row.cess_rate}`}>
              <Table.Td>{row.hsn ?? 'N/A'}</Table.Td>
              <Table.Td ta="right">
                <Money value={row.taxable_value} />
              </Table.Td>
              {intraState ? (
                <>
                  <TaxCell amount={row.cgst} rate={half(row.gst_rate)} />
                  <TaxCell amount={row.sgst} rate={half(row.gst_rate)} />
                </>
              ) : (
                <TaxCell amount={row.igst} rate={row.gst_rate} />
              )}
              <TaxCell amount={row.cess} rate={row.cess_rate} />
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

/** Totals with round-off, and the HSN-wise summary beside them. */
export function InvoiceTotalsCard({ invoice }: { invoice: Invoice }) {
  return (
    <Card withBorder padding="md">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="sm">
            <Title order={5}>HSN Summary</Title>
            <HsnSummary invoice={invoice} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="sm">
            <Title order={5}>Totals</Title>
            <TotalsList invoice={invoice} />
            <Text size="xs" c="dimmed">
              Rates include GST: the taxable value and the taxes are the total split up.
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}
