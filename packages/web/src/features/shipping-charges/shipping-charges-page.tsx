import type { ShippingRuleBody } from '@b2b/domain/api/shipping-charges';
import { formatMoney } from '@b2b/domain/money';
import {
  SHIPPING_MESSAGES,
  SHIPPING_RULE_KIND_LABELS,
  SHIPPING_RULE_KINDS,
  type ShippingRuleKind,
} from '@b2b/domain/shipping-charges';
import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { type Column, DataTable } from '../../components/data-table';
import { notifySuccess } from '../../components/notify';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { salesChannelListQuery } from '../sales-channels/sales-channels.api';
import {
  type ShippingRule,
  shippingRuleListQuery,
  useDeleteShippingRule,
  useSaveShippingRule,
} from './shipping-charges.api';

type Amount = string | number;

interface RuleFields {
  name: string;
  sales_channel: string | null;
  kind: ShippingRuleKind;
  charge: Amount;
  slabs: { from: Amount; charge: Amount }[];
  zones: { name: string; prefixes: string; charge: Amount }[];
  free_above: Amount;
  position: Amount;
  is_active: boolean;
}

const fieldsOf = (rule: ShippingRule | null): RuleFields => ({
  name: rule?.name ?? '',
  sales_channel: rule?.sales_channel ? String(rule.sales_channel.id) : null,
  kind: rule?.kind ?? 'flat',
  charge: rule?.charge ?? '',
  slabs: rule?.slabs.length ? rule.slabs : [{ from: 0, charge: '' }],
  zones: rule?.zones.length
    ? rule.zones.map((zone) => ({ ...zone, prefixes: zone.prefixes.join(', ') }))
    : [{ name: '', prefixes: '', charge: '' }],
  free_above: rule?.free_above ?? '',
  position: rule?.position ?? 0,
  is_active: rule?.is_active ?? true,
});

const blankOr = (value: Amount) => (value === '' ? null : Number(value));

function bodyOf(fields: RuleFields): ShippingRuleBody {
  const slabKind = fields.kind === 'weight_slab' || fields.kind === 'order_value_slab';
  return {
    name: fields.name.trim(),
    sales_channel: fields.sales_channel === null ? null : Number(fields.sales_channel),
    kind: fields.kind,
    charge: fields.kind === 'flat' || fields.kind === 'pincode' ? blankOr(fields.charge) : null,
    slabs: slabKind ? fields.slabs.map((slab) => ({ from: slab.from, charge: slab.charge })) : [],
    zones:
      fields.kind === 'pincode'
        ? fields.zones.map((zone) => ({ name: zone.name, prefixes: zone.prefixes, charge: zone.charge }))
        : [],
    free_above: blankOr(fields.free_above),
    position: Number(fields.position) || 0,
    is_active: fields.is_active,
  };
}

/** How a rule charges, in a few words for the list. */
export function ruleSummary(rule: ShippingRule): string {
  const free = rule.free_above === null ? '' : `; free from ${formatMoney(rule.free_above)}`;
  switch (rule.kind) {
    case 'flat':
      return `${formatMoney(rule.charge ?? 0)}${free}`;
    case 'weight_slab':
      return `${rule.slabs.map((s) => `${s.from} kg+: ${formatMoney(s.charge)}`).join(', ')}${free}`;
    case 'order_value_slab':
      return `${rule.slabs.map((s) => `${formatMoney(s.from)}+: ${formatMoney(s.charge)}`).join(', ')}${free}`;
    case 'pincode':
      return `${rule.zones.map((z) => `${z.name} (${z.prefixes.join(', ')}): ${formatMoney(z.charge)}`).join(', ')}${
        rule.charge === null ? '' : `; elsewhere ${formatMoney(rule.charge)}`
      }${free}`;
  }
}

const money = { leftSection: '₹', min: 0, decimalScale: 2, allowNegative: false } as const;

/**
 * A rule's slabs or zones: each row's inputs with its remove button (the last row stays), the
 * list's error and the button that adds a row.
 */
