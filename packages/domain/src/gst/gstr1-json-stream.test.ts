import { describe, expect, it } from 'vitest';
import {
  Gstr1Builder,
  type Gstr1CreditNote,
  type Gstr1Entry,
  type Gstr1EntrySection,
  type Gstr1Invoice,
  type Gstr1Report,
  type Gstr1TaxRow,
  gstr1Json,
  gstr1JsonChunks,
} from './gstr1.ts';

/**
 * The streamed GSTR-1 JSON (issue 22): a report that kept only its documents' ids, written with the
 * documents read again a batch at a time, is byte for byte the built document, whatever the batch
 * (a recipient's invoices split across batches, groups in the order of their first document).
 */

const OWN = '27AAPFU0939F1ZV';
const period = { key: '2025-06', from: '2025-06-01', to: '2025-06-30', fp: '062025' };

const intra = (ratePercent: number, taxablePaise: number): Gstr1TaxRow => {
  const tax = Math.round((taxablePaise * ratePercent) / 100);
  return { ratePercent, taxablePaise, igstPaise: 0, cgstPaise: tax / 2, sgstPaise: tax / 2, cessPaise: 0 };
};
const inter = (ratePercent: number, taxablePaise: number): Gstr1TaxRow => ({
  ratePercent,
  taxablePaise,
  igstPaise: Math.round((taxablePaise * ratePercent) / 100),
  cgstPaise: 0,
  sgstPaise: 0,
  cessPaise: 0,
});

function invoice(id: number, day: number, overrides: Partial<Gstr1Invoice>): Gstr1Invoice {
  const rows = overrides.rows ?? [intra(18, 10_000_00)];
  return {
    id,
    number: `MUM/2526/${String(id).padStart(5, '0')}`,
    date: `2025-06-${String(day).padStart(2, '0')}`,
    valuePaise: rows.reduce((s, r) => s + r.taxablePaise + r.igstPaise + r.cgstPaise + r.sgstPaise, 0),
    buyerId: id,
    buyerName: `Buyer "${id}"`,
    buyerGstin: null,
    buyerType: 'consumer',
    placeOfSupply: '27',
    intraState: true,
    rows,
    ...overrides,
  };
}

const GSTINS = ['27AABCU9603R1ZM', '29AABCU9603R1ZJ', '24AAACC1206D1ZM'];

/** Invoices of three registered buyers interleaved with B2C, B2CL, exports and SEZ; credit notes on some. */
function documents(): { invoices: Gstr1Invoice[]; notes: Gstr1CreditNote[] } {
  const invoices: Gstr1Invoice[] = [];
  for (let id = 1; id <= 40; id++) {
    const day = 1 + (id % 28);
    const kind = id % 8;
    if (kind <= 2) {
      const gstin = GSTINS[(id * 7) % 3] as string;
      const intraState = gstin.startsWith('27');
      invoices.push(
        invoice(id, day, {
          buyerGstin: gstin,
          buyerType: 'regular',
          placeOfSupply: gstin.slice(0, 2),
          intraState,
          rows: intraState ? [intra(18, 1000_00 * id), intra(0, 50_00)] : [inter(12, 2000_00 * id)],
        }),
      );
    } else if (kind === 3) {
      invoices.push(
        invoice(id, day, {
          placeOfSupply: id % 2 ? '29' : '33',
          intraState: false,
          rows: [inter(18, 2_00_000_00)],
        }),
      );
    } else if (kind === 4) {
      invoices.push(
        invoice(id, day, {
          buyerType: 'overseas',
          placeOfSupply: '96',
          intraState: false,
          rows: [inter(0, 5000_00)],
        }),
      );
    } else if (kind === 5) {
      invoices.push(
        invoice(id, day, {
          buyerType: 'sez',
          buyerGstin: '27AAACS1234A1Z5',
          intraState: false,
          rows: [inter(18, 3000_00)],
        }),
      );
    } else {
      invoices.push(invoice(id, day, {}));
    }
  }
  // Sorted as the server reads them: by date, then id.
  invoices.sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const notes = invoices
    .filter((inv) => inv.id % 3 === 0)
    .map(
      (inv, index): Gstr1CreditNote => ({
        id: index + 1,
        number: `CN/2526/${index + 1}`,
        date: '2025-06-29',
        valuePaise: Math.round(inv.valuePaise / 10),
        placeOfSupply: inv.placeOfSupply,
        intraState: inv.intraState,
        rows: inv.rows.map((r) => ({ ...r, taxablePaise: Math.round(r.taxablePaise / 10) })),
        invoice: inv,
      }),
    );
  return { invoices, notes };
}

