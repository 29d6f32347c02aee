import { createVerify } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SAMPLE_BUYER_GSTIN,
  SAMPLE_OTHER_STATE_BUYER_GSTIN,
  SAMPLE_SELLER_GSTIN,
  sampleInvoiceDocument,
} from '../../../test/invoice-document-sample.ts';
import { type IrpStandIn, standInIrn, startIrpStandIn } from '../../../test/irp-stand-in.ts';
import { IrpError } from '../../core/ports/irp.ts';
import type { InvoiceDocument } from '../invoice-documents/invoice-document.ts';
import { buildEInvoicePayload, unitQuantityCode } from './e-invoice-json.ts';
import { EInvoiceValidationError, prepareEInvoice, validateEInvoice } from './e-invoice-validation.ts';
import { createHttpIrpClient } from './irp-client.ts';
import { readIrpConfig } from './irp-config.ts';

// Faked: the Invoice Registration Portal, by test/irp-stand-in.ts, a real HTTP server on this
// machine that decrypts and checks requests with its own code and answers in the NIC shape.

const TODAY = '2025-07-20';
const round2 = (value: number) => Math.round(value * 100) / 100;

describe('buildEInvoicePayload', () => {
  it('maps an intra-state invoice to the INV-01 schema', () => {
    const doc = sampleInvoiceDocument();
    const payload = buildEInvoicePayload(doc);
    expect(payload.Version).toBe('1.1');
    expect(payload.TranDtls).toEqual({
      TaxSch: 'GST',
      SupTyp: 'B2B',
      RegRev: 'N',
      EcmGstin: null,
      IgstOnIntra: 'N',
    });
    expect(payload.DocDtls).toEqual({ Typ: 'INV', No: 'INV/25-26/0042', Dt: '14/07/2025' });
    expect(payload.SellerDtls).toEqual({
      Gstin: SAMPLE_SELLER_GSTIN,
      LglNm: 'Utkarsh Kitchenware Private Limited',
      TrdNm: 'Utkarsh Kitchenware',
      Addr1: '301, Shreeji Arcade, LBS Marg',
      Addr2: 'Ghatkopar West',
      Loc: 'Mumbai',
      Pin: 400086,
      Stcd: '27',
      Ph: '912240127788',
      Em: 'accounts@utkarsh.example',
    });
    expect(payload.BuyerDtls).toMatchObject({
      Gstin: SAMPLE_BUYER_GSTIN,
      LglNm: 'Bharat Home Stores LLP',
      Pos: '27',
      Addr1: 'Unit 4, Sai Industrial Estate, Bhosari MIDC',
      Addr2: 'Plot J-12, Near Landewadi Chowk',
      Loc: 'Pune',
      Pin: 411026,
      Stcd: '27',
    });
    expect(payload.ShipDtls).toMatchObject({
      Gstin: SAMPLE_BUYER_GSTIN,
      LglNm: 'Bharat Home Stores LLP (Warehouse 2)',
      Addr1: 'Warehouse 2, Unit 4, Sai Industrial Estate, Bhosari MIDC',
      Pin: 411026,
    });

    // 5 lines, then the freight charge as a service item with its SAC.
    expect(payload.ItemList.map((item) => item.SlNo)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(payload.ItemList[0]).toEqual({
      SlNo: '1',
      PrdDesc: 'Stainless Steel Water Bottle 1 L, vacuum insulated',
      IsServc: 'N',
      HsnCd: '73239390',
      Qty: 24,
      Unit: 'NOS',
      UnitPrice: 349,
      TotAmt: 8376,
      Discount: 418.8,
      AssAmt: 7957.2,
      GstRt: 18,
      IgstAmt: 0,
      CgstAmt: 716.15,
      SgstAmt: 716.15,
      CesRt: 0,
      CesAmt: 0,
      TotItemVal: 9389.5,
    });
    expect(payload.ItemList[1]).toMatchObject({ Qty: 12.5, Unit: 'KGS', UnitPrice: 125.5, TotAmt: 1568.75 });
    expect(payload.ItemList[4]).toMatchObject({ IsServc: 'Y', HsnCd: '998729', Qty: 1 });
    expect(payload.ItemList[4]).not.toHaveProperty('Unit');
    expect(payload.ItemList[5]).toMatchObject({
      PrdDesc: 'Freight and forwarding charges',
      IsServc: 'Y',
      HsnCd: '996511',
      AssAmt: 750,
      GstRt: 18,
      CgstAmt: 67.5,
      SgstAmt: 67.5,
      TotItemVal: 885,
    });

    const sum = (pick: (item: (typeof payload.ItemList)[number]) => number) =>
      round2(payload.ItemList.reduce((total, item) => total + pick(item), 0));
    expect(payload.ValDtls).toEqual({
      AssVal: doc.totals.taxablePaise / 100,
      CgstVal: doc.totals.cgstPaise / 100,
      SgstVal: doc.totals.sgstPaise / 100,
      IgstVal: 0,
      CesVal: 0,
      StCesVal: 0,
      Discount: 0,
      OthChrg: 0,
      RndOffAmt: 0.31,
      TotInvVal: 29729,
    });
    expect(payload.ValDtls.AssVal).toBe(sum((item) => item.AssAmt));
    expect(payload.ValDtls.CgstVal).toBe(sum((item) => item.CgstAmt));
    expect(round2(sum((item) => item.TotItemVal) + payload.ValDtls.OthChrg + payload.ValDtls.RndOffAmt)).toBe(
      payload.ValDtls.TotInvVal,
    );
  });

  it('reports IGST and cess for an inter-state supply', () => {
    const payload = buildEInvoicePayload(sampleInvoiceDocument({ interState: true, cess: true }));
    expect(payload.BuyerDtls).toMatchObject({ Gstin: SAMPLE_OTHER_STATE_BUYER_GSTIN, Pos: '29', Stcd: '29' });
    for (const item of payload.ItemList) {
      expect(item.CgstAmt).toBe(0);
      expect(item.SgstAmt).toBe(0);
      expect(item.IgstAmt).toBe(round2((item.AssAmt * item.GstRt) / 100));
    }
    const drink = payload.ItemList.find((item) => item.HsnCd === '22021010');
    expect(drink).toMatchObject({
      Unit: 'BOX',
      GstRt: 28,
      CesRt: 12,
      CesAmt: round2((drink?.AssAmt ?? 0) * 0.12),
    });
    expect(payload.ValDtls.CesVal).toBe(drink?.CesAmt);
    expect(payload.ValDtls.CgstVal).toBe(0);
  });

  it('leaves out ShipDtls when goods go to the billing address, and puts an untaxed charge in OthChrg', () => {
    const base = sampleInvoiceDocument();
    const doc: InvoiceDocument = {
      ...base,
      shipTo: base.buyer,
      charges: [
        ...base.charges,
        {
          label: 'Toll (reimbursement)',
          taxablePaise: 120_00,
          gstRatePercent: 0,
          cgstPaise: 0,
          sgstPaise: 0,
          igstPaise: 0,
          cessPaise: 0,
          amountPaise: 120_00,
          hsn: null,
        },
      ],
      totals: { ...base.totals, totalPaise: base.totals.totalPaise + 120_00 },
    };
    const payload = buildEInvoicePayload(doc);
    expect(payload).not.toHaveProperty('ShipDtls');
    expect(payload.ItemList).toHaveLength(6);
    expect(payload.ValDtls.OthChrg).toBe(120);
    expect(payload.ValDtls.TotInvVal).toBe(29849);
    expect(validateEInvoice(doc, { today: TODAY })).toEqual([]);
  });

  it('maps unit names to GST unit quantity codes', () => {
    expect(unitQuantityCode('kg')).toBe('KGS');
    expect(unitQuantityCode('Pieces')).toBe('PCS');
    expect(unitQuantityCode('ltr')).toBe('LTR');
    expect(unitQuantityCode('btl')).toBe('BTL');
    expect(unitQuantityCode('nos')).toBe('NOS');
    expect(unitQuantityCode('bunch of flowers')).toBeNull();
    expect(unitQuantityCode(null)).toBeNull();
    const doc = sampleInvoiceDocument({ lines: 1 });
    doc.lines[0].unit = 'bunch of flowers';
    expect(buildEInvoicePayload(doc).ItemList[0].Unit).toBe('NOS');
  });

  it('works the unit price back from the taxable value when the rate includes tax', () => {
    const doc = sampleInvoiceDocument({ lines: 1, freight: false });
    doc.lines[0].ratePaise = 411_82; // 349.00 + 18%
    const [item] = buildEInvoicePayload(doc).ItemList;
    expect(item.TotAmt).toBe(8376);
    expect(item.UnitPrice).toBe(349);
    expect(item.AssAmt).toBe(round2(item.TotAmt - item.Discount));
  });
});

describe('validateEInvoice', () => {
  it('finds nothing wrong with a complete B2B invoice', () => {
    expect(validateEInvoice(sampleInvoiceDocument(), { today: TODAY })).toEqual([]);
    expect(
      validateEInvoice(sampleInvoiceDocument({ interState: true, cess: true }), { today: TODAY }),
    ).toEqual([]);
  });

  it('names each field the IRP would reject, in plain sentences', () => {
    const base = sampleInvoiceDocument();
    const doc: InvoiceDocument = {
      ...base,
      invoiceNumber: '/INV-2025-26-000042',
      buyer: { ...base.buyer, gstin: null, address: { ...base.buyer.address, pincode: '41102' } },
      lines: base.lines.map((line, index) =>
        index === 1 ? { ...line, hsn: null } : index === 4 ? { ...line, hsn: '84212110' } : line,
      ),
      charges: base.charges.map((charge) => ({ ...charge, hsn: null })),
      totals: { ...base.totals, totalPaise: base.totals.totalPaise + 500_00 },
    };
    const problems = validateEInvoice(doc, { today: TODAY });
    const byField = Object.fromEntries(problems.map((problem) => [problem.field, problem.message]));
    expect(byField).toEqual({
      invoiceNumber:
        'The invoice number /INV-2025-26-000042 is longer than the 16 characters the IRP allows.',
      'buyer.gstin': 'The buyer has no GSTIN. An e-invoice is issued only to a registered buyer (B2B).',
      'buyer.address.pincode': 'The buyer\'s PIN code "41102" must have 6 digits and not start with 0.',
      'lines.1.hsn':
        'Line 2 (Basmati Rice Premium (loose)): the HSN/SAC code is missing; the IRP needs one for every item.',
      'lines.4.hsn':
        'Line 5 (Installation and commissioning of wat...): a service needs a SAC code (starting with 99), not 84212110.',
      'charges.0.hsn':
        'Charge "Freight and forwarding charges": a charge with GST is reported as a service and needs its SAC code.',
      'totals.totalPaise':
        'The invoice total 30229.00 does not equal the items, other charges and round-off (29729.00).',
    });
    expect(() => prepareEInvoice(doc, { today: TODAY })).toThrow(EInvoiceValidationError);
  });

  it('rejects a cancelled or already registered invoice, a future date, a bad GSTIN and a wrong tax split', () => {
    const base = sampleInvoiceDocument();
    const problems = validateEInvoice(
      {
        ...base,
        status: 'cancelled',
        invoiceNumber: '0042',
        invoiceDate: '2025-07-21',
        eInvoice: { irn: 'abc', ackNumber: '1', ackDate: '2025-07-14 10:00:00', signedQrCode: 'x' },
        seller: { ...base.seller, gstin: '27AAPFU0939F1ZA' },
        lines: base.lines.map((line, index) =>
          index === 0 ? { ...line, igstPaise: 100, gstRatePercent: 17 } : line,
        ),
        placeOfSupply: { state: 'Karnataka', stateCode: '29' },
      },
      { today: TODAY },
    );
    expect(problems.map((problem) => problem.field)).toEqual([
      'status',
      'eInvoice',
      'invoiceNumber',
      'invoiceDate',
      'seller.gstin',
      'placeOfSupply.stateCode',
      'lines.0.gstRatePercent',
      'lines.0.igstPaise',
    ]);
    expect(problems[3].message).toBe(
      'The invoice date is later than today; the IRP does not accept a future date.',
    );
    expect(problems[5].message).toBe(
      "The invoice is taxed as intra-state, but the place of supply (29) is not the seller's state (27).",
    );
  });
});

describe('HTTP IRP client', () => {
  let irp: IrpStandIn;
  beforeAll(async () => {
    irp = await startIrpStandIn();
  });
  afterAll(() => irp?.close());
  beforeEach(() => {
    irp.requests.length = 0;
  });

  const configFor = (stand: IrpStandIn, overrides: { password?: string; clientSecret?: string } = {}) => ({
    baseUrl: stand.url,
    clientId: stand.clientId,
    clientSecret: overrides.clientSecret ?? stand.clientSecret,
    username: stand.username,
    password: overrides.password ?? stand.password,
  });

  let serial = 0;
  const uniqueDoc = (options: Parameters<typeof sampleInvoiceDocument>[0] = {}) =>
    sampleInvoiceDocument({ ...options, invoiceNumber: `EI/${Date.now() % 100000}/${++serial}` });

  const jwtClaims = (token: string) => {
    const [head, body, signature] = token.split('.');
    const valid = createVerify('RSA-SHA256')
      .update(`${head}.${body}`)
      .verify(irp.signingPublicKey, Buffer.from(signature, 'base64url'));
    return { valid, claims: JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) };
  };

  for (const variant of ['encrypted', 'plain JSON'] as const) {
    describe(`${variant} variant`, () => {
      const client = () =>
        createHttpIrpClient({ ...configFor(irp), publicKey: variant === 'encrypted' ? irp.publicKey : null });

      it('registers an invoice and returns the IRN, acknowledgement and signed QR code', async () => {
        const doc = uniqueDoc();
        const payload = buildEInvoicePayload(doc);
        const result = await client().generateIrn(payload);

        expect(result.irn).toBe(standInIrn(SAMPLE_SELLER_GSTIN, 'INV', doc.invoiceNumber, '14/07/2025'));
        expect(result.irn).toMatch(/^[0-9a-f]{64}$/);
        expect(result.ackNumber).toMatch(/^\d{15}$/);
        expect(result.ackDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        const qr = jwtClaims(result.signedQrCode);
        expect(qr.valid).toBe(true);
        expect(JSON.parse(qr.claims.data)).toMatchObject({
          SellerGstin: SAMPLE_SELLER_GSTIN,
          BuyerGstin: SAMPLE_BUYER_GSTIN,
          DocNo: doc.invoiceNumber,
          DocDt: '14/07/2025',
          TotInvVal: 29729,
          ItemCnt: 6,
          Irn: result.irn,
        });
        const signed = jwtClaims(result.signedInvoice);
        expect(signed.valid).toBe(true);
        expect(JSON.parse(signed.claims.data)).toMatchObject({ Irn: result.irn, DocDtls: payload.DocDtls });

        const [auth, generate] = irp.requests;
        expect(auth.path).toBe('/eivital/v1.04/auth');
        expect(auth.encrypted).toBe(variant === 'encrypted');
        expect(auth.headers).toMatchObject({ client_id: irp.clientId, gstin: SAMPLE_SELLER_GSTIN });
        expect(auth.body).toMatchObject({ UserName: irp.username, ForceRefreshAccessToken: false });
        expect(generate.path).toBe('/eicore/v1.03/Invoice');
        expect(generate.encrypted).toBe(variant === 'encrypted');
        expect(generate.headers).toMatchObject({ gstin: SAMPLE_SELLER_GSTIN, user_name: irp.username });
        expect(generate.headers.authtoken).toBeTruthy();
        expect(generate.body).toEqual(payload);
        expect(irp.invoices.get(result.irn)?.ackNumber).toBe(Number(result.ackNumber));
      });

      it('logs in once for two invoices', async () => {
        const irpClient = client();
        const first = await irpClient.generateIrn(buildEInvoicePayload(uniqueDoc()));
        const second = await irpClient.generateIrn(buildEInvoicePayload(uniqueDoc({ interState: true })));
        expect(first.irn).not.toBe(second.irn);
        expect(irp.requests.map((request) => request.path)).toEqual([
          '/eivital/v1.04/auth',
          '/eicore/v1.03/Invoice',
          '/eicore/v1.03/Invoice',
        ]);
        expect(irp.requests[1].headers.authtoken).toBe(irp.requests[2].headers.authtoken);
      });

      it('shares one login between concurrent invoices', async () => {
        const irpClient = client();
        const results = await Promise.all(
          [1, 2, 3].map(() => irpClient.generateIrn(buildEInvoicePayload(uniqueDoc()))),
        );
        expect(new Set(results.map((result) => result.irn)).size).toBe(3);
        expect(irp.requests.filter((request) => request.path === '/eivital/v1.04/auth')).toHaveLength(1);
      });

      it('cancels an IRN, and takes an IRN cancelled already as cancelled', async () => {
        const irpClient = client();
        const { irn } = await irpClient.generateIrn(buildEInvoicePayload(uniqueDoc()));
        const cancelled = await irpClient.cancelIrn(SAMPLE_SELLER_GSTIN, irn, '2', 'Typing mistake');
        expect(cancelled.irn).toBe(irn);
        expect(cancelled.cancelDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        const cancel = irp.requests.find((request) => request.path === '/eicore/v1.03/Invoice/Cancel');
        expect(cancel?.encrypted).toBe(variant === 'encrypted');
        expect(cancel?.body).toEqual({ Irn: irn, CnlRsn: '2', CnlRem: 'Typing mistake' });
        expect(await irpClient.cancelIrn(SAMPLE_SELLER_GSTIN, irn, '2', 'again')).toEqual({
          irn,
          cancelDate: '',
        });
        const unknown = await irpClient
          .cancelIrn(SAMPLE_SELLER_GSTIN, 'f'.repeat(64), '4', 'x')
          .catch((e: unknown) => e);
        expect((unknown as IrpError).code).toBe('2278');
      });

      it('says so when the IRN already exists (2150), with the IRN the IRP holds', async () => {
        const irpClient = client();
        const payload = buildEInvoicePayload(uniqueDoc());
        const first = await irpClient.generateIrn(payload);
        const error = await irpClient.generateIrn(payload).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(IrpError);
        const irpError = error as IrpError;
        expect(irpError.code).toBe('2150');
        expect(irpError.message).toBe(`The IRP rejected invoice ${payload.DocDtls.No}: Duplicate IRN (2150)`);
        expect(irpError.duplicate).toEqual({
          irn: first.irn,
          ackNumber: first.ackNumber,
          ackDate: first.ackDate,
        });
      });

      it('logs in again once when the IRP drops the token (1005)', async () => {
        const irpClient = client();
        await irpClient.generateIrn(buildEInvoicePayload(uniqueDoc()));
        irp.invalidateTokens();
        const result = await irpClient.generateIrn(buildEInvoicePayload(uniqueDoc()));
        expect(result.irn).toMatch(/^[0-9a-f]{64}$/);
        expect(
          irp.requests.map((request) => `${request.path} ${request.errorCodes.join(',')}`.trim()),
        ).toEqual([
          '/eivital/v1.04/auth',
          '/eicore/v1.03/Invoice',
          '/eicore/v1.03/Invoice 1005',
          '/eivital/v1.04/auth',
          '/eicore/v1.03/Invoice',
        ]);
      });

      it('reports wrong credentials without sending the invoice', async () => {
        const wrongPassword = createHttpIrpClient({
          ...configFor(irp, { password: 'not-the-password' }),
          publicKey: variant === 'encrypted' ? irp.publicKey : null,
        });
        await expect(wrongPassword.generateIrn(buildEInvoicePayload(uniqueDoc()))).rejects.toThrow(
          'IRP authentication failed: Invalid login credentials (1008)',
        );
        const wrongSecret = createHttpIrpClient({
          ...configFor(irp, { clientSecret: 'nope' }),
          publicKey: variant === 'encrypted' ? irp.publicKey : null,
        });
        const error = await wrongSecret
          .generateIrn(buildEInvoicePayload(uniqueDoc()))
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(IrpError);
        expect((error as IrpError).code).toBe('1010');
        expect((error as Error).message).toBe(
          'IRP authentication failed: Invalid Client-ID/Client-Secret (1010)',
        );
        expect(irp.requests.every((request) => request.path === '/eivital/v1.04/auth')).toBe(true);
      });
    });
  }

  it('renews the token shortly before its stated expiry', async () => {
    const short = await startIrpStandIn({ tokenLifetimeMinutes: 60 });
    try {
      let clock = Date.now();
      const client = createHttpIrpClient(
        { ...configFor(short), publicKey: short.publicKey },
        { now: () => clock },
      );
      await client.generateIrn(buildEInvoicePayload(uniqueDoc()));
      clock += 50 * 60_000; // 10 minutes before expiry: still good
      await client.generateIrn(buildEInvoicePayload(uniqueDoc()));
      clock += 6 * 60_000; // inside the 5-minute renewal margin
      await client.generateIrn(buildEInvoicePayload(uniqueDoc()));
      const logins = short.requests.filter((request) => request.path === '/eivital/v1.04/auth');
      expect(logins).toHaveLength(2);
      expect(logins[1].body).toMatchObject({ ForceRefreshAccessToken: true });
    } finally {
      await short.close();
    }
  });

  it('says where it could not reach the IRP', async () => {
    const client = createHttpIrpClient(
      { ...configFor(irp), baseUrl: 'http://127.0.0.1:9' },
      { timeoutMs: 2000 },
    );
    await expect(client.generateIrn(buildEInvoicePayload(uniqueDoc()))).rejects.toThrow(
      'The IRP at http://127.0.0.1:9 could not be reached',
    );
  });
});

describe('readIrpConfig', () => {
  const full = {
    IRP_URL: 'https://einv-apisandbox.example/',
    IRP_CLIENT_ID: 'client',
    IRP_CLIENT_SECRET: 'secret',
    IRP_USERNAME: 'api_user',
    IRP_PASSWORD: 'pass word ',
  };

  it('is undefined when e-invoicing is not configured', () => {
    expect(readIrpConfig({})).toBeUndefined();
    expect(readIrpConfig({ IRP_URL: '  ' })).toBeUndefined();
  });

  it('reads a full configuration', () => {
    expect(readIrpConfig(full)).toEqual({
      baseUrl: 'https://einv-apisandbox.example',
      clientId: 'client',
      clientSecret: 'secret',
      username: 'api_user',
      password: 'pass word ',
      publicKey: null,
    });
  });

  it('refuses half a configuration, naming what is missing', () => {
    expect(() => readIrpConfig({ IRP_URL: full.IRP_URL, IRP_CLIENT_ID: 'client' })).toThrow(
      'E-invoicing is half configured: IRP_URL, IRP_CLIENT_ID are set but IRP_CLIENT_SECRET, IRP_USERNAME, IRP_PASSWORD are not.',
    );
    expect(() => readIrpConfig({ ...full, IRP_URL: undefined })).toThrow('IRP_URL is not.');
    expect(() => readIrpConfig({ ...full, IRP_URL: 'einvoice.example' })).toThrow('IRP_URL is not a URL');
    expect(() => readIrpConfig({ ...full, IRP_PUBLIC_KEY: 'not a key' })).toThrow(
      'IRP_PUBLIC_KEY is not an RSA public key',
    );
  });

  it('takes the IRP public key for the encrypted variant', async () => {
    const stand = await startIrpStandIn();
    await stand.close();
    expect(readIrpConfig({ ...full, IRP_PUBLIC_KEY: stand.publicKey })?.publicKey).toBe(
      stand.publicKey.trim(),
    );
  });
});
