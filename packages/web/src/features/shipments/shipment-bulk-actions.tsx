import { SHIPMENT_CSV_COLUMNS } from '@b2b/domain/api/list-csv';
import {
  allowedShipmentTransitions,
  SHIPMENT_STATUS_VALUES,
  type ShipmentStatus,
  shipmentStatusLabel,
} from '@b2b/domain/shipments';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import {
  BulkActionBar,
  notifyBulkOutcome,
  type RowSelection,
  saveRowsAsCsv,
} from '../../components/row-selection';
import { BAD_ENDS, needsConfirmation, statusActionLabel } from './shipment-status';
import { type ShipmentSummary, useBulkShipmentStatus } from './shipments.api';

/**
 * The statuses at least one selected shipment may move to, in the domain's order: the bulk
 * menu's entries. A shipment that may not is refused by the server with the rule's sentence.
 */
export function bulkStatusChoices(rows: readonly Pick<ShipmentSummary, 'status'>[]): ShipmentStatus[] {
  const allowed = new Set(rows.flatMap((row) => allowedShipmentTransitions(row.status)));
  return SHIPMENT_STATUS_VALUES.filter((status) => allowed.has(status));
}

const shipments = (count: number) => (count === 1 ? '1 shipment' : `${count} shipments`);

/** The confirmation of a move that cannot be undone, as the shipment's own button asks it. */
export function bulkConfirmMessage(status: ShipmentStatus, rows: readonly Pick<ShipmentSummary, 'status'>[]) {
  const able = rows.filter((row) => allowedShipmentTransitions(row.status).includes(status)).length;
  const others =
    able < rows.length
      ? ` ${shipments(rows.length - able)} of the selection cannot be ${status === 'cancelled' ? 'cancelled' : `marked ${shipmentStatusLabel(status)}`} and will be left as they are.`
      : '';
  return status === 'cancelled'
    ? `Cancel ${shipments(able)}? Their quantities can be shipped again.${others}`
    : `Mark ${shipments(able)} as ${shipmentStatusLabel(status)}? This cannot be undone.${others}`;
}

/**
 * The shipment list's bulk bar (issue 18): Export selected, and 'Mark as …' for a user who may
 * change shipments: every selected shipment is moved by the same rule as its own status button
 * (the server refuses, one by one, those whose status does not allow it), with the same
 * confirmation for a move that cannot be undone.
 */
export function ShipmentBulkActions({
  companyId,
  selection,
  mayChange,
}: {
  companyId: number;
  selection: RowSelection<ShipmentSummary>;
  mayChange: boolean;
}) {
  const change = useBulkShipmentStatus(companyId);
  const [confirming, setConfirming] = useState<ShipmentStatus | null>(null);
  const rows = selection.rows;
  const choices = bulkStatusChoices(rows);

  const move = (status: ShipmentStatus) =>
    change.mutate(
      { ids: rows.map((row) => row.id), status },
      {
        onSuccess: (answer) => {
          setConfirming(null);
          notifyBulkOutcome(answer.detail, answer.refused);
          selection.clear();
        },
        onError: () => setConfirming(null),
      },
    );

  return (
    <BulkActionBar selection={selection}>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFileSpreadsheet size={14} />}
        onClick={() => saveRowsAsCsv('shipments-selected.csv', SHIPMENT_CSV_COLUMNS, rows)}
      >
        Export selected
      </Button>
      {mayChange && (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              size="xs"
              variant="default"
              rightSection={<IconChevronDown size={14} />}
              loading={change.isPending}
              disabled={choices.length === 0}
            >
              Mark as …
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {choices.map((status) => (
              <Menu.Item
                key={status}
                color={BAD_ENDS.includes(status) ? 'red' : undefined}
                onClick={() => (needsConfirmation(status) ? setConfirming(status) : move(status))}
              >
                {statusActionLabel(status)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming ? statusActionLabel(confirming) : ''}
        message={confirming ? bulkConfirmMessage(confirming, rows) : ''}
        confirmLabel={confirming ? statusActionLabel(confirming) : 'Confirm'}
        loading={change.isPending}
        onConfirm={() => confirming && move(confirming)}
        onClose={() => setConfirming(null)}
      />
    </BulkActionBar>
  );
}
