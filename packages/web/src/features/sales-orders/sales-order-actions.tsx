import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import {
  IconBan,
  IconCheck,
  IconCopy,
  IconFileInvoice,
  IconPencil,
  IconPlayerPause,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { orderInvoicePath, quotationPath } from '../../session/paths';
import {
  type SalesOrder,
  useCancelOrder,
  useConfirmOrder,
  useHoldOrder,
  useStartFromOrder,
} from './sales-orders.api';

/** Cancel asks first, with an optional reason that goes into the order's history. */
function CancelOrderDialog({
  order,
  opened,
  onClose,
}: {
  order: SalesOrder;
  opened: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelOrder();
  const [reason, setReason] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title="Cancel Order" centered>
      <Text mb="sm">
        Cancel order {order.order_number}? Its reserved stock is released. This cannot be undone.
      </Text>
      <Textarea
        label="Reason"
        placeholder="Why the order is cancelled (optional)"
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.currentTarget.value)}
        mb="lg"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Keep Order
        </Button>
        <Button
          color="red"
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate({ id: order.id, reason: reason.trim() || undefined }, { onSuccess: onClose })
          }
        >
          Cancel Order
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * The order's buttons, each shown only when the server lists its action in allowed_actions (the
 * domain's transition rule) and the user holds the permission it needs.
 */
export function SalesOrderActions({ order }: { order: SalesOrder }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const confirm = useConfirmOrder();
  const hold = useHoldOrder();
  const edit = useStartFromOrder('edit');
  const reorder = useStartFromOrder('reorder');
  const [cancelling, setCancelling] = useState(false);
  const allowed = new Set(order.allowed_actions);
  const canChange = canPerform(user, 'change_order');
  const shows = {
    invoice: allowed.has('invoice') && canPerform(user, 'add_invoice'),
    confirm: allowed.has('confirm') && canChange,
    hold: allowed.has('hold') && canChange,
    edit: allowed.has('edit') && canChange,
    reorder: allowed.has('reorder') && canPerform(user, 'add_quotation'),
    cancel: allowed.has('cancel') && canChange,
  };
  const busy = confirm.isPending || hold.isPending || edit.isPending || reorder.isPending;
  const openQuotation = (quotation: { id: number }) => void navigate({ to: quotationPath(quotation.id) });

  return (
    <>
      {shows.invoice && (
        <Button
          leftSection={<IconFileInvoice size={16} />}
          onClick={() => void navigate({ to: orderInvoicePath(order.id) })}
        >
          Generate Invoice
        </Button>
      )}
      {shows.confirm && (
        <Button
          leftSection={<IconCheck size={16} />}
          loading={confirm.isPending}
          disabled={busy}
          onClick={() => confirm.mutate({ id: order.id })}
        >
          Confirm
        </Button>
      )}
      {shows.hold && (
        <Button
          variant="default"
          leftSection={<IconPlayerPause size={16} />}
          loading={hold.isPending}
          disabled={busy}
          onClick={() => hold.mutate({ id: order.id })}
        >
          Hold
        </Button>
      )}
      {shows.edit && (
        <Button
          variant="default"
          leftSection={<IconPencil size={16} />}
          loading={edit.isPending}
          disabled={busy}
          onClick={() => edit.mutate(order.id, { onSuccess: openQuotation })}
        >
          Edit
        </Button>
      )}
      {shows.reorder && (
        <Button
          variant="default"
          leftSection={<IconCopy size={16} />}
          loading={reorder.isPending}
          disabled={busy}
          onClick={() => reorder.mutate(order.id, { onSuccess: openQuotation })}
        >
          Re-order
        </Button>
      )}
      {shows.cancel && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconBan size={16} />}
          disabled={busy}
          onClick={() => setCancelling(true)}
        >
          Cancel
        </Button>
      )}
      <CancelOrderDialog order={order} opened={cancelling} onClose={() => setCancelling(false)} />
    </>
  );
}