function build(options: { keepEntries: boolean; indexEntries?: boolean }): Gstr1Report {
  const { invoices, notes } = documents();
  const builder = new Gstr1Builder({ gstin: OWN, period, ...options });
  for (const inv of invoices) builder.addInvoice(inv);
  for (const note of notes) builder.addCreditNote(note);
  builder.setDocIssue([
    { kind: 'invoice', from: 'MUM/2526/00001', to: 'MUM/2526/00040', total: 40, cancelled: 0 },
  ]);
  return builder.result();
}

async function text(chunks: AsyncGenerator<string>) {
  let out = '';
  for await (const chunk of chunks) out += chunk;
  return out;
}

describe('gstr1JsonChunks', () => {
  const kept = build({ keepEntries: true });
  const built = JSON.stringify(gstr1Json(kept));
  const byId = (section: Gstr1EntrySection) => new Map(kept.entries[section].map((e) => [e.id, e]));
  const loads: number[] = [];
  const load = async (section: Gstr1EntrySection, ids: readonly number[]): Promise<Gstr1Entry[]> => {
    loads.push(ids.length);
    const entries = byId(section);
    return ids.flatMap((id) => entries.get(id) ?? []);
  };

  it('keeps only ids by group, in the order the JSON writes them', () => {
    const indexed = build({ keepEntries: false, indexEntries: true });
    expect(indexed.entries.b2b).toEqual([]);
    expect([...indexed.entryIds.b2b.keys()]).toEqual([...new Set(kept.entries.b2b.map((e) => e.buyerGstin))]);
    expect([...indexed.entryIds.b2b.values()].flat()).toHaveLength(kept.entries.b2b.length);
    expect(kept.entries.b2b.length).toBeGreaterThan(10);
    expect(kept.entries.b2cl.length).toBeGreaterThan(1);
    expect(kept.entries.exp.length).toBeGreaterThan(1);
    expect(kept.entries.cdnr.length).toBeGreaterThan(1);
    expect(kept.entries.cdnur.length).toBeGreaterThan(1);
  });

  it.each([1, 2, 3, 1000])(
    'writes the built document byte for byte, %i document(s) a batch',
    async (batch) => {
      const indexed = build({ keepEntries: false, indexEntries: true });
      loads.length = 0;
      expect(await text(gstr1JsonChunks(indexed, load, batch))).toBe(built);
      expect(Math.max(...loads)).toBeLessThanOrEqual(batch);
    },
  );

  it('leaves out a document that left its section since, and a group left empty', async () => {
    const indexed = build({ keepEntries: false, indexEntries: true });
    const [firstGstin, firstIds] = [...indexed.entryIds.b2b.entries()][0] as [string, number[]];
    const gone = new Set(firstIds);
    const out = await text(
      gstr1JsonChunks(
        indexed,
        async (section, ids) =>
          (await load(section, ids)).filter((e) => section !== 'b2b' || !gone.has(e.id)),
        2,
      ),
    );
    const json = JSON.parse(out) as ReturnType<typeof gstr1Json>;
    expect(json.b2b.map((g) => g.ctin)).not.toContain(firstGstin);
    expect(json.b2b.flatMap((g) => g.inv)).toHaveLength(kept.entries.b2b.length - firstIds.length);
    expect(json.b2cl).toEqual(gstr1Json(kept).b2cl);
  });
});
