import {
  EWB_CANCEL_REASON_OPTIONS,
  EWB_MESSAGES,
  type EwbDocumentKind,
  EXTEND_REASON_OPTIONS,
  ewbCancelInput,
  ewbCancelReasonLabel,
  ewbExtendInput,
  ewbExtendRefusal,
  ewbGenerateInput,
  ewbVehicleInput,
  TRANSPORT_MODE_OPTIONS,
  transportModeLabel,
  VEHICLE_TYPE_OPTIONS,
  VEHICLE_UPDATE_REASON_OPTIONS,
} from '@b2b/domain/eway-bill';
import { formatMoney } from '@b2b/domain/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconInfoCircle, IconTruckDelivery } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type FieldValues, type Resolver, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { FormDialog } from '../../components/form-dialog';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { type EWayBill, type EWayBillState, eWayBillQuery, useEWayBillAction } from './e-way-bills.api';

const when = (value: string | Date | null) => (value ? dayjs(value).format('DD/MM/YYYY, hh:mm A') : '—');

type DialogKind = 'generate' | 'part_b' | 'extend' | 'cancel' | null;

/**
 * The 'E-way Bill' card of an invoice, a delivery challan or an inventory transfer: the e-way bill
 * (number, date, validity, vehicle) with Update Vehicle, Extend and Cancel, or whether one is
 * required and Generate; 'E-way bill not configured' when the portal is not set up.
 */
export function EWayBillCard({ kind, documentId }: { kind: EwbDocumentKind; documentId: number }) {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const mayView = canPerform(user, 'view_e_way_bill');
  const state = useQuery({ ...eWayBillQuery(companyId, kind, documentId), enabled: mayView });
  const [dialog, setDialog] = useState<DialogKind>(null);
  if (!mayView) return null;
  const close = () => setDialog(null);
  const props = { companyId, kind, documentId, onClose: close };

  return (
    <Card withBorder padding="md" aria-label="E-way Bill" component="section">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <IconTruckDelivery size={18} aria-hidden />
          <Title order={5}>E-way Bill</Title>
        </Group>
        {state.data && <StatusOf state={state.data} />}
      </Group>
      {state.isPending ? (
        <Loader size="sm" aria-label="Loading e-way bill" />
      ) : state.isError ? (
        <LoadErrorAlert
          error={state.error}
          onRetry={() => state.refetch()}
          title="Failed to load the e-way bill."
        />
      ) : (
        <Body
          state={state.data}
          mayAdd={canPerform(user, 'add_e_way_bill')}
          mayChange={canPerform(user, 'change_e_way_bill')}
          open={setDialog}
        />
      )}
      {dialog === 'generate' && state.data && <GenerateDialog {...props} state={state.data} />}
      {dialog === 'part_b' && <VehicleDialog {...props} />}
      {dialog === 'extend' && <ExtendDialog {...props} ewb={state.data?.e_way_bill ?? null} />}
      {dialog === 'cancel' && <CancelDialog {...props} />}
    </Card>
  );
}

function StatusOf({ state }: { state: EWayBillState }) {
  const ewb = state.e_way_bill;
  if (ewb?.status === 'generated') return <Badge color="green">Generated</Badge>;
  if (ewb?.status === 'cancelled') return <Badge color="red">Cancelled</Badge>;
  if (ewb?.status === 'pending') return <Badge color="yellow">Pending</Badge>;
  return state.required ? <Badge color="orange">Required</Badge> : <Badge color="gray">Not Required</Badge>;
}

