import { describe, expect, it } from 'vitest';
import {
  anyVoucherXml,
  escapeXml,
  moneyVoucher,
  parseTallyResponse,
  stockJournalXml,
  stockValue,
  type TallyStockJournal,
  type TradeDocument,
  tallyAmount,
  tallyDate,
  tallyRate,
  tradeCharges,
  tradeVoucher,
  voucherBalance,
  voucherXml,
} from './tally-xml.ts';

const invoice: TradeDocument = {
  kind: 'sales',
  guid: 'g-1',
  action: 'Create',
  voucherType: 'Sales',
  date: '2026-04-05',
  number: 'MUM/2627/00001',
  party: 'Sharma Traders',
  goodsLedger: 'Sales GST',
  // 2 x 1,000.00 + 1 x 333.33 taxable, 18% intra-state: 210.00 + 210.00, round-off +0.33 less.
  lines: [
    { stockItem: 'Blue Pen', unit: 'Nos', quantity: 2, taxablePaise: 200000, godown: 'Main' },
    { stockItem: 'Red Pen', unit: 'Nos', quantity: 1, taxablePaise: 33333, godown: 'Main' },
  ],
  taxes: [
    { ledger: 'Output CGST', paise: 21000 },
    { ledger: 'Output SGST', paise: 21000 },
  ],
  roundOffPaise: -33,
  roundOffLedger: 'Round Off',
  chargesLedger: null,
  totalPaise: 275300,
};

describe('amounts, dates and escaping', () => {
  it('writes paise as rupees by integer arithmetic', () => {
    expect(tallyAmount(0)).toBe('0.00');
    expect(tallyAmount(5)).toBe('0.05');
    expect(tallyAmount(-12345)).toBe('-123.45');
    expect(tallyAmount(1000000000001)).toBe('10000000000.01');
    expect(() => tallyAmount(1.5)).toThrow();
  });
  it('writes dates and rates as Tally reads them', () => {
    expect(tallyDate('2026-04-05')).toBe('20260405');
    expect(tallyRate(-33333, 1, 'Nos')).toBe('333.33/Nos');
    expect(tallyRate(100000, 3, 'Kgs')).toBe('333.33/Kgs');
  });
  it('escapes markup and drops characters XML cannot carry', () => {
    expect(escapeXml(`A & B <"C"> 'D'\u0001`)).toBe('A &amp; B &lt;&quot;C&quot;&gt; &apos;D&apos;');
  });
});

describe('tradeVoucher', () => {
  it('debits the buyer on a sale, credits goods, tax and the round-off, and balances', () => {
    const voucher = tradeVoucher(invoice);
    expect(voucher.ledgerLines).toEqual([
      { ledger: 'Sharma Traders', amountPaise: -275300 },
      { ledger: 'Output CGST', amountPaise: 21000 },
      { ledger: 'Output SGST', amountPaise: 21000 },
      { ledger: 'Round Off', amountPaise: -33 },
    ]);
    expect(voucher.inventoryLines.map((l) => l.amountPaise)).toEqual([200000, 33333]);
    expect(voucherBalance(voucher)).toBe(0);
  });

  it('posts shipping and other charges as the remainder, so every kind balances', () => {
    const withCharges = { ...invoice, totalPaise: 285300, chargesLedger: 'Freight' };
    expect(tradeCharges(withCharges)).toBe(10000);
    for (const kind of ['sales', 'credit_note', 'purchase', 'debit_note'] as const) {
      const voucher = tradeVoucher({ ...withCharges, kind });
      expect(voucherBalance(voucher)).toBe(0);
      const party = voucher.ledgerLines[0]?.amountPaise ?? 0;
      // The party is debited on sales and debit notes, credited on purchases and credit notes.
      expect(party < 0).toBe(kind === 'sales' || kind === 'debit_note');
    }
    expect(() => tradeVoucher({ ...withCharges, chargesLedger: null })).toThrow(/charges/);
  });

  it('writes the XML with ISDEEMEDPOSITIVE by sign and refuses a voucher that does not balance', () => {
    const xml = voucherXml(tradeVoucher(invoice));
    expect(xml).toContain(
      '<VOUCHER REMOTEID="g-1" VCHTYPE="Sales" ACTION="Create" OBJVIEW="Invoice Voucher View">',
    );
    expect(xml).toContain(
      '<LEDGERNAME>Sharma Traders</LEDGERNAME>\n<ISDEEMEDPOSITIVE>Yes</ISDEEMEDPOSITIVE>\n<ISPARTYLEDGER>Yes</ISPARTYLEDGER>\n<AMOUNT>-2753.00</AMOUNT>',
    );
    expect(xml).toContain('<RATE>1000.00/Nos</RATE>\n<AMOUNT>2000.00</AMOUNT>\n<ACTUALQTY>2 Nos</ACTUALQTY>');
    const broken = { ...tradeVoucher(invoice), ledgerLines: [{ ledger: 'X', amountPaise: -1 }] };
    expect(() => voucherXml(broken)).toThrow(/does not balance/);
  });

  it('writes a cancellation with only what identifies the voucher', () => {
    const xml = voucherXml({ ...tradeVoucher(invoice), action: 'Cancel' });
    expect(xml).toContain('ACTION="Cancel"');
    expect(xml).not.toContain('ALLLEDGERENTRIES');
  });
});

