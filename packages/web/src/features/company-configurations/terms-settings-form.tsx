import { TERMS_DEFAULTS, type TermsSettings, termsSchema } from '@b2b/domain/company-configurations';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { SwitchField } from '../../components/switch-field';
import { PATHS } from '../../session/paths';
import { SettingsActions } from './settings-actions';
import { type SettingsFormProps, useSettingsForm } from './use-settings-form';

export function TermsSettingsForm({ companyId, entry, canChange }: SettingsFormProps) {
  const { form, save, submit, discard } = useSettingsForm<TermsSettings>({
    companyId,
    type: 'terms_and_conditions',
    entry,
    schema: termsSchema,
    defaults: TERMS_DEFAULTS,
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <SwitchField
          control={form.control}
          name="show_on_invoice"
          label="Print the terms on invoices"
          disabled={!canChange}
        />
        <Text size="sm" c="dimmed">
          The terms themselves are written on the{' '}
          <Anchor underline="always" component={Link} to={PATHS.company} size="sm">
            Company
          </Anchor>{' '}
          page.
        </Text>
        {canChange && (
          <SettingsActions dirty={form.formState.isDirty} saving={save.isPending} onDiscard={discard} />
        )}
      </Stack>
    </form>
  );
}
