import {
  FOOTER_NOTE_MAX,
  PAPER_SIZES,
  PRINT_COPIES,
  PRINT_COPY_LABELS,
  PRINT_DEFAULTS,
  type PrintSettings,
  printSchema,
} from '@b2b/domain/company-configurations';
import { Checkbox, Group, SimpleGrid, Stack } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { SelectField } from '../../components/select-field';
import { SwitchField } from '../../components/switch-field';
import { TextareaField } from '../../components/textarea-field';
import { PrintSignature } from './print-signature';
import { SettingsActions } from './settings-actions';
import { type SettingsFormProps, useSettingsForm } from './use-settings-form';

export function PrintSettingsForm({ companyId, entry, canChange }: SettingsFormProps) {
  const { form, save, submit, discard } = useSettingsForm<PrintSettings>({
    companyId,
    type: 'print_configuration',
    entry,
    schema: printSchema,
    defaults: PRINT_DEFAULTS,
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <SelectField
          control={form.control}
          name="paper_size"
          label="Paper Size"
          required
          data={[...PAPER_SIZES]}
          allowDeselect={false}
          disabled={!canChange}
          maw={260}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SwitchField
            control={form.control}
            name="show_logo"
            label="Show company logo"
            disabled={!canChange}
          />
          <SwitchField
            control={form.control}
            name="show_hsn_summary"
            label="Show HSN summary"
            disabled={!canChange}
          />
          <SwitchField
            control={form.control}
            name="show_signature"
            label="Show signature"
            disabled={!canChange}
          />
        </SimpleGrid>
        <PrintSignature companyId={companyId} canChange={canChange} />
        <Controller
          control={form.control}
          name="copies"
          render={({ field, fieldState }) => (
            <Checkbox.Group
              label="Invoice copies"
              description="Each chosen copy prints as its own set of pages, titled with the copy."
              value={[...(field.value ?? [])]}
              onChange={(value) => field.onChange(PRINT_COPIES.filter((copy) => value.includes(copy)))}
              error={fieldState.error?.message}
              withAsterisk
            >
              <Group mt="xs">
                {PRINT_COPIES.map((copy) => (
                  <Checkbox key={copy} value={copy} label={PRINT_COPY_LABELS[copy]} disabled={!canChange} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
        <TextareaField
          control={form.control}
          name="footer_note"
          label="Footer Note"
          description={`Printed at the bottom of every page, up to ${FOOTER_NOTE_MAX} characters.`}
          rows={2}
          maxLength={FOOTER_NOTE_MAX}
          disabled={!canChange}
        />
        {canChange && (
          <SettingsActions dirty={form.formState.isDirty} saving={save.isPending} onDiscard={discard} />
        )}
      </Stack>
    </form>
  );
}