describe('moneyVoucher', () => {
  it('a receipt credits the buyer and debits the bank; a payment the reverse', () => {
    const base = {
      guid: 'g',
      action: 'Create' as const,
      voucherType: 'Receipt',
      date: '2026-04-06',
      number: 'PAY-1',
      party: 'Sharma Traders',
      bankLedger: 'HDFC Bank',
      amountPaise: 50050,
    };
    const receipt = moneyVoucher({ ...base, kind: 'receipt' });
    expect(receipt.ledgerLines).toEqual([
      { ledger: 'Sharma Traders', amountPaise: 50050 },
      { ledger: 'HDFC Bank', amountPaise: -50050 },
    ]);
    expect(voucherBalance(moneyVoucher({ ...base, kind: 'payment' }))).toBe(0);
    expect(moneyVoucher({ ...base, kind: 'payment' }).ledgerLines[0]?.amountPaise).toBe(-50050);
  });

  it('a payment with TDS pays the bank the rest and credits the TDS ledger', () => {
    const payment = moneyVoucher({
      kind: 'payment',
      guid: 'g',
      action: 'Create',
      voucherType: 'Payment',
      date: '2026-04-06',
      number: 'PM-1',
      party: 'Shree Traders',
      bankLedger: 'HDFC Bank',
      amountPaise: 100000,
      tdsPaise: 1000,
      tdsLedger: 'TDS Payable 194Q',
    });
    expect(payment.ledgerLines).toEqual([
      { ledger: 'Shree Traders', amountPaise: -100000 },
      { ledger: 'HDFC Bank', amountPaise: 99000 },
      { ledger: 'TDS Payable 194Q', amountPaise: 1000 },
    ]);
    expect(voucherBalance(payment)).toBe(0);
  });
});

describe('parseTallyResponse', () => {
  it('reads the counts and each line error', () => {
    const result = parseTallyResponse(
      '<RESPONSE><LINEERROR>Ledger &apos;X&apos; does not exist!</LINEERROR><CREATED>2</CREATED><ALTERED>1</ALTERED><DELETED>0</DELETED><LASTVCHID>0</LASTVCHID><IGNORED>0</IGNORED><ERRORS>1</ERRORS><CANCELLED>0</CANCELLED></RESPONSE>',
    );
    expect(result).toEqual({
      created: 2,
      altered: 1,
      deleted: 0,
      cancelled: 0,
      ignored: 0,
      errors: 1,
      lineErrors: ["Ledger 'X' does not exist!"],
    });
  });
});

