import { z } from 'zod';

/**
 * The GSTR-1 JSON shape the GST offline tool / portal accepts, as this product writes it (from the
 * GSTN's published GSTR-1 JSON: gstin, fp, b2b[].inv[].itms[].itm_det, b2cl, b2cs, cdnr, cdnur,
 * exp, nil.inv, hsn {hsn_b2b, hsn_b2c} from May 2025, doc_issue.doc_det). Amounts are rupees with
 * at most two decimals; dates DD-MM-YYYY; places of supply two-digit state codes. The domain and
 * API tests validate every JSON the product writes against it.
 */
const rupees = z.number().refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), 'two decimals');
const date = z.string().regex(/^\d{2}-\d{2}-\d{4}$/);
const pos = z.string().regex(/^\d{2}$/);
const rate = z.number().min(0).max(40);
const itmDet = z.strictObject({
  rt: rate,
  txval: rupees,
  iamt: rupees,
  camt: rupees,
  samt: rupees,
  csamt: rupees,
});
const itmDetIgst = z.strictObject({ rt: rate, txval: rupees, iamt: rupees, csamt: rupees });
const hsnRow = z.strictObject({
  num: z.number().int().positive(),
  hsn_sc: z.string().regex(/^\d{4,8}$/),
  desc: z.string().max(30),
  uqc: z.string().regex(/^[A-Z]{2,3}$/),
  qty: z.number(),
  rt: rate,
  txval: rupees,
  iamt: rupees,
  camt: rupees,
  samt: rupees,
  csamt: rupees,
});
export const GSTR1_JSON_SCHEMA = z.strictObject({
  gstin: z.string().length(15),
  fp: z.string().regex(/^(0[1-9]|1[0-2])\d{4}$/),
  b2b: z.array(
    z.strictObject({
      ctin: z.string().length(15),
      inv: z.array(
        z.strictObject({
          inum: z.string().max(16),
          idt: date,
          val: rupees,
          pos,
          rchrg: z.enum(['Y', 'N']),
          inv_typ: z.enum(['R', 'SEWP', 'SEWOP', 'DE']),
          itms: z.array(z.strictObject({ num: z.number().int(), itm_det: itmDet })).min(1),
        }),
      ),
    }),
  ),
  b2cl: z.array(
    z.strictObject({
      pos,
      inv: z.array(
        z.strictObject({
          inum: z.string(),
          idt: date,
          val: rupees,
          itms: z.array(z.strictObject({ num: z.number().int(), itm_det: itmDetIgst })).min(1),
        }),
      ),
    }),
  ),
  b2cs: z.array(
    z.strictObject({
      sply_ty: z.enum(['INTRA', 'INTER']),
      pos,
      typ: z.literal('OE'),
      rt: rate,
      txval: rupees,
      iamt: rupees,
      camt: rupees,
      samt: rupees,
      csamt: rupees,
    }),
  ),
  cdnr: z.array(
    z.strictObject({
      ctin: z.string().length(15),
      nt: z.array(
        z.strictObject({
          ntty: z.enum(['C', 'D']),
          nt_num: z.string(),
          nt_dt: date,
          val: rupees,
          pos,
          rchrg: z.enum(['Y', 'N']),
          inv_typ: z.enum(['R', 'SEWP', 'SEWOP', 'DE']),
          itms: z.array(z.strictObject({ num: z.number().int(), itm_det: itmDet })).min(1),
        }),
      ),
    }),
  ),
  cdnur: z.array(
    z.strictObject({
      typ: z.enum(['B2CL', 'EXPWP', 'EXPWOP']),
      ntty: z.enum(['C', 'D']),
      nt_num: z.string(),
      nt_dt: date,
      val: rupees,
      pos: pos.optional(),
      itms: z.array(z.strictObject({ num: z.number().int(), itm_det: itmDetIgst })).min(1),
    }),
  ),
  exp: z.array(
    z.strictObject({
      exp_typ: z.enum(['WPAY', 'WOPAY']),
      inv: z.array(
        z.strictObject({
          inum: z.string(),
          idt: date,
          val: rupees,
          itms: z.array(itmDetIgst).min(1),
        }),
      ),
    }),
  ),
  nil: z.strictObject({
    inv: z.array(
      z.strictObject({
        sply_ty: z.enum(['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C']),
        nil_amt: rupees,
        expt_amt: rupees,
        ngsup_amt: rupees,
      }),
    ),
  }),
  hsn: z.strictObject({ hsn_b2b: z.array(hsnRow), hsn_b2c: z.array(hsnRow) }),
  doc_issue: z.strictObject({
    doc_det: z.array(
      z.strictObject({
        doc_num: z.number().int().min(1).max(12),
        doc_typ: z.string(),
        docs: z.array(
          z.strictObject({
            num: z.number().int().positive(),
            from: z.string(),
            to: z.string(),
            totnum: z.number().int(),
            cancel: z.number().int(),
            net_issue: z.number().int(),
          }),
        ),
      }),
    ),
  }),
});
