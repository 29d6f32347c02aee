import { TALLY_LEDGER_PURPOSES, TALLY_VOUCHER_KINDS } from '@b2b/domain/tally';
import { MAX_LENGTH, MESSAGES, optionalField, tallyNameSchema } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import {
  branchTallyQuery,
  type TallySettings,
  useSaveTallyLedgerMappings,
  useSaveTallyVoucherTypes,
} from './branches.api';

const optionalTallyName = optionalField(tallyNameSchema);
const voucherSchema = z.object(
  Object.fromEntries(TALLY_VOUCHER_KINDS.map((k) => [k.kind, optionalTallyName])),
);
const ledgerSchema = z.object(
  Object.fromEntries(TALLY_LEDGER_PURPOSES.map((p) => [p.purpose, optionalTallyName])),
);
type Names = Record<string, string>;

/** Only the names filled in are sent: a blank voucher type goes back to Tally's default. */
const filledIn = (values: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')) as Names;

/** How the branch's documents are exported to Tally: voucher types and ledger names. */
export function BranchTallyTab({ branchId, canChange }: { branchId: number; canChange: boolean }) {
  const settings = useQuery(branchTallyQuery(branchId));
  if (settings.isPending) {
    return <Skeleton height={320} aria-busy="true" aria-label="Loading Tally settings" />;
  }
  if (settings.isError) {
    return (
      <LoadErrorAlert
        title="Failed to load Tally settings."
        error={settings.error}
        onRetry={() => settings.refetch()}
      />
    );
  }
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Names as they are in Tally. {MESSAGES.tally}.
      </Text>
      <VoucherTypesForm branchId={branchId} canChange={canChange} settings={settings.data} />
      <LedgerMappingsForm branchId={branchId} canChange={canChange} settings={settings.data} />
    </Stack>
  );
}

interface FormProps {
  branchId: number;
  canChange: boolean;
  settings: TallySettings;
}

function VoucherTypesForm({ branchId, canChange, settings }: FormProps) {
  const save = useSaveTallyVoucherTypes(branchId);
  // A kind still on Tally's default shows blank, with the default as its placeholder.
  const valuesOf = (current: TallySettings): Names =>
    Object.fromEntries(
      TALLY_VOUCHER_KINDS.map((k) => [
        k.kind,
        current.voucher_types[k.kind] === k.defaultName ? '' : current.voucher_types[k.kind],
      ]),
    );
  const form = useForm<Names>({
    mode: 'onTouched',
    resolver: zodResolver(voucherSchema) as never,
    defaultValues: valuesOf(settings),
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(
        filledIn(voucherSchema.parse(values) as Record<string, string | undefined>),
      );
      form.reset(valuesOf(saved));
    } catch (error) {
      applyServerErrors(
        remapErrors(error, 'voucher_types'),
        form.setError,
        TALLY_VOUCHER_KINDS.map((k) => k.kind),
      );
    }
  });
  return (
    <Card withBorder padding="lg">
      <form noValidate onSubmit={submit} aria-label="Tally voucher types">
        <Stack gap="md">
          <div>
            <Title order={4}>Voucher Types</Title>
            <Text size="sm" c="dimmed">
              The Tally voucher type each kind of document is exported as. Blank uses Tally's own.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            {TALLY_VOUCHER_KINDS.map((kind) => (
              <TextField
                key={kind.kind}
                control={form.control}
                name={kind.kind}
                label={kind.label}
                description={kind.description}
                placeholder={kind.defaultName}
                maxLength={MAX_LENGTH}
                disabled={!canChange}
              />
            ))}
          </SimpleGrid>
          {canChange && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
                Save Voucher Types
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}

const GROUPS = [...new Set(TALLY_LEDGER_PURPOSES.map((p) => p.group))];

function LedgerMappingsForm({ branchId, canChange, settings }: FormProps) {
  const save = useSaveTallyLedgerMappings(branchId);
  const valuesOf = (current: TallySettings): Names =>
    Object.fromEntries(
      TALLY_LEDGER_PURPOSES.map((p) => [p.purpose, current.ledger_mappings[p.purpose] ?? '']),
    );
  const form = useForm<Names>({
    mode: 'onTouched',
    resolver: zodResolver(ledgerSchema) as never,
    defaultValues: valuesOf(settings),
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(
        filledIn(ledgerSchema.parse(values) as Record<string, string | undefined>),
      );
      form.reset(valuesOf(saved));
    } catch (error) {
      applyServerErrors(
        remapErrors(error, 'ledger_mappings'),
        form.setError,
        TALLY_LEDGER_PURPOSES.map((p) => p.purpose),
      );
    }
  });
  return (
    <Card withBorder padding="lg">
      <form noValidate onSubmit={submit} aria-label="Tally ledger mappings">
        <Stack gap="md">
          <div>
            <Title order={4}>Ledger Mappings</Title>
            <Text size="sm" c="dimmed">
              The Tally ledger each amount of an invoice or bill is posted to.
            </Text>
          </div>
          {GROUPS.map((group) => (
            <Stack key={group} gap="xs">
              <Text size="sm" fw={600}>
                {group}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
                {TALLY_LEDGER_PURPOSES.filter((p) => p.group === group).map((purpose) => (
                  <TextField
                    key={purpose.purpose}
                    control={form.control}
                    name={purpose.purpose}
                    label={purpose.label}
                    maxLength={MAX_LENGTH}
                    disabled={!canChange}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          ))}
          {canChange && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
                Save Ledger Mappings
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}

/** The server names fields voucher_types.sales; the form's fields are sales. */
function remapErrors(error: unknown, prefix: string): unknown {
  const errors = (error as { errors?: Record<string, string[]> } | null)?.errors;
  if (errors) {
    for (const [key, messages] of Object.entries(errors)) {
      if (key.startsWith(`${prefix}.`)) errors[key.slice(prefix.length + 1)] = messages;
    }
  }
  return error;
}