describe('stockJournalXml', () => {
  const transfer: TallyStockJournal = {
    kind: 'stock_journal',
    guid: 'g-t',
    action: 'Create',
    voucherType: 'Stock Journal',
    date: '2026-04-07',
    number: 'TRF-000001',
    narration: 'To the Thane godown',
    // 3 pens of two batches at 45.50 leave Main and arrive in Thane.
    goodsOut: [
      { stockItem: 'Blue Pen', unit: 'Nos', quantity: 2, amountPaise: 9100, godown: 'Main', batch: 'B1' },
      { stockItem: 'Blue Pen', unit: 'Nos', quantity: 1, amountPaise: 4550, godown: 'Main', batch: 'B2' },
    ],
    goodsIn: [
      { stockItem: 'Blue Pen', unit: 'Nos', quantity: 2, amountPaise: 9100, godown: 'Thane', batch: 'B1' },
      { stockItem: 'Blue Pen', unit: 'Nos', quantity: 1, amountPaise: 4550, godown: 'Thane', batch: 'B2' },
    ],
  };

  it('writes goods in as debits and goods out as credits, one entry per item with a batch allocation per godown and batch', () => {
    const xml = stockJournalXml(transfer);
    expect(xml).toContain(
      '<VOUCHER REMOTEID="g-t" VCHTYPE="Stock Journal" ACTION="Create" OBJVIEW="Consumption Voucher View">\n<DATE>20260407</DATE>\n<GUID>g-t</GUID>',
    );
    expect(xml).toContain(
      '<PERSISTEDVIEW>Consumption Voucher View</PERSISTEDVIEW>\n<ISINVOICE>No</ISINVOICE>',
    );
    expect(xml).not.toContain('ALLLEDGERENTRIES');
    const inEntry = /<INVENTORYENTRIESIN.LIST>[\s\S]*?<\/INVENTORYENTRIESIN.LIST>/.exec(xml)?.[0] ?? '';
    expect(inEntry).toBe(
      [
        '<INVENTORYENTRIESIN.LIST>',
        '<STOCKITEMNAME>Blue Pen</STOCKITEMNAME>',
        '<ISDEEMEDPOSITIVE>Yes</ISDEEMEDPOSITIVE>',
        '<RATE>45.50/Nos</RATE>',
        '<AMOUNT>-136.50</AMOUNT>',
        '<ACTUALQTY>3 Nos</ACTUALQTY>',
        '<BILLEDQTY>3 Nos</BILLEDQTY>',
        '<BATCHALLOCATIONS.LIST>',
        '<GODOWNNAME>Thane</GODOWNNAME>',
        '<BATCHNAME>B1</BATCHNAME>',
        '<AMOUNT>-91.00</AMOUNT>',
        '<ACTUALQTY>2 Nos</ACTUALQTY>',
        '<BILLEDQTY>2 Nos</BILLEDQTY>',
        '</BATCHALLOCATIONS.LIST>',
        '<BATCHALLOCATIONS.LIST>',
        '<GODOWNNAME>Thane</GODOWNNAME>',
        '<BATCHNAME>B2</BATCHNAME>',
        '<AMOUNT>-45.50</AMOUNT>',
        '<ACTUALQTY>1 Nos</ACTUALQTY>',
        '<BILLEDQTY>1 Nos</BILLEDQTY>',
        '</BATCHALLOCATIONS.LIST>',
        '</INVENTORYENTRIESIN.LIST>',
      ].join('\n'),
    );
    const outEntry = /<INVENTORYENTRIESOUT.LIST>[\s\S]*?<\/INVENTORYENTRIESOUT.LIST>/.exec(xml)?.[0] ?? '';
    expect(outEntry).toContain(
      '<ISDEEMEDPOSITIVE>No</ISDEEMEDPOSITIVE>\n<RATE>45.50/Nos</RATE>\n<AMOUNT>136.50</AMOUNT>',
    );
    expect(outEntry).toContain(
      '<GODOWNNAME>Main</GODOWNNAME>\n<BATCHNAME>B1</BATCHNAME>\n<AMOUNT>91.00</AMOUNT>',
    );
    // The goods' value leaving equals the value arriving: a transfer moves value, it makes none.
    expect(xml.indexOf('INVENTORYENTRIESIN.LIST')).toBeLessThan(xml.indexOf('INVENTORYENTRIESOUT.LIST'));
  });

  it("writes an adjustment's loss as goods out only, unbatched goods as Tally's Primary Batch", () => {
    const xml = anyVoucherXml({
      ...transfer,
      number: 'ADJ-000001',
      narration: 'Stock damaged',
      goodsIn: [],
      goodsOut: [
        { stockItem: 'Ink', unit: 'Ltr', quantity: 1.5, amountPaise: 7500, godown: 'Main', batch: null },
      ],
    });
    expect(xml).not.toContain('INVENTORYENTRIESIN.LIST');
    expect(xml).toContain('<RATE>50.00/Ltr</RATE>\n<AMOUNT>75.00</AMOUNT>\n<ACTUALQTY>1.5 Ltr</ACTUALQTY>');
    expect(xml).toContain('<BATCHNAME>Primary Batch</BATCHNAME>');
    expect(xml).toContain('<NARRATION>Stock damaged</NARRATION>');
  });

  it('writes a cancellation with only what identifies it, and refuses a line without quantity', () => {
    const cancelled = stockJournalXml({ ...transfer, action: 'Cancel' });
    expect(cancelled).toContain('ACTION="Cancel"');
    expect(cancelled).not.toContain('INVENTORYENTRIES');
    const bad = {
      ...transfer,
      goodsIn: [{ ...(transfer.goodsIn[0] as TallyStockJournal['goodsIn'][number]), quantity: 0 }],
    };
    expect(() => stockJournalXml(bad)).toThrow(/quantity above zero/);
  });

  it('values goods at a rate to the paisa by integer arithmetic', () => {
    expect(stockValue(2.5, 3333)).toBe(8333);
    expect(stockValue(-3, 4550)).toBe(13650);
    expect(stockValue(0.001, 100)).toBe(0);
    expect(stockValue(1.005, 1000)).toBe(1005);
  });
});
