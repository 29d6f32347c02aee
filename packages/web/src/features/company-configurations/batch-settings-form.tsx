import {
  BATCH_DEFAULTS,
  type BatchSettings,
  batchSchema,
  MAX_DAYS,
} from '@b2b/domain/company-configurations';
import { Stack } from '@mantine/core';
import { NumberField } from '../../components/number-field';
import { SwitchField } from '../../components/switch-field';
import { SettingsActions } from './settings-actions';
import { type SettingsFormProps, useSettingsForm } from './use-settings-form';

export function BatchSettingsForm({ companyId, entry, canChange }: SettingsFormProps) {
  const { form, save, submit, discard } = useSettingsForm<BatchSettings>({
    companyId,
    type: 'batch_configuration',
    entry,
    schema: batchSchema,
    defaults: BATCH_DEFAULTS,
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <NumberField
          control={form.control}
          name="expiry_alert_days"
          label="Expiry Alert (days)"
          description="Days before a batch expires to warn."
          required
          min={0}
          max={MAX_DAYS}
          allowDecimal={false}
          allowNegative={false}
          disabled={!canChange}
          maw={260}
        />
        <SwitchField
          control={form.control}
          name="is_batch_mandatory"
          label="Batch is mandatory"
          disabled={!canChange}
        />
        {canChange && (
          <SettingsActions dirty={form.formState.isDirty} saving={save.isPending} onDiscard={discard} />
        )}
      </Stack>
    </form>
  );
}
