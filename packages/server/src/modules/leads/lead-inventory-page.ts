import { formatMoney, formatQuantity } from '@b2b/domain/money';

interface SharedInventory {
  company: string;
  lead: string;
  expires_on: string;
  products: {
    name: string;
    sku: string | null;
    stock: number;
    unit: string | null;
    price: number;
    mrp: number;
  }[];
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Every value on the page is the company's data: escaped, never markup. */
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** 21/12/2026: how the app writes a day. */
const shownDay = (day: string) => day.split('-').reverse().join('/');

/**
 * The page a lead opens from a shared inventory link: the seller's name, the products shared and
 * nothing else, readable on a phone without the app. No scripts (the CSP would refuse them anyway).
 */
export function renderSharedInventory(page: SharedInventory | null, problem?: string): string {
  const title = page ? `${page.company}: products for ${page.lead}` : 'Shared inventory';
  const rows = (page?.products ?? [])
    .map(
      (p) => `<tr><td>${escapeHtml(p.name)}${p.sku ? `<br><small>${escapeHtml(p.sku)}</small>` : ''}</td>
<td class="n">${escapeHtml(formatQuantity(p.stock))}${p.unit ? ` ${escapeHtml(p.unit)}` : ''}</td>
<td class="n">${escapeHtml(formatMoney(p.price))}</td><td class="n">${escapeHtml(formatMoney(p.mrp))}</td></tr>`,
    )
    .join('\n');
  const body = page
    ? `<h1>${escapeHtml(page.company)}</h1>
<p>Products shared with <strong>${escapeHtml(page.lead)}</strong>. This link is valid until ${escapeHtml(shownDay(page.expires_on))}.</p>
<table><thead><tr><th>Product</th><th class="n">In stock</th><th class="n">Price</th><th class="n">MRP</th></tr></thead>
<tbody>${rows || '<tr><td colspan="4">No products are available right now.</td></tr>'}</tbody></table>
<p><small>Prices include tax.</small></p>`
    : `<h1>Shared inventory</h1><p role="alert">${escapeHtml(problem ?? '')}</p>`;
  return `<!doctype html>
<html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:56rem;padding:1rem;color:#1a1b1e}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #dee2e6;padding:.5rem;text-align:left}
.n{text-align:right}small{color:#495057}</style></head>
<body><main>${body}</main></body></html>`;
}
