import type { AddressOutput } from '@b2b/domain/api/common';
import { LEAD_TRANSACTION_KINDS } from '@b2b/domain/api/leads';
import { ADDRESS_TYPES } from '@b2b/domain/buyers';
import { formatAddress } from '@b2b/domain/money';
import { todayInIndia } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  MultiSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { api } from '../../api/client';
import type { Paged } from '../../api/types';
import { type Column, DataTable } from '../../components/data-table';
import { DayField } from '../../components/day-field';
import { FormDialog } from '../../components/form-dialog';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { applyServerErrors } from '../../components/server-errors';
import { StatusBadge } from '../../components/status-badge';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { useListParams } from '../../components/use-list-params';
import { addressFormSchema, emptyAddress } from '../buyers/buyer-form.schema';
import { AddressDialog } from '../reference/address-dialog';
import { AddressFields } from '../reference/address-fields';
import {
  type LeadDetail,
  type LeadExposure,
  type LeadTransaction,
  type LeadVisit,
  leadExposuresQuery,
  leadTransactionsQuery,
  leadVisitsQuery,
  sharedInventoryUrl,
  useAddLeadAddress,
  useExposeInventory,
  useLogVisit,
  useRecordLeadTransaction,
} from './leads.api';

const dateTime = (value: string) =>
  new Date(value).toLocaleString('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  });

// ---------------------------------------------------------------------------------------------
// Addresses

const addressSchema = addressFormSchema.extend({
  address_type: z.enum(['billing_address', 'shipping_address'], { error: 'Address type is required.' }),
});
const ADDRESS_FIELDS = [
  'address_line_1',
  'address_line_2',
  'landmark',
  'state_id',
  'city',
  'pincode',
  'address_type',
] as const;

function LeadAddressDialog({ leadId, onClose }: { leadId: number; onClose: () => void }) {
  const add = useAddLeadAddress(leadId);
  const form = useForm<z.input<typeof addressSchema>, unknown, z.output<typeof addressSchema>>({
    mode: 'onTouched',
    resolver: zodResolver(addressSchema),
    defaultValues: { ...emptyAddress(), address_type: 'billing_address' },
  });
  const submit = form.handleSubmit((values) =>
    add.mutate(
      {
        address_type: values.address_type,
        address_line_1: values.address_line_1,
        address_line_2: values.address_line_2 || undefined,
        landmark: values.landmark || undefined,
        city: values.city,
        state_id: Number(values.state_id),
        pincode: values.pincode,
      },
      { onSuccess: onClose, onError: (error) => applyServerErrors(error, form.setError, ADDRESS_FIELDS) },
    ),
  );
  return (
    <AddressDialog editing={false} pending={add.isPending} onSubmit={submit} onClose={onClose}>
      <AddressFields control={form.control} types={{ options: ADDRESS_TYPES }} />
    </AddressDialog>
  );
}

export function LeadAddressesTab({ lead, canChange }: { lead: LeadDetail; canChange: boolean }) {
  const [adding, setAdding] = useState(false);
  const columns: Column<AddressOutput>[] = [
    {
      key: 'type',
      header: 'Type',
      render: (a) => <StatusBadge options={ADDRESS_TYPES} value={a.address_type} />,
    },
    { key: 'address', header: 'Address', render: (a) => formatAddress(a) },
    { key: 'city', header: 'City', render: (a) => a.city },
    { key: 'state', header: 'State', render: (a) => a.state.name },
    { key: 'pincode', header: 'Pincode', render: (a) => a.pincode },
  ];
  return (
    <Stack gap="sm">
      {canChange && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add Address
          </Button>
        </Group>
      )}
      <DataTable
        label="Addresses"
        columns={columns}
        rowKey={(a) => a.id}
        data={{ count: lead.addresses.length, next: null, previous: null, results: lead.addresses }}
        isLoading={false}
        error={null}
        onRetry={() => {}}
        empty={
          <Text c="dimmed" ta="center" py="lg">
            No address yet. A billing address is needed to convert the lead into a buyer.
          </Text>
        }
      />
      {adding && <LeadAddressDialog leadId={lead.id} onClose={() => setAdding(false)} />}
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Visits

/** 'YYYY-MM-DDTHH:mm' in India now: the datetime-local field's value. */
const nowInIndia = () => new Date(Date.now() + (5 * 60 + 30) * 60_000).toISOString().slice(0, 16);

const visitForm = z
  .object({
    visited_at: z.string().min(1, 'Please enter a valid date and time.'),
    location: z.string().max(300),
    latitude: z.string(),
    longitude: z.string(),
    outcome: z.string().trim().min(1, 'Outcome is required.').max(500),
    notes: z.string().max(2000),
    next_step: z.string().max(500),
    next_follow_up_date: z.string(),
  })
  .superRefine((v, ctx) => {
    if ((v.latitude.trim() === '') !== (v.longitude.trim() === ''))
      ctx.addIssue({
        code: 'custom',
        path: ['latitude'],
        message: 'Give both latitude and longitude, or neither.',
      });
  });
type VisitValues = z.input<typeof visitForm>;
const VISIT_FIELDS = [
  'visited_at',
  'location',
  'latitude',
  'longitude',
  'outcome',
  'notes',
  'next_step',
  'next_follow_up_date',
] as const;

function LogVisitDialog({ leadId, onClose }: { leadId: number; onClose: () => void }) {
  const log = useLogVisit(leadId);
  const form = useForm<VisitValues>({
    mode: 'onTouched',
    resolver: zodResolver(visitForm),
    defaultValues: {
      visited_at: nowInIndia(),
      location: '',
      latitude: '',
      longitude: '',
      outcome: '',
      notes: '',
      next_step: '',
      next_follow_up_date: '',
    },
  });
  const submit = form.handleSubmit((v) =>
    log.mutate(
      {
        visited_at: `${v.visited_at}:00+05:30`,
        location: v.location,
        latitude: v.latitude.trim() === '' ? null : Number(v.latitude),
        longitude: v.longitude.trim() === '' ? null : Number(v.longitude),
        outcome: v.outcome,
        notes: v.notes,
        next_step: v.next_step,
        next_follow_up_date: v.next_follow_up_date,
      },
      { onSuccess: onClose, onError: (error) => applyServerErrors(error, form.setError, VISIT_FIELDS) },
    ),
  );
  const control = form.control;
  return (
    <FormDialog
      title="Log Visit"
      submitLabel="Log Visit"
      pending={log.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextField control={control} name="visited_at" label="Visited At" type="datetime-local" required />
        <DayField control={control} name="next_follow_up_date" label="Next Follow-up" clearable />
      </SimpleGrid>
      <TextField control={control} name="location" label="Location" maxLength={300} />
      <SimpleGrid cols={2} spacing="sm">
        <TextField control={control} name="latitude" label="Latitude" inputMode="decimal" />
        <TextField control={control} name="longitude" label="Longitude" inputMode="decimal" />
      </SimpleGrid>
      {'geolocation' in navigator && (
        <Button
          variant="subtle"
          size="xs"
          style={{ alignSelf: 'flex-start' }}
          onClick={() =>
            navigator.geolocation.getCurrentPosition((position) => {
              form.setValue('latitude', position.coords.latitude.toFixed(6));
              form.setValue('longitude', position.coords.longitude.toFixed(6));
            })
          }
        >
          Use my location
        </Button>
      )}
      <TextField control={control} name="outcome" label="Outcome" required maxLength={500} />
      <TextField control={control} name="next_step" label="Next Step" maxLength={500} />
      <TextareaField control={control} name="notes" label="Notes" autosize minRows={2} maxLength={2000} />
    </FormDialog>
  );
}

export function LeadVisitsTab({ lead, canChange }: { lead: LeadDetail; canChange: boolean }) {
  const [logging, setLogging] = useState(false);
  const list = useListParams({ ordering: '-visited_at' });
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const visits = useQuery(leadVisitsQuery(lead.id, { ...list.params, search }));
  const columns: Column<LeadVisit>[] = [
    {
      key: 'visited_at',
      header: 'Visited At',
      sortField: 'visited_at',
      render: (v) => dateTime(v.visited_at),
    },
    {
      key: 'location',
      header: 'Location',
      render: (v) =>
        v.latitude !== null && v.longitude !== null ? (
          <Anchor
            href={`https://www.openstreetmap.org/?mlat=${v.latitude}&mlon=${v.longitude}#map=17/${v.latitude}/${v.longitude}`}
            target="_blank"
            rel="noreferrer"
            size="sm"
          >
            {v.location || `${v.latitude}, ${v.longitude}`}
          </Anchor>
        ) : (
          (v.location ?? 'N/A')
        ),
    },
    { key: 'outcome', header: 'Outcome', render: (v) => v.outcome },
    { key: 'next_step', header: 'Next Step', render: (v) => v.next_step ?? 'N/A' },
    { key: 'next_follow_up_date', header: 'Next Follow-up', render: (v) => formatDay(v.next_follow_up_date) },
    {
      key: 'by',
      header: 'By',
      render: (v) => (v.created_by ? `${v.created_by.first_name} ${v.created_by.last_name}`.trim() : 'N/A'),
    },
  ];
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label="Search visits"
          placeholder="Location, outcome, notes"
          leftSection={<IconSearch size={16} />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          w={260}
        />
        {canChange && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setLogging(true)}>
            Log Visit
          </Button>
        )}
      </Group>
      <DataTable
        label="Visits"
        columns={columns}
        rowKey={(v) => v.id}
        data={visits.data}
        isLoading={visits.isLoading}
        error={visits.error}
        errorTitle="Failed to load visits."
        onRetry={() => visits.refetch()}
        limit={list.params.limit}
        offset={list.params.offset}
        onPageChange={list.setPage}
        ordering={list.params.ordering}
        onOrderingChange={list.setOrdering}
        empty={
          <Text c="dimmed" ta="center" py="lg">
            No visit logged yet.
          </Text>
        }
      />
      {logging && <LogVisitDialog leadId={lead.id} onClose={() => setLogging(false)} />}
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Transactions

const transactionForm = z.object({
  kind: z.enum(['sample_order', 'payment'], { error: 'Kind is required.' }),
  amount: z
    .union([z.number(), z.string()])
    .refine((v) => v !== '' && Number(v) > 0, 'Amount must be greater than zero.'),
  date: z.string().min(1, 'Please enter a valid date (YYYY-MM-DD).'),
  notes: z.string().max(1000),
});
type TransactionValues = z.input<typeof transactionForm>;
const KIND_OPTIONS = LEAD_TRANSACTION_KINDS.map((k) => ({ value: k.value, label: k.label }));
const kindLabel = (kind: string) => LEAD_TRANSACTION_KINDS.find((k) => k.value === kind)?.label ?? kind;

function RecordTransactionDialog({ leadId, onClose }: { leadId: number; onClose: () => void }) {
  const record = useRecordLeadTransaction(leadId);
  const form = useForm<TransactionValues>({
    mode: 'onTouched',
    resolver: zodResolver(transactionForm),
    defaultValues: { kind: 'sample_order', amount: '', date: todayInIndia(), notes: '' },
  });
  const submit = form.handleSubmit((v) =>
    record.mutate(
      { kind: v.kind, amount: Number(v.amount), date: v.date, notes: v.notes },
      {
        onSuccess: onClose,
        onError: (error) => applyServerErrors(error, form.setError, ['kind', 'amount', 'date', 'notes']),
      },
    ),
  );
  const control = form.control;
  return (
    <FormDialog
      title="Record Transaction"
      submitLabel="Record"
      pending={record.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        control={control}
        name="kind"
        label="Kind"
        data={KIND_OPTIONS}
        allowDeselect={false}
        required
      />
      <NumberField control={control} name="amount" label="Amount (₹)" decimalScale={2} min={0} required />
      <DayField control={control} name="date" label="Date" required />
      <TextareaField control={control} name="notes" label="Notes" autosize minRows={2} maxLength={1000} />
    </FormDialog>
  );
}

export function LeadTransactionsTab({ lead, canChange }: { lead: LeadDetail; canChange: boolean }) {
  const [recording, setRecording] = useState(false);
  const transactions = useQuery(leadTransactionsQuery(lead.id));
  const columns: Column<LeadTransaction>[] = [
    { key: 'date', header: 'Date', render: (t) => formatDay(t.date) },
    { key: 'kind', header: 'Kind', render: (t) => kindLabel(t.kind) },
    { key: 'amount', header: 'Amount', align: 'right', render: (t) => <Money value={t.amount} /> },
    { key: 'notes', header: 'Notes', render: (t) => t.notes ?? 'N/A' },
  ];
  return (
    <Stack gap="sm">
      {canChange && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setRecording(true)}>
            Record Transaction
          </Button>
        </Group>
      )}
      <DataTable
        label="Transactions"
        columns={columns}
        rowKey={(t) => t.id}
        data={transactions.data}
        isLoading={transactions.isLoading}
        error={transactions.error}
        errorTitle="Failed to load transactions."
        onRetry={() => transactions.refetch()}
        empty={
          <Text c="dimmed" ta="center" py="lg">
            No sample order or payment recorded yet.
          </Text>
        }
      />
      {recording && <RecordTransactionDialog leadId={lead.id} onClose={() => setRecording(false)} />}
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Exposed inventory

const inDays = (days: number) => {
  const d = new Date(`${todayInIndia()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

function ExposeInventoryDialog({
  companyId,
  leadId,
  onClose,
}: {
  companyId: number;
  leadId: number;
  onClose: () => void;
}) {
  const expose = useExposeInventory(leadId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [names, setNames] = useState<Record<string, string>>({});
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), 300);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<{ expires_on: string }>({ defaultValues: { expires_on: inDays(7) } });
  const products = useQuery({
    queryKey: ['leads', 'product-picker', companyId, typed],
    queryFn: ({ signal }) =>
      api.get<Paged<{ id: number; name: string }>>(
        `companies/${companyId}/products`,
        { search: typed, limit: 20 },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const found = (products.data?.results ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  const data = [
    ...chosen
      .filter((id) => !found.some((f) => f.value === id))
      .map((id) => ({ value: id, label: names[id] ?? id })),
    ...found,
  ];
  const submit = form.handleSubmit((v) => {
    if (chosen.length === 0) return setProblem('Choose at least one product.');
    expose.mutate(
      { products: chosen.map(Number), expires_on: v.expires_on },
      {
        onSuccess: onClose,
        onError: (error) => {
          applyServerErrors(error, form.setError, ['expires_on']);
          const message = (error as { errors?: Record<string, string[]> }).errors?.products?.[0];
          if (message) setProblem(message);
        },
      },
    );
  });
  return (
    <FormDialog
      title="Expose Inventory"
      submitLabel="Share"
      pending={expose.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      <MultiSelect
        label="Products"
        withAsterisk
        placeholder="Search products"
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        data={data}
        value={chosen}
        onChange={(value) => {
          setProblem(null);
          setNames((current) => ({
            ...current,
            ...Object.fromEntries(found.map((f) => [f.value, f.label])),
          }));
          setChosen(value);
        }}
        error={problem}
        nothingFoundMessage="No product found"
      />
      <DayField
        control={form.control}
        name="expires_on"
        label="Link valid until"
        required
        minDate={todayInIndia()}
      />
    </FormDialog>
  );
}

export function LeadExposedInventoryTab({
  companyId,
  lead,
  canChange,
}: {
  companyId: number;
  lead: LeadDetail;
  canChange: boolean;
}) {
  const [exposing, setExposing] = useState(false);
  const exposures = useQuery(leadExposuresQuery(lead.id));
  const columns: Column<LeadExposure>[] = [
    { key: 'products', header: 'Products', render: (e) => e.products.map((p) => p.name).join(', ') },
    {
      key: 'expires_on',
      header: 'Valid Until',
      render: (e) => (
        <Group gap="xs">
          {formatDay(e.expires_on)}
          {e.is_expired && <Badge color="gray">Expired</Badge>}
        </Group>
      ),
    },
    {
      key: 'link',
      header: 'Link',
      render: (e) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor href={sharedInventoryUrl(e)} target="_blank" rel="noreferrer" size="sm">
            Open
          </Anchor>
          <CopyButton value={sharedInventoryUrl(e)}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      {canChange && lead.status !== 'converted' && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setExposing(true)}>
            Expose Inventory
          </Button>
        </Group>
      )}
      <DataTable
        label="Exposed inventory"
        columns={columns}
        rowKey={(e) => e.id}
        data={exposures.data}
        isLoading={exposures.isLoading}
        error={exposures.error}
        errorTitle="Failed to load exposed inventory."
        onRetry={() => exposures.refetch()}
        empty={
          <Text c="dimmed" ta="center" py="lg">
            No inventory shared with this lead yet.
          </Text>
        }
      />
      {exposing && (
        <ExposeInventoryDialog companyId={companyId} leadId={lead.id} onClose={() => setExposing(false)} />
      )}
    </Stack>
  );
}
