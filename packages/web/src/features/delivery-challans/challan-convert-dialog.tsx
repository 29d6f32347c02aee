import { DELIVERY_CHALLAN_MESSAGES as M } from '@b2b/domain/api/delivery-challans';
import { formatQuantity } from '@b2b/domain/money';
import { isNumber, MESSAGES, maxDecimals, numberField, todayInIndia } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Table, Text } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { DayField } from '../../components/day-field';
import { FormDialog } from '../../components/form-dialog';
import { NumberField } from '../../components/number-field';
import { type DeliveryChallan, useInvoiceChallan } from './delivery-challans.api';

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** What the buyer keeps of each line: 0 up to the quantity sent, and something of at least one line. */
export function convertFormSchema(lines: readonly { quantity: number }[]) {
  return z
    .object({
      kept: z.array(
        numberField(
          [
            [isNumber, MESSAGES.number],
            [(v) => Number(v) >= 0, M.kept_quantity],
            [(v) => maxDecimals(v, 3), M.quantity_decimals],
          ],
          M.quantity_required,
        ),
      ),
      invoice_date: z.string(),
    })
    .superRefine((value, ctx) => {
      const kept = value.kept.map((k) => Number(k));
      kept.forEach((k, index) => {
        if (Number.isFinite(k) && k > (lines[index]?.quantity ?? 0)) {
          ctx.addIssue({ code: 'custom', message: M.kept_quantity, path: ['kept', index] });
        }
      });
      if (kept.every((k) => k === 0))
        ctx.addIssue({ code: 'custom', message: M.nothing_kept, path: ['kept'] });
    });
}

type ConvertValues = z.input<ReturnType<typeof convertFormSchema>>;
type ConvertOutput = z.output<ReturnType<typeof convertFormSchema>>;

/**
 * 'Convert to Invoice': each line's quantity sent and what the buyer keeps (all of it unless
 * changed). The kept quantities are sold through an order and an invoice; the rest comes back.
 */
export function ChallanConvertDialog({
  challan,
  onClose,
}: {
  challan: DeliveryChallan;
  onClose: () => void;
}) {
  const convert = useInvoiceChallan(challan.id);
  const form = useForm<ConvertValues, unknown, ConvertOutput>({
    mode: 'onTouched',
    resolver: zodResolver(convertFormSchema(challan.items)),
    defaultValues: { kept: challan.items.map((line) => line.quantity), invoice_date: '' },
  });
  const kept = useWatch({ control: form.control, name: 'kept' });
  const keptError = form.formState.errors.kept?.root?.message ?? form.formState.errors.kept?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      await convert.mutateAsync({
        items: challan.items.map((line, index) => ({ item: line.id, quantity: values.kept[index] ?? 0 })),
        ...(values.invoice_date ? { invoice_date: values.invoice_date } : {}),
      });
      onClose();
    } catch (error) {
      if (!isApiError(error)) return;
      for (const [name, messages] of Object.entries(error.errors)) {
        const line = /^items\.(\d+)\.(quantity|item)$/.exec(name);
        const field = line ? `kept.${line[1]}` : name === 'items' ? 'kept' : name;
        if (['kept', 'invoice_date'].includes(field) || line) {
          form.setError(field as never, { type: 'server', message: messages[0] });
        }
      }
    }
  });

  const recipient = challan.buyer?.name ?? challan.buyer_branch.name;
  return (
    <FormDialog
      title="Convert to Invoice"
      submitLabel="Convert to Invoice"
      pending={convert.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      <Text size="sm">
        Enter how much {recipient} keeps of each line: it is sold to them through an order and an invoice. The
        rest comes back to {challan.warehouse.name}.
      </Text>
      <Table aria-label="Quantities kept" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Sent</Table.Th>
            <Table.Th w={170}>Buyer Keeps</Table.Th>
            <Table.Th ta="right">Comes Back</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {challan.items.map((line, index) => {
            const keep = Number(kept[index]);
            const back =
              String(kept[index] ?? '') !== '' && Number.isFinite(keep) ? round3(line.quantity - keep) : null;
            return (
              <Table.Tr key={line.id}>
                <Table.Td>{line.product.name}</Table.Td>
                <Table.Td ta="right">{formatQuantity(line.quantity)}</Table.Td>
                <Table.Td>
                  <NumberField
                    control={form.control}
                    name={`kept.${index}`}
                    label=""
                    aria-label={`Quantity kept of ${line.product.name}`}
                    min={0}
                    max={line.quantity}
                    decimalScale={3}
                    allowNegative={false}
                  />
                </Table.Td>
                <Table.Td ta="right" aria-label={`Comes back of ${line.product.name}`}>
                  {back === null || back < 0 ? '—' : formatQuantity(back)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {keptError && (
        <Text size="sm" c="red">
          {keptError}
        </Text>
      )}
      <DayField
        control={form.control}
        name="invoice_date"
        label="Invoice Date"
        description="Today when left blank"
        clearable
        maxDate={todayInIndia()}
      />
    </FormDialog>
  );
}
