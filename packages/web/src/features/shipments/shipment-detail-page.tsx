import { formatQuantity } from '@b2b/domain/money';
import {
  SHIPMENT_CARRIERS,
  SHIPMENT_DIRECTION_OPTIONS,
  SHIPMENT_MESSAGES,
  SHIPMENT_STATUS_OPTIONS,
  type ShipmentStatus,
  shipmentCarrierLabel,
  shipmentStatusLabel,
} from '@b2b/domain/shipments';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DayField } from '../../components/day-field';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { DetailHeader, DetailLoader, DetailTabs, useIdParam } from '../../components/detail-page';
import { DocumentHistoryTable } from '../../components/document-history-table';
import { DownloadPdfButton } from '../../components/download-pdf-button';
import { FormDialog } from '../../components/form-dialog';
import { formatDay } from '../../components/format-day';
import { notifySuccess } from '../../components/notify';
import { SelectField } from '../../components/select-field';
import { applyServerErrors } from '../../components/server-errors';
import { StatusBadge } from '../../components/status-badge';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { buyerPath, invoicePath, orderPath, PATHS } from '../../session/paths';
import { TrackingText } from './shipment-columns';
import { TRANSPORT_FIELDS, trackingLinkSchema, transportFieldsSchema } from './shipment-form.schema';
import { BAD_ENDS, needsConfirmation, statusActionLabel } from './shipment-status';
import {
  DELIVERY_NOTE_FAILED,
  downloadDeliveryNote,
  SHIPMENTS_LIST,
  type Shipment,
  shipmentHistoryQuery,
  shipmentLoadErrorTitle,
  shipmentQuery,
  statusChangedMessage,
  useAddShipmentComment,
  useChangeShipmentStatus,
  useUpdateShipment,
} from './shipments.api';
import { TransportFields } from './transport-fields';

/** /shipments/{id}: one shipment, the status moves its current status allows, its tracking, history and comments. */
export function ShipmentDetailPage() {
  const id = useIdParam(PATHS.shipment);
  const shipment = useQuery({ ...shipmentQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={shipment}
      list={SHIPMENTS_LIST}
      notFoundMessage={SHIPMENT_MESSAGES.not_found}
      loadFailedTitle={shipmentLoadErrorTitle(shipment.error, SHIPMENT_MESSAGES.load_failed)}
      loadingLabel="Loading shipment"
    >
      {(data) => <ShipmentDetail shipment={data} />}
    </DetailLoader>
  );
}

export { statusActionLabel };

function StatusActions({ shipment }: { shipment: Shipment }) {
  const change = useChangeShipmentStatus(shipment.id);
  const [confirming, setConfirming] = useState<ShipmentStatus | null>(null);
  const move = async (status: ShipmentStatus) => {
    await change.mutateAsync(status);
    notifySuccess(statusChangedMessage(status));
    setConfirming(null);
  };
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label="Shipment status actions">
      {shipment.allowed_transitions.map((status) => (
        <Button
          key={status}
          size="sm"
          variant={BAD_ENDS.includes(status) ? 'light' : 'default'}
          color={BAD_ENDS.includes(status) ? 'red' : undefined}
          loading={change.isPending && change.variables === status}
          disabled={change.isPending && change.variables !== status}
          onClick={() =>
            needsConfirmation(status) ? setConfirming(status) : void move(status).catch(() => {})
          }
        >
          {statusActionLabel(status)}
        </Button>
      ))}
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming ? statusActionLabel(confirming) : ''}
        message={
          confirming === 'cancelled'
            ? `Cancel shipment ${shipment.shipment_number}? Its quantities can be shipped again.`
            : `Mark shipment ${shipment.shipment_number} as ${shipmentStatusLabel(confirming ?? 'lost')}? This cannot be undone.`
        }
        confirmLabel={confirming ? statusActionLabel(confirming) : 'Confirm'}
        loading={change.isPending}
        onConfirm={() => confirming && void move(confirming).catch(() => {})}
        onClose={() => setConfirming(null)}
      />
    </Group>
  );
}

const EDIT_LABEL = 'Edit Tracking & Transport';

const trackingSchema = z.object({
  carrier: z.enum(['self_delivery', 'other']),
  carrier_name: z.string().trim().max(100),
  tracking_number: z.string().trim().max(100),
  tracking_link: trackingLinkSchema,
  expected_delivery_date: z.string(),
  notes: z.string().trim().max(1000),
  ...transportFieldsSchema,
});
type TrackingValues = z.input<typeof trackingSchema>;

