import { E_WAY_BILL_DEFAULTS, type EWayBillSettings, eWayBillSettingsSchema } from '@b2b/domain/eway-bill';
import { Stack, Text } from '@mantine/core';
import { NumberField } from '../../components/number-field';
import { SettingsActions } from '../company-configurations/settings-actions';
import { type SettingsFormProps, useSettingsForm } from '../company-configurations/use-settings-form';

/** The goods value above which documents need an e-way bill (₹50,000 unless the company sets another). */
export function EWayBillSettingsForm({ companyId, entry, canChange }: SettingsFormProps) {
  const { form, save, submit, discard } = useSettingsForm<EWayBillSettings>({
    companyId,
    type: 'e_way_bill',
    entry,
    schema: eWayBillSettingsSchema,
    defaults: E_WAY_BILL_DEFAULTS,
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <NumberField
          control={form.control}
          name="threshold_rupees"
          label="Threshold (₹)"
          required
          min={0}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=","
          thousandsGroupStyle="lakh"
          disabled={!canChange}
          maw={260}
        />
        <Text size="sm" c="dimmed">
          Invoices, delivery challans and transfers moving goods worth more than this need an e-way bill.
          While this is off, the rule's ₹50,000 applies.
        </Text>
        {canChange && (
          <SettingsActions dirty={form.formState.isDirty} saving={save.isPending} onDiscard={discard} />
        )}
      </Stack>
    </form>
  );
}
