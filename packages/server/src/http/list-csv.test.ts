import { describe, expect, it } from 'vitest';
import { createUserWithPermissions, insertBuyer, signUpCompany, unique } from '../../test/factories.ts';
import { createProduct } from '../../test/inventory-fixtures.ts';

/** The lines of a CSV answer, without its byte-order mark. */
const csvLines = (body: unknown) =>
  String(body)
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');

describe('GET <list>?format=csv (issue 18: CSV export on every main list)', () => {
  it('answers the buyers of the list’s search and filters as a file, in its order, formulas kept as text', async () => {
    const company = await signUpCompany();
    const tag = unique();
    await insertBuyer(company.companyId, { name: `Alpha ${tag}`, phone: '9876543210' });
    await insertBuyer(company.companyId, { name: `=HYPERLINK("x") ${tag}` });
    await insertBuyer(company.companyId, { name: `Beta, Sons ${tag}`, is_active: false });
    await insertBuyer(company.companyId, { name: `Elsewhere ${unique()}` });

    const res = await company.api.get(
      `companies/${company.companyId}/buyers?format=csv&search=${tag}&is_active=true&ordering=name`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="buyers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      'Buyer,Contact Person,Phone,Email,GST Number,Buyer Type,Opening Balance,Outstanding,Credit Limit,Status',
    );
    // Ordered by name: '=' sorts before 'A'; the inactive and the unmatched buyers are left out.
    expect(lines.slice(1)).toEqual([
      `"'=HYPERLINK(""x"") ${tag}",,,,,regular,0,0,,Active`,
      `Alpha ${tag},,9876543210,,,regular,0,0,,Active`,
    ]);

    const inactive = await company.api.get(
      `companies/${company.companyId}/buyers?format=csv&search=${tag}&is_active=false`,
    );
    expect(csvLines(inactive.body).slice(1)).toEqual([`"Beta, Sons ${tag}",,,,,regular,0,0,,Inactive`]);
  });

  it('answers the products of the search with their prices, stock and status', async () => {
    const company = await signUpCompany();
    const tag = unique();
    const product = await createProduct(company, { name: `Mixer ${tag}`, openingStock: 5 });
    await createProduct(company, { name: `Fan ${unique()}` });

    const res = await company.api.get(
      `companies/${company.companyId}/products?format=csv&search=Mixer ${tag}`,
    );
    expect(res.status).toBe(200);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('Name,SKU,Category,Brand,MRP,Selling Price,Available Stock,In Stock,Status');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^Mixer ${tag},${product.sku},Category [^,]+,,100,90,5,Yes,Active$`));
  });

  it('gives payments, quotations, shipments, sales returns and credit notes their CSV form, the header alone when empty', async () => {
    const company = await signUpCompany();
    const id = company.companyId;
    const headers: Record<string, string> = {
      [`admin/companies/${id}/payments`]:
        'Payment Number,Payment Date,Buyer,Order Number,Branch,Payment Method,Reference Number,Amount,Allocated,Unallocated,Refunded,Status',
      [`admin/companies/${id}/quotations`]:
        'Quotation Number,Date,Status,Purpose,Buyer,Items,Total,Order Number',
      [`admin/companies/${id}/sales_returns`]:
        'Return Number,Return Date,Status,Disposition,Invoice Number,Order Number,Buyer,Branch,Reference,Reason,Items,Quantity,Credit Note Number',
      [`admin/companies/${id}/shipments`]:
        'Shipment Number,Shipment Date,Status,Direction,Invoice Number,Order Number,Buyer,Branch,Carrier,Tracking Number,Expected Delivery,Items,Quantity',
      [`admin/companies/${id}/credit_notes`]:
        'Credit Note Number,Credit Note Date,Status,Invoice Number,Order Number,Return Number,Buyer,Branch,Reference,Total,Amount Applied,Amount Refunded,Balance',
    };
    for (const [path, header] of Object.entries(headers)) {
      const res = await company.api.get(`${path}?format=csv`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain('text/csv');
      expect(csvLines(res.body), path).toEqual([header]);
    }
    // Any other format is refused as bad input, not answered as JSON.
    const bad = await company.api.get(`admin/companies/${id}/payments?format=xlsx`);
    expect(bad.status).toBe(400);
  });

  it('needs the list’s own view permission', async () => {
    const company = await signUpCompany();
    const staff = await createUserWithPermissions(company, ['view_product']);
    const buyers = await staff.api.get(`companies/${company.companyId}/buyers?format=csv`);
    expect(buyers.status).toBe(403);
    const products = await staff.api.get(`companies/${company.companyId}/products?format=csv`);
    expect(products.status).toBe(200);
  });
});
