import { BULK_MESSAGES } from '@b2b/domain/api/bulk-documents';
import { SHIPMENT_MESSAGES } from '@b2b/domain/shipments';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createUserWithPermissions,
  type SignedUpCompany,
  signUpCompany,
  unique,
} from '../../../test/factories.ts';
import { testServer } from '../../../test/harness.ts';
import { createWarehouse } from '../../../test/inventory-fixtures.ts';
import { createTaxedProduct } from '../../../test/sales-fixtures.ts';
import { createShippableInvoice, moveShipment, ship } from '../../../test/shipments-fixtures.ts';

// The shared server starts (and migrates) once per worker: not inside the first test's time.
beforeAll(() => testServer(), 180_000);

/** A shipment of a new invoice, moved through `statuses`. */
async function shipmentIn(company: SignedUpCompany, ...statuses: string[]) {
  const { invoice, order } = await createShippableInvoice(company);
  const shipment = await ship(company, invoice.id);
  if (statuses.length) await moveShipment(company, shipment.id, ...statuses);
  return { shipment: shipment as { id: number; shipment_number: string }, invoice, order };
}

const bulk = (company: SignedUpCompany, body: unknown, api = company.api) =>
  api.post(`admin/companies/${company.companyId}/shipments/bulk_status`, body);

const statusOf = async (company: SignedUpCompany, id: number) =>
  (await company.api.get(`admin/shipments/${id}`)).body.status;

describe('POST admin/companies/{companyId}/shipments/bulk_status', () => {
  it('moves the shipments the table allows, each with its effects, and reports the refused ones', async () => {
    const company = await signUpCompany();
    const a = await shipmentIn(company, 'shipped');
    const b = await shipmentIn(company, 'shipped');
    const scheduled = await shipmentIn(company);
    const res = await bulk(company, {
      ids: [a.shipment.id, scheduled.shipment.id, b.shipment.id],
      status: 'delivered',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      detail: BULK_MESSAGES.shipments_changed(2, 1),
      changed: [
        { id: a.shipment.id, number: a.shipment.shipment_number },
        { id: b.shipment.id, number: b.shipment.shipment_number },
      ],
      refused: [
        {
          id: scheduled.shipment.id,
          number: scheduled.shipment.shipment_number,
          reason:
            'A shipment that is Scheduled cannot be marked Delivered; it can be marked Picked Up, Shipped, Pickup Error, Cancellation Requested, Cancelled.',
        },
      ],
    });
    expect(res.body.detail).toBe('2 shipments changed, 1 refused.');
    expect(await statusOf(company, a.shipment.id)).toBe('delivered');
    expect(await statusOf(company, b.shipment.id)).toBe('delivered');
    expect(await statusOf(company, scheduled.shipment.id)).toBe('scheduled');
    // The same effects as the single change: the order is complete, the history says so.
    expect((await company.api.get(`admin/orders/${a.order.id}`)).body.status).toBe('complete');
    const history = (await company.api.get(`admin/shipments/${a.shipment.id}/history`)).body.results;
    expect(history[0].actions.action).toBe('status_changed');
  });

  it('answers 404 naming nothing for another company’s id and changes nothing', async () => {
    const company = await signUpCompany();
    const own = await shipmentIn(company);
    const other = await signUpCompany();
    const theirs = await shipmentIn(other);
    const res = await bulk(company, { ids: [own.shipment.id, theirs.shipment.id], status: 'picked_up' });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(SHIPMENT_MESSAGES.not_found);
    expect(JSON.stringify(res.body)).not.toContain(theirs.shipment.shipment_number);
    expect(await statusOf(company, own.shipment.id)).toBe('scheduled');
    expect(await statusOf(other, theirs.shipment.id)).toBe('scheduled');
  });

  it('answers 400 for too many ids, none, or an unknown status', async () => {
    const company = await signUpCompany();
    const own = await shipmentIn(company);
    const tooMany = await bulk(company, {
      ids: Array.from({ length: 101 }, (_, i) => i + 1),
      status: 'picked_up',
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toBe(`ids: ${BULK_MESSAGES.too_many}`);
    expect((await bulk(company, { ids: [], status: 'picked_up' })).status).toBe(400);
    expect((await bulk(company, { ids: [own.shipment.id], status: 'teleported' })).status).toBe(400);
    expect((await bulk(company, { ids: [own.shipment.id] })).status).toBe(400);
    expect(await statusOf(company, own.shipment.id)).toBe('scheduled');
  });

  it('takes a repeated id once and needs change_shipment', async () => {
    const company = await signUpCompany();
    const own = await shipmentIn(company);
    const viewer = await createUserWithPermissions(company, ['view_shipment']);
    expect((await bulk(company, { ids: [own.shipment.id], status: 'picked_up' }, viewer.api)).status).toBe(
      403,
    );
    const res = await bulk(company, { ids: [own.shipment.id, own.shipment.id], status: 'picked_up' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.changed).toHaveLength(1);
    expect(res.body.refused).toEqual([]);
    expect(await statusOf(company, own.shipment.id)).toBe('picked_up');
  });

  it('a user of one branch gets 404 for a shipment of another branch, changing nothing', async () => {
    const company = await signUpCompany();
    const own = await shipmentIn(company);
    const branch = await company.api.post(`companies/${company.companyId}/branches`, {
      name: `Nashik ${unique()}`,
      address: { address_line_1: '4 FC Road', city: 'Pune', state_id: 27, pincode: '411004' },
    });
    expect(branch.status, JSON.stringify(branch.body)).toBe(201);
    const warehouse = await createWarehouse(company, { branchId: branch.body.id });
    const product = await createTaxedProduct(company, { openingStock: 10, warehouseId: warehouse.id });
    const { invoice } = await createShippableInvoice(company, {
      lines: [{ product: product.id, quantity: 1, warehouse: warehouse.id }],
      fields: { branch: branch.body.id },
    });
    const theirs = await ship(company, invoice.id);
    const staff = await createUserWithPermissions(company, ['view_shipment', 'change_shipment']);
    const res = await bulk(company, { ids: [own.shipment.id, theirs.id], status: 'picked_up' }, staff.api);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(SHIPMENT_MESSAGES.not_found);
    expect(await statusOf(company, own.shipment.id)).toBe('scheduled');
    expect(await statusOf(company, theirs.id)).toBe('scheduled');
    const mine = await bulk(company, { ids: [own.shipment.id], status: 'picked_up' }, staff.api);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.changed).toHaveLength(1);
  });
});
