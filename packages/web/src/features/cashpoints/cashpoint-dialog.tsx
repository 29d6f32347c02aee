import '@mantine/dates/styles.css';
import { CASHPOINT_MESSAGES, cashpointAmount, earliestCashpointExpiry } from '@b2b/domain/cashpoints';
import { cashpointExpirySchema } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useMemo } from 'react';
import { type Control, useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { visibleFieldError } from '../../components/field-error';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import {
  type CashpointChangeBody,
  type CashpointMode,
  type CashpointSalesChannel,
  useChangeCashpoints,
} from './cashpoints.api';

/** The spec's dialog sizes: 460 wide, buttons 140 wide. */
export const CASHPOINT_DIALOG_WIDTH = 460;
const BUTTON_WIDTH = 140;

/**
 * The dialog's rules: the amount as the domain checks it, the expiry day (credit only) from
 * tomorrow on, and a channel when the buyer has more than one.
 */
export function cashpointFormSchema(mode: CashpointMode, channelCount: number, now: Date = new Date()) {
  return z.object({
    amount: cashpointAmount,
    expired_on: mode === 'Credit' ? cashpointExpirySchema(now) : z.unknown().optional(),
    sales_channel:
      channelCount > 1
        ? z
            .string({ error: CASHPOINT_MESSAGES.sales_channel_required })
            .min(1, CASHPOINT_MESSAGES.sales_channel_required)
        : z.string().nullable().optional(),
  });
}

export interface CashpointFormValues {
  amount: number | string;
  expired_on: string | null;
  sales_channel: string | null;
}

/** What the dialog sends: the amount as a number; the channel only when the buyer has several. */
export function cashpointRequestBody(
  values: { amount: number; expired_on?: unknown; sales_channel?: string | null },
  mode: CashpointMode,
  channelCount: number,
): CashpointChangeBody {
  return {
    amount: values.amount,
    ...(mode === 'Credit' ? { expired_on: String(values.expired_on) } : {}),
    ...(channelCount > 1 && values.sales_channel ? { sales_channel: Number(values.sales_channel) } : {}),
  };
}

function ExpiryDateField({ control }: { control: Control<CashpointFormValues> }) {
  const { field, fieldState, formState } = useController({ control, name: 'expired_on' });
  return (
    <DatePickerInput
      ref={field.ref}
      name={field.name}
      label="Expiry Date"
      withAsterisk
      placeholder="DD/MM/YYYY"
      valueFormat="DD/MM/YYYY"
      leftSection={<IconCalendar size={16} />}
      minDate={earliestCashpointExpiry()}
      value={field.value}
      onChange={(value) => {
        field.onChange(value);
        field.onBlur();
      }}
      onBlur={field.onBlur}
      clearable
      popoverProps={{ withinPortal: true }}
      error={visibleFieldError(fieldState, formState.isSubmitted)}
    />
  );
}

export interface CashpointDialogProps {
  buyerId: number;
  mode: CashpointMode;
  salesChannels: CashpointSalesChannel[];
  onClose: () => void;
}

/** '{mode} Cashpoints': credit points with an expiry day, or debit them, on one of the buyer's channels. */
export function CashpointDialog({ buyerId, mode, salesChannels, onClose }: CashpointDialogProps) {
  const change = useChangeCashpoints(buyerId, mode);
  const channelCount = salesChannels.length;
  const schema = useMemo(() => cashpointFormSchema(mode, channelCount), [mode, channelCount]);
  const form = useForm<CashpointFormValues>({
    mode: 'onTouched',
    resolver: zodResolver(schema as never),
    defaultValues: {
      amount: '',
      expired_on: null,
      sales_channel: salesChannels[0] ? String(salesChannels[0].id) : null,
    },
  });

  const submit = form.handleSubmit(async (values) => {
    const parsed = schema.parse(values);
    try {
      await change.mutateAsync(cashpointRequestBody(parsed, mode, channelCount));
      onClose();
    } catch {
      // The toast says why (the mutation's failure text and the server's detail); the dialog stays.
    }
  });

  return (
    <Modal opened onClose={onClose} title={`${mode} Cashpoints`} size={CASHPOINT_DIALOG_WIDTH} centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <NumberField
            control={form.control}
            name="amount"
            label="Cashpoints"
            required
            placeholder="Enter cashpoints"
            decimalScale={2}
            allowNegative
            hideControls
            data-autofocus
          />
          {mode === 'Credit' && <ExpiryDateField control={form.control} />}
          {channelCount > 1 && (
            <SelectField
              control={form.control}
              name="sales_channel"
              label="Sales Channel"
              required
              allowDeselect={false}
              data={salesChannels.map((c) => ({ value: String(c.id), label: c.display_name }))}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" w={BUTTON_WIDTH} onClick={onClose} disabled={change.isPending}>
              Cancel
            </Button>
            <Button type="submit" w={BUTTON_WIDTH} loading={change.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