function RowsEditor<Row>({
  title,
  rows,
  rowName,
  addLabel,
  error,
  onAdd,
  onRemove,
  renderRow,
}: {
  title: string;
  rows: readonly Row[];
  rowName: string;
  addLabel: string;
  error: string | undefined;
  onAdd: () => void;
  onRemove: (index: number) => void;
  renderRow: (row: Row, index: number) => React.ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {title}
      </Text>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: slabs and zones have no id; their order is their identity
        <Group key={index} align="flex-start" wrap="nowrap">
          {renderRow(row, index)}
          <ActionIcon
            mt={28}
            variant="subtle"
            color="red"
            aria-label={`Remove ${rowName} ${index + 1}`}
            disabled={rows.length === 1}
            onClick={() => onRemove(index)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {error ? (
        <Text size="xs" c="red">
          {error}
        </Text>
      ) : null}
      <Button
        variant="subtle"
        size="compact-sm"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        onClick={onAdd}
      >
        {addLabel}
      </Button>
    </Stack>
  );
}

function RuleDialog({
  companyId,
  rule,
  onClose,
}: {
  companyId: number;
  rule: ShippingRule | null;
  onClose: () => void;
}) {
  const channels = useQuery(salesChannelListQuery);
  const save = useSaveShippingRule(companyId);
  const [fields, setFields] = useState<RuleFields>(() => fieldsOf(rule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (changes: Partial<RuleFields>) => setFields((current) => ({ ...current, ...changes }));
  const slabUnit = fields.kind === 'weight_slab' ? 'kg' : '₹';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (fields.name.trim() === '') {
      setErrors({ name: SHIPPING_MESSAGES.name_required });
      return;
    }
    save.mutate(
      { id: rule?.id ?? null, body: bodyOf(fields) },
      {
        onSuccess: () => {
          notifySuccess(rule ? SHIPPING_MESSAGES.updated : SHIPPING_MESSAGES.created);
          onClose();
        },
        onError: (error) => {
          if (isApiError(error)) {
            setErrors(
              Object.fromEntries(Object.entries(error.errors).map(([key, list]) => [key, list[0] ?? ''])),
            );
          }
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={rule ? 'Edit Shipping Rule' : 'Add Shipping Rule'} size="lg">
      <form noValidate onSubmit={submit} aria-label="Shipping Rule">
        <Stack gap="md">
          <TextInput
            label="Rule Name"
            required
            maxLength={100}
            value={fields.name}
            error={errors.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
            data-autofocus
          />
          <Group grow align="flex-start">
            <Select
              label="Sales Channel"
              clearable
              placeholder="All channels"
              data={(channels.data?.results ?? []).map((c) => ({
                value: String(c.id),
                label: c.display_name,
              }))}
              value={fields.sales_channel}
              error={errors.sales_channel}
              onChange={(value) => set({ sales_channel: value })}
            />
            <Select
              label="Charge Type"
              required
              allowDeselect={false}
              data={SHIPPING_RULE_KINDS.map((kind) => ({
                value: kind,
                label: SHIPPING_RULE_KIND_LABELS[kind],
              }))}
              value={fields.kind}
              error={errors.kind}
              onChange={(value) => value && set({ kind: value as ShippingRuleKind })}
            />
          </Group>
          {fields.kind === 'flat' || fields.kind === 'pincode' ? (
            <NumberInput
              label={fields.kind === 'flat' ? 'Charge' : 'Charge Outside the Zones'}
              description={fields.kind === 'pincode' ? 'Leave empty to let the next rule decide.' : undefined}
              required={fields.kind === 'flat'}
              {...money}
              value={fields.charge}
              error={errors.charge}
              onChange={(value) => set({ charge: value })}
            />
          ) : null}
          {fields.kind === 'weight_slab' || fields.kind === 'order_value_slab' ? (
            <RowsEditor
              title={`Slabs ${fields.kind === 'weight_slab' ? '(order weight from, in kg)' : '(order value from, in ₹)'}`}
              rows={fields.slabs}
              rowName="slab"
              addLabel="Add Slab"
              error={errors.slabs}
              onAdd={() => set({ slabs: [...fields.slabs, { from: '', charge: '' }] })}
              onRemove={(index) => set({ slabs: fields.slabs.filter((_, i) => i !== index) })}
              renderRow={(slab, index) => (
                <>
                  <NumberInput
                    label={`From (${slabUnit})`}
                    min={0}
                    decimalScale={fields.kind === 'weight_slab' ? 3 : 2}
                    allowNegative={false}
                    value={slab.from}
                    error={errors[`slabs.${index}.from`]}
                    onChange={(value) =>
                      set({ slabs: fields.slabs.map((s, i) => (i === index ? { ...s, from: value } : s)) })
                    }
                  />
                  <NumberInput
                    label="Charge"
                    {...money}
                    value={slab.charge}
                    error={errors[`slabs.${index}.charge`]}
                    onChange={(value) =>
                      set({ slabs: fields.slabs.map((s, i) => (i === index ? { ...s, charge: value } : s)) })
                    }
                  />
                </>
              )}
            />
          ) : null}
          {fields.kind === 'pincode' ? (
            <RowsEditor
              title="Pincode Zones"
              rows={fields.zones}
              rowName="zone"
              addLabel="Add Zone"
              error={errors.zones}
              onAdd={() => set({ zones: [...fields.zones, { name: '', prefixes: '', charge: '' }] })}
              onRemove={(index) => set({ zones: fields.zones.filter((_, i) => i !== index) })}
              renderRow={(zone, index) => (
                <>
                  <TextInput
                    label="Zone"
                    value={zone.name}
                    error={errors[`zones.${index}.name`]}
                    onChange={(event) => {
                      const name = event.currentTarget.value;
                      set({ zones: fields.zones.map((z, i) => (i === index ? { ...z, name } : z)) });
                    }}
                  />
                  <TextInput
                    label="Pincode Prefixes"
                    placeholder="400, 401"
                    value={zone.prefixes}
                    error={errors[`zones.${index}.prefixes`]}
                    onChange={(event) => {
                      const prefixes = event.currentTarget.value;
                      set({ zones: fields.zones.map((z, i) => (i === index ? { ...z, prefixes } : z)) });
                    }}
                  />
                  <NumberInput
                    label="Charge"
                    {...money}
                    value={zone.charge}
                    error={errors[`zones.${index}.charge`]}
                    onChange={(value) =>
                      set({ zones: fields.zones.map((z, i) => (i === index ? { ...z, charge: value } : z)) })
                    }
                  />
                </>
              )}
            />
          ) : null}
          <Group grow align="flex-start">
            <NumberInput
              label="Free Above"
              description="Orders worth this much or more ship free."
              {...money}
              value={fields.free_above}
              error={errors.free_above}
              onChange={(value) => set({ free_above: value })}
            />
            <NumberInput
              label="Position"
              description="Lower positions are tried first."
              min={0}
              allowDecimal={false}
              allowNegative={false}
              value={fields.position}
              error={errors.position}
              onChange={(value) => set({ position: value })}
            />
          </Group>
          <Switch
            label="Active"
            checked={fields.is_active}
            onChange={(event) => set({ is_active: event.currentTarget.checked })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {rule ? 'Save' : 'Add Rule'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * /delivery (Shipping Charges): the rules that fill a new quotation's or order's shipping and
 * handling charge, per sales channel: the channel's own rules first, then those for all channels,
 * each by position; the first that applies gives the charge, which the user may still change.
 */
export function ShippingChargesPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const rules = useQuery(shippingRuleListQuery(companyId));
  const canAdd = canPerform(user, 'add_shipping_charge');
  const canChange = canPerform(user, 'change_shipping_charge');
  const canDelete = canPerform(user, 'delete_shipping_charge');
  const remove = useDeleteShippingRule();
  const [editing, setEditing] = useState<ShippingRule | 'new' | null>(null);

  const columns: Column<ShippingRule>[] = [
    { key: 'name', header: 'Rule', render: (rule) => <Text fw={500}>{rule.name}</Text> },
    {
      key: 'channel',
      header: 'Sales Channel',
      render: (rule) => rule.sales_channel?.display_name ?? 'All channels',
    },
    { key: 'kind', header: 'Charge Type', render: (rule) => SHIPPING_RULE_KIND_LABELS[rule.kind] },
    {
      key: 'charges',
      header: 'Charges',
      render: (rule) => (
        // Narrower than the table would make it, so the status badge beside it is not cut.
        <Text size="sm" maw={340}>
          {ruleSummary(rule)}
        </Text>
      ),
    },
    { key: 'position', header: 'Position', align: 'right', render: (rule) => rule.position },
    {
      key: 'status',
      header: 'Status',
      render: (rule) => <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(rule.is_active).value} />,
    },
  ];
  const actions: Column<ShippingRule> = {
    key: 'actions',
    header: 'Actions',
    render: (rule) => (
      <Group gap="xs" wrap="nowrap">
        {canChange ? (
          <Button
            size="compact-sm"
            variant="light"
            aria-label={`Edit ${rule.name}`}
            onClick={() => setEditing(rule)}
          >
            Edit
          </Button>
        ) : null}
        {canDelete ? (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            aria-label={`Delete ${rule.name}`}
            loading={remove.isPending && remove.variables === rule.id}
            onClick={() => {
              if (window.confirm(`Delete the shipping rule ${rule.name}?`)) remove.mutate(rule.id);
            }}
          >
            Delete
          </Button>
        ) : null}
      </Group>
    ),
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Shipping Charges</Title>
        {canAdd ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add Rule
          </Button>
        ) : null}
      </Group>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            A new quotation or order takes its shipping and handling charge from these rules: its sales
            channel&apos;s own rules first, then those for all channels, by position. The first rule that
            applies gives the charge, and it can still be changed on the form.
          </Text>
          <DataTable
            label="Shipping Rules"
            columns={canChange || canDelete ? [...columns, actions] : columns}
            rowKey={(rule) => rule.id}
            data={rules.data}
            isLoading={rules.isLoading}
            error={rules.error}
            errorTitle="Failed to load Shipping Charges"
            onRetry={() => rules.refetch()}
            empty={
              <Text c="dimmed" ta="center" py="xl">
                No shipping rules yet. Orders start with no shipping charge.
              </Text>
            }
          />
        </Stack>
      </Card>
      {editing !== null ? (
        <RuleDialog
          key={editing === 'new' ? 'new' : editing.id}
          companyId={companyId}
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