function TrackingDialog({ shipment, onClose }: { shipment: Shipment; onClose: () => void }) {
  const update = useUpdateShipment(shipment.id);
  const form = useForm<TrackingValues>({
    mode: 'onTouched',
    resolver: zodResolver(
      trackingSchema.refine(
        (v) => v.expected_delivery_date === '' || v.expected_delivery_date >= shipment.shipment_date,
        { message: SHIPMENT_MESSAGES.expected_before_shipment, path: ['expected_delivery_date'] },
      ),
    ),
    defaultValues: {
      carrier: shipment.carrier,
      carrier_name: shipment.carrier_name ?? '',
      tracking_number: shipment.tracking_number ?? '',
      tracking_link: shipment.tracking_link ?? '',
      expected_delivery_date: shipment.expected_delivery_date ?? '',
      notes: shipment.notes ?? '',
      eway_bill_number: shipment.eway_bill_number ?? '',
      vehicle_number: shipment.vehicle_number ?? '',
      transporter_id: shipment.transporter_id ?? '',
      transporter_name: shipment.transporter_name ?? '',
    },
  });
  const carrier = useWatch({ control: form.control, name: 'carrier' });
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        carrier: values.carrier,
        carrier_name: values.carrier === 'other' ? orNull(values.carrier_name) : null,
        tracking_number: orNull(values.tracking_number),
        tracking_link: orNull(values.tracking_link),
        expected_delivery_date: orNull(values.expected_delivery_date),
        notes: orNull(values.notes),
        eway_bill_number: orNull(values.eway_bill_number),
        vehicle_number: orNull(values.vehicle_number),
        transporter_id: orNull(values.transporter_id),
        transporter_name: orNull(values.transporter_name),
      });
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, [
        'carrier_name',
        'tracking_number',
        'tracking_link',
        'expected_delivery_date',
        'notes',
        ...TRANSPORT_FIELDS,
      ]);
    }
  });
  return (
    <FormDialog
      title={EDIT_LABEL}
      submitLabel="Save"
      pending={update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <SelectField
          control={form.control}
          name="carrier"
          label="Carrier"
          data={SHIPMENT_CARRIERS.map(({ value, label }) => ({ value, label }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {carrier === 'other' ? (
          <TextField control={form.control} name="carrier_name" label="Carrier Name" maxLength={100} />
        ) : (
          <div />
        )}
        <TextField control={form.control} name="tracking_number" label="Tracking Number" maxLength={100} />
        <TextField control={form.control} name="tracking_link" label="Tracking Link" maxLength={500} />
        <DayField
          control={form.control}
          name="expected_delivery_date"
          label="Expected Delivery Date"
          clearable
        />
      </SimpleGrid>
      <TransportFields control={form.control} />
      <TextareaField control={form.control} name="notes" label="Notes" minRows={2} />
    </FormDialog>
  );
}

function ShipmentSummaryCard({ shipment }: { shipment: Shipment }) {
  return (
    <Card withBorder padding="md">
      <DetailGrid>
        <DetailField label="Buyer">
          <Anchor component={Link} to={buyerPath(shipment.buyer.id)} size="sm">
            {shipment.buyer.name}
          </Anchor>
        </DetailField>
        <DetailField label="Invoice">
          <Anchor component={Link} to={invoicePath(shipment.invoice.id)} size="sm">
            {shipment.invoice.invoice_number}
          </Anchor>
        </DetailField>
        <DetailField label="Order">
          <Anchor component={Link} to={orderPath(shipment.order.id)} size="sm">
            {shipment.order.order_number}
          </Anchor>
        </DetailField>
        <DetailField label="Shipment Date">{formatDay(shipment.shipment_date)}</DetailField>
        <DetailField label="Expected Delivery Date">
          {shipment.expected_delivery_date ? formatDay(shipment.expected_delivery_date) : null}
        </DetailField>
        <DetailField label="Delivered At">
          {shipment.delivered_at ? dayjs(shipment.delivered_at).format('DD/MM/YYYY, hh:mm A') : null}
        </DetailField>
        <DetailField label="Carrier">
          {shipment.carrier === 'other' && shipment.carrier_name
            ? shipment.carrier_name
            : shipmentCarrierLabel(shipment.carrier)}
        </DetailField>
        <DetailField label="Tracking Number">
          <TrackingText shipment={shipment} />
        </DetailField>
        <DetailField label="Shipping Method">{shipment.shipping_method?.name}</DetailField>
        <DetailField label="E-way Bill No.">{shipment.eway_bill_number}</DetailField>
        <DetailField label="Vehicle No.">{shipment.vehicle_number}</DetailField>
        <DetailField label="Transporter ID">{shipment.transporter_id}</DetailField>
        <DetailField label="Transporter">{shipment.transporter_name}</DetailField>
        <DetailField label="Branch">{shipment.seller_branch.name}</DetailField>
        <DetailField label="Items">
          {`${shipment.total_items} (${formatQuantity(shipment.total_quantity)})`}
        </DetailField>
        <DetailField label="Notes">{shipment.notes}</DetailField>
      </DetailGrid>
    </Card>
  );
}

function ItemsTable({ shipment }: { shipment: Shipment }) {
  return (
    <Card withBorder padding="md">
      <Table aria-label="Shipment items" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>SKU</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shipment.items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>{item.product.name}</Table.Td>
              <Table.Td>{item.product.sku ?? '—'}</Table.Td>
              <Table.Td ta="right">
                {formatQuantity(item.quantity)}
                {item.unit ? ` ${item.unit}` : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function HistoryTab({ shipmentId }: { shipmentId: number }) {
  return <DocumentHistoryTable label="Shipment history" query={useQuery(shipmentHistoryQuery(shipmentId))} />;
}

const commentSchema = z.object({
  comment: z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(2000, 'Ensure this field has no more than 2000 characters.'),
});

function CommentsTab({ shipment, mayComment }: { shipment: Shipment; mayComment: boolean }) {
  const add = useAddShipmentComment(shipment.id);
  const form = useForm<z.input<typeof commentSchema>>({
    resolver: zodResolver(commentSchema),
    defaultValues: { comment: '' },
  });
  const submit = form.handleSubmit(async ({ comment }) => {
    try {
      await add.mutateAsync(comment);
      form.reset({ comment: '' });
    } catch (error) {
      applyServerErrors(error, form.setError, ['comment']);
    }
  });
  const comments = [...shipment.comments].sort((a, b) =>
    String(b.created_at).localeCompare(String(a.created_at)),
  );
  return (
    <Stack gap="md">
      {mayComment && (
        <form noValidate onSubmit={submit} aria-label="Add Comment">
          <Stack gap="xs">
            <TextareaField
              control={form.control}
              name="comment"
              label="Comment"
              minRows={2}
              maxLength={2000}
              autosize
            />
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending}>
                Add Comment
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {comments.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          No comments yet.
        </Text>
      ) : (
        comments.map((comment) => (
          <Card key={comment.id} withBorder padding="sm">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {comment.comment}
            </Text>
            <Text size="xs" c="dimmed">
              {comment.user ? `${comment.user.first_name} ${comment.user.last_name}`.trim() : 'System'} ·{' '}
              {dayjs(comment.created_at).format('DD/MM/YYYY, hh:mm A')}
            </Text>
          </Card>
        ))
      )}
    </Stack>
  );
}

function ShipmentDetail({ shipment }: { shipment: Shipment }) {
  const user = useCurrentUser();
  const mayChange = canPerform(user, 'change_shipment');
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="lg">
      <DetailHeader
        list={SHIPMENTS_LIST}
        title={shipment.shipment_number}
        badges={
          <>
            <StatusBadge options={SHIPMENT_STATUS_OPTIONS} value={shipment.status} />
            <StatusBadge options={SHIPMENT_DIRECTION_OPTIONS} value={shipment.direction} />
          </>
        }
        actions={
          <>
            <DownloadPdfButton
              label="Download Delivery Note"
              download={() => downloadDeliveryNote(shipment)}
              failure={DELIVERY_NOTE_FAILED}
            />
            {mayChange && shipment.editable && (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} />}
                onClick={() => setEditing(true)}
              >
                {EDIT_LABEL}
              </Button>
            )}
          </>
        }
      />
      {mayChange && shipment.allowed_transitions.length > 0 && <StatusActions shipment={shipment} />}
      <ShipmentSummaryCard shipment={shipment} />
      <DetailTabs
        tabs={[
          { value: 'items', label: 'Items', panel: <ItemsTable shipment={shipment} /> },
          { value: 'history', label: 'History', panel: <HistoryTab shipmentId={shipment.id} /> },
          {
            value: 'comments',
            label: `Comments (${shipment.comments.length})`,
            panel: <CommentsTab shipment={shipment} mayComment={mayChange} />,
          },
        ]}
      />
      {editing && <TrackingDialog shipment={shipment} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
