import type { BranchConfigurationType } from '@b2b/domain/api/branches';
import {
  FOOTER_NOTE_MAX,
  PAPER_SIZES,
  PRINT_DEFAULTS,
  printSchema,
  readSettings,
  TERMS_DEFAULTS,
  termsSchema,
} from '@b2b/domain/company-configurations';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Control, type FieldValues, useForm } from 'react-hook-form';
import { z } from 'zod';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { SelectField } from '../../components/select-field';
import { SwitchField } from '../../components/switch-field';
import { TextareaField } from '../../components/textarea-field';
import {
  type BranchConfiguration,
  branchConfigurationsQuery,
  useSaveBranchConfiguration,
} from './branches.api';

/** The company's print and terms settings, which a branch may set for itself. */
export function BranchConfigurationsTab({ branchId, canChange }: { branchId: number; canChange: boolean }) {
  const configurations = useQuery(branchConfigurationsQuery(branchId));
  if (configurations.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy="true" aria-label="Loading configurations">
        <Skeleton height={220} />
        <Skeleton height={220} />
      </SimpleGrid>
    );
  }
  if (configurations.isError) {
    return (
      <LoadErrorAlert
        title="Failed to load configurations."
        error={configurations.error}
        onRetry={() => configurations.refetch()}
      />
    );
  }
  const entryOf = (type: BranchConfigurationType) =>
    configurations.data.find((entry) => entry.configuration_type === type);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <SettingsCard
        branchId={branchId}
        canChange={canChange}
        type="print_configuration"
        title="Print Configuration"
        description="How this branch's invoices and other documents are printed."
        entry={entryOf('print_configuration')}
        schema={printSchema}
        defaults={PRINT_DEFAULTS}
      >
        {(control) => (
          <>
            <SelectField
              control={control}
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
                control={control}
                name="show_logo"
                label="Show company logo"
                disabled={!canChange}
              />
              <SwitchField
                control={control}
                name="show_hsn_summary"
                label="Show HSN summary"
                disabled={!canChange}
              />
            </SimpleGrid>
            <TextareaField
              control={control}
              name="footer_note"
              label="Footer Note"
              description={`Printed at the bottom of every page, up to ${FOOTER_NOTE_MAX} characters.`}
              rows={2}
              maxLength={FOOTER_NOTE_MAX}
              disabled={!canChange}
            />
          </>
        )}
      </SettingsCard>
      <SettingsCard
        branchId={branchId}
        canChange={canChange}
        type="terms_and_conditions"
        title="Terms and Conditions"
        description="Whether this branch's invoices carry the company's terms and conditions."
        entry={entryOf('terms_and_conditions')}
        schema={termsSchema}
        defaults={TERMS_DEFAULTS}
      >
        {(control) => (
          <SwitchField
            control={control}
            name="show_on_invoice"
            label="Show terms on invoices"
            disabled={!canChange}
          />
        )}
      </SettingsCard>
    </SimpleGrid>
  );
}

interface SettingsCardProps<S extends Record<string, unknown>> {
  branchId: number;
  canChange: boolean;
  type: BranchConfigurationType;
  title: string;
  description: string;
  entry: BranchConfiguration | undefined;
  schema: z.ZodObject;
  defaults: S;
  children: (control: Control<FieldValues>) => ReactNode;
}

/** One configuration type: on (the branch's own settings) or off (the company's), and its settings. */
function SettingsCard<S extends Record<string, unknown>>(props: SettingsCardProps<S>) {
  const { branchId, canChange, type, title, description, entry, schema, defaults, children } = props;
  const save = useSaveBranchConfiguration(branchId);
  const formSchema = schema.extend({ is_enabled: z.boolean() });
  const valuesOf = (current: BranchConfiguration | undefined) => ({
    ...readSettings(schema, defaults, current?.configurations),
    is_enabled: current?.is_enabled ?? false,
  });
  const form = useForm<FieldValues>({
    mode: 'onTouched',
    resolver: zodResolver(formSchema),
    defaultValues: valuesOf(entry),
  });
  const submit = form.handleSubmit(async (values) => {
    const { is_enabled, ...configurations } = formSchema.parse(values) as Record<string, unknown>;
    try {
      const saved = await save.mutateAsync({
        configuration_type: type,
        configurations,
        is_enabled: Boolean(is_enabled),
      });
      form.reset(valuesOf(saved));
    } catch {
      // The toast says why; the form keeps what was typed.
    }
  });

  return (
    <Card withBorder padding="lg">
      <form noValidate onSubmit={submit} aria-label={title}>
        <Stack gap="md">
          <div>
            <Title order={4}>{title}</Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
          <SwitchField
            control={form.control}
            name="is_enabled"
            label="Use for this branch"
            description="Off: the branch follows the company's configuration."
            disabled={!canChange}
          />
          {children(form.control)}
          {canChange && (
            <Group justify="flex-end">
              <Button
                variant="default"
                disabled={!form.formState.isDirty || save.isPending}
                onClick={() => form.reset(valuesOf(entry))}
              >
                Discard
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
                Save
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