function Body({
  state,
  mayAdd,
  mayChange,
  open,
}: {
  state: EWayBillState;
  mayAdd: boolean;
  mayChange: boolean;
  open: (dialog: DialogKind) => void;
}) {
  const ewb = state.e_way_bill;
  const live = ewb?.status === 'generated' ? ewb : null;
  return (
    <Stack gap="sm">
      {!state.configured && (
        <Alert color="gray" icon={<IconInfoCircle size={18} />} title="E-way bill not configured">
          {EWB_MESSAGES.not_configured}
        </Alert>
      )}
      {live ? (
        <>
          <DetailGrid>
            <DetailField label="EWB No.">{live.ewb_no}</DetailField>
            <DetailField label="EWB Date">{when(live.ewb_date)}</DetailField>
            <DetailField label="Valid Until">
              {live.valid_until ? when(live.valid_until) : 'Part B pending'}
            </DetailField>
            <DetailField label="Transport">
              {transportModeLabel(live.trans_mode)}
              {live.trans_distance !== null ? `, ${live.trans_distance} km` : ''}
            </DetailField>
            <DetailField label="Vehicle No.">{live.vehicle_no ?? '—'}</DetailField>
            <DetailField label="Transporter ID">{live.transporter_id ?? '—'}</DetailField>
          </DetailGrid>
          {live.voluntary && (
            <Text size="sm" c="dimmed">
              Generated voluntarily: the goods were not above the threshold.
            </Text>
          )}
          <PartBHistory ewb={live} />
          {state.configured && mayChange && (
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => open('part_b')}>
                Update Vehicle
              </Button>
              <ExtendButton validUntil={live.valid_until} onExtend={() => open('extend')} />
              {live.can_cancel && (
                <Button size="xs" variant="light" color="red" onClick={() => open('cancel')}>
                  Cancel E-way Bill
                </Button>
              )}
            </Group>
          )}
        </>
      ) : (
        <>
          {ewb?.status === 'cancelled' && (
            <Text size="sm">
              E-way bill {ewb.ewb_no} was cancelled on {when(ewb.cancelled_at)} (
              {ewbCancelReasonLabel(ewb.cancel_reason)}
              {ewb.cancel_remark ? `: ${ewb.cancel_remark}` : ''}).
            </Text>
          )}
          {ewb?.status === 'failed' && ewb.error && (
            <Alert color="red" title="The portal refused the last attempt">
              {ewb.error}
            </Alert>
          )}
          {ewb?.status === 'pending' && (
            <Text size="sm">An e-way bill is being generated; if it does not finish, generate again.</Text>
          )}
          <Text size="sm">
            Goods worth {formatMoney(state.goods_value)};{' '}
            {state.required
              ? `above the ${formatMoney(state.threshold)} threshold: an e-way bill is required to move them.`
              : `not above the ${formatMoney(state.threshold)} threshold: no e-way bill is required.`}
          </Text>
          {state.blocked_reason && (
            <Text size="sm" c="red">
              {state.blocked_reason}
            </Text>
          )}
          {state.configured && mayAdd && !state.blocked_reason && (
            <Group>
              <Button size="xs" onClick={() => open('generate')}>
                Generate E-way Bill
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

function PartBHistory({ ewb }: { ewb: EWayBill }) {
  if (ewb.part_b_history.length === 0) return null;
  return (
    <Table aria-label="Vehicle and validity changes" verticalSpacing={4} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>Change</Table.Th>
          <Table.Th>Vehicle</Table.Th>
          <Table.Th>From</Table.Th>
          <Table.Th>Valid Until</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {ewb.part_b_history.map((entry) => (
          <Table.Tr key={`${entry.at}-${entry.kind}`}>
            <Table.Td>{when(entry.at)}</Table.Td>
            <Table.Td>{entry.kind === 'vehicle' ? 'Vehicle updated' : 'Validity extended'}</Table.Td>
            <Table.Td>{entry.vehicle_no ?? '—'}</Table.Td>
            <Table.Td>{entry.from_place ?? '—'}</Table.Td>
            <Table.Td>{when(entry.valid_until)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

// ---------------------------------------------------------------------------------------------
// Dialogs

interface DialogProps {
  companyId: number;
  kind: EwbDocumentKind;
  documentId: number;
  onClose: () => void;
}

/** Submits through `mutate`, puts the server's field errors on the fields, closes on success. */
function useDialogForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: z.input<S>,
  mutate: (body: z.output<S>) => Promise<unknown>,
  onClose: () => void,
) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    resolver: zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues: defaultValues as never,
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await mutate(values);
      onClose();
    } catch (error) {
      if (!isApiError(error)) return;
      for (const [name, messages] of Object.entries(error.errors)) {
        if (name in (defaultValues as object))
          form.setError(name as never, { type: 'server', message: messages[0] });
      }
    }
  });
  return { form, submit };
}

const modeOptions = TRANSPORT_MODE_OPTIONS.map((o) => ({ value: o.value, label: o.label }));

function GenerateDialog({
  companyId,
  kind,
  documentId,
  onClose,
  state,
}: DialogProps & { state: EWayBillState }) {
  const generate = useEWayBillAction(companyId, kind, documentId, 'generate');
  const { form, submit } = useDialogForm(
    ewbGenerateInput,
    {
      trans_mode: '1',
      trans_distance: 0,
      vehicle_no: '',
      vehicle_type: 'R',
      transporter_id: '',
      transporter_name: '',
      trans_doc_no: '',
      trans_doc_date: '',
      force: false,
    },
    (body) => generate.mutateAsync(body),
    onClose,
  );
  const mode = useWatch({ control: form.control, name: 'trans_mode' });
  return (
    <FormDialog
      title="Generate E-way Bill"
      submitLabel="Generate"
      pending={generate.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm">
        Part A comes from {state.document_number}; enter how the goods travel (part B). A distance of 0 lets
        the portal work it out from the PIN codes.
      </Text>
      <SelectField
        control={form.control}
        name="trans_mode"
        label="Transport Mode"
        data={modeOptions}
        required
      />
      <NumberField
        control={form.control}
        name="trans_distance"
        label="Distance (km)"
        min={0}
        max={4000}
        allowDecimal={false}
        required
      />
      {mode === '1' ? (
        <>
          <TextField
            control={form.control}
            name="vehicle_no"
            label="Vehicle Number"
            placeholder="KA01AB1234"
          />
          <SelectField
            control={form.control}
            name="vehicle_type"
            label="Vehicle Type"
            data={VEHICLE_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
          />
        </>
      ) : (
        <>
          <TextField control={form.control} name="trans_doc_no" label="Transport Document No." required />
          <TextField
            control={form.control}
            name="trans_doc_date"
            label="Transport Document Date"
            type="date"
            required
          />
        </>
      )}
      <TextField control={form.control} name="transporter_id" label="Transporter ID (GSTIN or TRANSIN)" />
      <TextField control={form.control} name="transporter_name" label="Transporter Name" />
      {!state.required && (
        <SwitchField
          control={form.control}
          name="force"
          label="Generate anyway (voluntary e-way bill: the goods are not above the threshold)"
        />
      )}
    </FormDialog>
  );
}

function VehicleDialog({ companyId, kind, documentId, onClose }: DialogProps) {
  const update = useEWayBillAction(companyId, kind, documentId, 'part_b');
  const { form, submit } = useDialogForm(
    ewbVehicleInput,
    {
      trans_mode: '1',
      vehicle_no: '',
      trans_doc_no: '',
      trans_doc_date: '',
      from_place: '',
      reason_code: '1',
      reason_remark: '',
    },
    (body) => update.mutateAsync(body),
    onClose,
  );
  const mode = useWatch({ control: form.control, name: 'trans_mode' });
  return (
    <FormDialog
      title="Update Vehicle"
      submitLabel="Update Vehicle"
      pending={update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        control={form.control}
        name="trans_mode"
        label="Transport Mode"
        data={modeOptions}
        required
      />
      {mode === '1' ? (
        <TextField
          control={form.control}
          name="vehicle_no"
          label="New Vehicle Number"
          placeholder="KA01AB1234"
          required
        />
      ) : (
        <>
          <TextField control={form.control} name="trans_doc_no" label="Transport Document No." required />
          <TextField
            control={form.control}
            name="trans_doc_date"
            label="Transport Document Date"
            type="date"
            required
          />
        </>
      )}
      <TextField control={form.control} name="from_place" label="Goods Are Now At (Place)" required />
      <SelectField
        control={form.control}
        name="reason_code"
        label="Reason"
        data={VEHICLE_UPDATE_REASON_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
        required
      />
      <TextField control={form.control} name="reason_remark" label="Remark" required />
    </FormDialog>
  );
}

/**
 * Extend Validity, enabled from 8 hours before the expiry to 8 hours after it (the portal's
 * window, the rule the server enforces); outside it disabled, its tooltip saying when it opens.
 */
function ExtendButton({ validUntil, onExtend }: { validUntil: string | Date | null; onExtend: () => void }) {
  const refusal = ewbExtendRefusal(validUntil);
  return (
    <Tooltip label={refusal} disabled={refusal === null} multiline w={300} withArrow>
      <Button
        size="xs"
        variant="light"
        data-disabled={refusal !== null || undefined}
        aria-disabled={refusal !== null}
        onClick={(event) => (refusal === null ? onExtend() : event.preventDefault())}
      >
        Extend Validity
      </Button>
    </Tooltip>
  );
}

function ExtendDialog({ companyId, kind, documentId, onClose, ewb }: DialogProps & { ewb: EWayBill | null }) {
  const extend = useEWayBillAction(companyId, kind, documentId, 'extend');
  const { form, submit } = useDialogForm(
    ewbExtendInput,
    {
      remaining_distance: '' as unknown as number,
      from_place: '',
      from_pincode: '',
      vehicle_no: ewb?.vehicle_no ?? '',
      reason_code: '99',
      remark: '',
    },
    (body) => extend.mutateAsync(body),
    onClose,
  );
  return (
    <FormDialog
      title="Extend Validity"
      submitLabel="Extend"
      pending={extend.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <NumberField
        control={form.control}
        name="remaining_distance"
        label="Remaining Distance (km)"
        min={1}
        max={4000}
        allowDecimal={false}
        required
      />
      <TextField control={form.control} name="from_place" label="Goods Are Now At (Place)" required />
      <TextField control={form.control} name="from_pincode" label="PIN Code There" required />
      <TextField control={form.control} name="vehicle_no" label="Vehicle Number" />
      <SelectField
        control={form.control}
        name="reason_code"
        label="Reason"
        data={EXTEND_REASON_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
        required
      />
      <TextField control={form.control} name="remark" label="Remark" required />
    </FormDialog>
  );
}

function CancelDialog({ companyId, kind, documentId, onClose }: DialogProps) {
  const cancel = useEWayBillAction(companyId, kind, documentId, 'cancel');
  const { form, submit } = useDialogForm(
    ewbCancelInput,
    { reason_code: '2', remark: '' },
    (body) => cancel.mutateAsync(body),
    onClose,
  );
  return (
    <FormDialog
      title="Cancel E-way Bill"
      submitLabel="Cancel E-way Bill"
      pending={cancel.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm">
        The portal allows cancelling within 24 hours of generating. This cannot be undone.
      </Text>
      <SelectField
        control={form.control}
        name="reason_code"
        label="Reason"
        data={EWB_CANCEL_REASON_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
        required
      />
      <TextField control={form.control} name="remark" label="Remark" required />
    </FormDialog>
  );
}
