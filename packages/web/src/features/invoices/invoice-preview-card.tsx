import { Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { isApiError } from '../../api/api-error';
import { Money } from '../../components/money';
import { type InvoiceQuantitiesValues, previewLines } from './invoice-quantities.schema';
import { Row, TaxAndTotal } from './invoice-totals-card';
import { type InvoicePreview, invoicePreviewQuery } from './invoices.api';

/** The sums the invoice will have: its charges with their GST, the taxable value, each tax head, round-off, total. */
function PreviewTotals({ totals }: { totals: InvoicePreview['totals'] }) {
  return (
    <Stack gap={6}>
      {totals.charges.map((charge) => (
        <Stack key={charge.label} gap={0}>
          <Row label={charge.label} value={charge.amount} />
          <Text size="xs" c="dimmed" ta="right">
            taxable <Money value={charge.taxable_value} /> + GST {charge.gst_rate}%{' '}
            <Money value={charge.cgst + charge.sgst + charge.igst + charge.cess} />
          </Text>
        </Stack>
      ))}
      {totals.charges.length > 0 && <Divider />}
      <TaxAndTotal totals={totals} totalLabel="Invoice Total" />
    </Stack>
  );
}

/**
 * Generate Invoice's totals before the invoice is committed (issue 18): the server prices the
 * quantities as it will generate them (preview_invoice), a moment after the user stops typing.
 */
export function InvoicePreviewCard({
  orderId,
  control,
}: {
  orderId: number;
  control: Control<InvoiceQuantitiesValues>;
}) {
  const items = useWatch({ control, name: 'items' });
  const typed = previewLines(items);
  const [lines] = useDebouncedValue(typed, 300, { leading: true });
  const preview = useQuery({ ...invoicePreviewQuery(orderId, lines ?? []), enabled: lines !== null });
  // Out of date while the quantities typed are not yet the ones priced.
  const busy = preview.isFetching || JSON.stringify(typed) !== JSON.stringify(lines);

  let body: ReactNode;
  if (lines === null) {
    body = (
      <Text size="sm" c="dimmed">
        Enter valid quantities to see the invoice's totals.
      </Text>
    );
  } else if (preview.isError) {
    body = (
      <Text size="sm" c="red" role="alert">
        {isApiError(preview.error) ? preview.error.detail : 'Failed to work out the totals.'}
      </Text>
    );
  } else if (preview.data) {
    body = (
      <div style={{ opacity: busy ? 0.6 : 1 }}>
        <PreviewTotals totals={preview.data.totals} />
      </div>
    );
  } else {
    body = (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">Working out the totals…</Text>
      </Group>
    );
  }
  return (
    <Card withBorder padding="md" component="section" aria-label="Invoice totals" aria-busy={busy}>
      <Stack gap="sm">
        <Title order={4}>Totals</Title>
        {body}
        <Text size="xs" c="dimmed">
          The taxable value and the taxes include the charges; figures as the invoice will print them.
        </Text>
      </Stack>
    </Card>
  );
}
