import {
  AUTO_CANCEL_DEFAULTS,
  type AutoCancelSettings,
  autoCancelSchema,
  MAX_DAYS,
} from '@b2b/domain/company-configurations';
import { Stack } from '@mantine/core';
import { NumberField } from '../../components/number-field';
import { SettingsActions } from './settings-actions';
import { type SettingsFormProps, useSettingsForm } from './use-settings-form';

export function AutoCancelSettingsForm({ companyId, entry, canChange }: SettingsFormProps) {
  const { form, save, submit, discard } = useSettingsForm<AutoCancelSettings>({
    companyId,
    type: 'auto_cancel_partially_invoiced_orders',
    entry,
    schema: autoCancelSchema,
    defaults: AUTO_CANCEL_DEFAULTS,
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <NumberField
          control={form.control}
          name="after_days"
          label="Cancel After (days)"
          required
          min={1}
          max={MAX_DAYS}
          allowDecimal={false}
          allowNegative={false}
          disabled={!canChange}
          maw={260}
        />
        {canChange && (
          <SettingsActions dirty={form.formState.isDirty} saving={save.isPending} onDiscard={discard} />
        )}
      </Stack>
    </form>
  );
}
