import { describe, expect, it } from 'vitest';
import {
  buildEwbRequest,
  EWB_MESSAGES,
  type EwbSource,
  ewbExtendRefusal,
  ewbGenerateInput,
  ewbSourceProblems,
  ewbUnit,
  goodsValuePaise,
  isTransporterId,
  isVehicleNumber,
} from './eway-bill.ts';

const seller = {
  gstin: '29AABCM1234C1Z5',
  name: 'Mehta Traders',
  address1: '12 MG Road',
  address2: null,
  place: 'Bengaluru',
  pincode: '560001',
  stateCode: '29',
};

/** Two lines at 18% within Karnataka: ₹40,000.00 and ₹15,333.33 taxable. */
function intraStateInvoice(): EwbSource {
  return {
    docType: 'INV',
    subSupplyType: '1',
    number: 'BLR/2627/00042',
    date: '2026-11-29',
    from: seller,
    to: {
      gstin: '29AAACS1111A1Z2',
      name: 'Sri Lakshmi Stores',
      address1: '4 Market Street',
      address2: 'Near Bus Stand',
      place: 'Mysuru',
      pincode: '570001',
      stateCode: '29',
    },
    lines: [
      {
        name: 'Steel almirah',
        hsn: '9403',
        quantity: 4,
        unit: 'pcs',
        taxablePaise: 4_000_000,
        gstRatePercent: 18,
        cessRatePercent: 0,
        cgstPaise: 360_000,
        sgstPaise: 360_000,
        igstPaise: 0,
        cessPaise: 0,
      },
      {
        name: 'Cement',
        hsn: '25232910',
        quantity: 30,
        unit: 'bags',
        taxablePaise: 1_533_333,
        gstRatePercent: 28,
        cessRatePercent: 0,
        cgstPaise: 214_667,
        sgstPaise: 214_667,
        igstPaise: 0,
        cessPaise: 0,
      },
    ],
    otherPaise: 50_000 - 1,
  };
}

const road = { transMode: '1' as const, distanceKm: 145, vehicleNo: 'ka 01 ab 1234' };

describe('buildEwbRequest', () => {
  it('splits GST into CGST and SGST halves within a state, totals to the paisa', () => {
    const request = buildEwbRequest(intraStateInvoice(), road);
    expect(request).toMatchObject({
      supplyType: 'O',
      subSupplyType: '1',
      subSupplyDesc: '',
      docType: 'INV',
      docNo: 'BLR/2627/00042',
      docDate: '29/11/2026',
      fromGstin: '29AABCM1234C1Z5',
      fromPincode: 560001,
      fromStateCode: 29,
      toGstin: '29AAACS1111A1Z2',
      toPincode: 570001,
      toStateCode: 29,
      // 40,000.00 + 15,333.33
      totalValue: 55333.33,
      cgstValue: 5746.67,
      sgstValue: 5746.67,
      igstValue: 0,
      cessValue: 0,
      otherValue: 499.99,
      // 55,333.33 + 5,746.67 + 5,746.67 + 499.99
      totInvValue: 67326.66,
      transMode: '1',
      transDistance: '145',
      vehicleNo: 'KA01AB1234',
      vehicleType: 'R',
    });
    expect(request.itemList).toEqual([
      {
        productName: 'Steel almirah',
        productDesc: 'Steel almirah',
        hsnCode: 9403,
        quantity: 4,
        qtyUnit: 'PCS',
        cgstRate: 9,
        sgstRate: 9,
        igstRate: 0,
        cessRate: 0,
        cessNonadvol: 0,
        taxableAmount: 40000,
      },
      {
        productName: 'Cement',
        productDesc: 'Cement',
        hsnCode: 25232910,
        quantity: 30,
        qtyUnit: 'BAG',
        cgstRate: 14,
        sgstRate: 14,
        igstRate: 0,
        cessRate: 0,
        cessNonadvol: 0,
        taxableAmount: 15333.33,
      },
    ]);
  });

  it('charges IGST between states and writes an unregistered buyer as URP', () => {
    const source = intraStateInvoice();
    source.to = { ...source.to, gstin: null, place: 'Mumbai', pincode: '400001', stateCode: '27' };
    source.lines = source.lines.map((line) => ({
      ...line,
      igstPaise: line.cgstPaise + line.sgstPaise,
      cgstPaise: 0,
      sgstPaise: 0,
    }));
    source.otherPaise = 0;
    const request = buildEwbRequest(source, {
      transMode: '1',
      distanceKm: 0,
      transporterId: '29aaacb1234c1zx',
    });
    expect(request.toGstin).toBe('URP');
    expect(request.toStateCode).toBe(27);
    expect(request.igstValue).toBe(11493.34);
    expect(request.cgstValue).toBe(0);
    expect(request.totInvValue).toBe(66826.67);
    expect(request.itemList.map((item) => [item.igstRate, item.cgstRate])).toEqual([
      [18, 0],
      [28, 0],
    ]);
    // Part A only: the transporter enters the vehicle; distance 0 lets the portal work it out.
    expect(request).toMatchObject({
      transDistance: '0',
      transporterId: '29AAACB1234C1ZX',
      vehicleNo: '',
      vehicleType: '',
    });
  });

  it('sends a delivery challan for job work as CHL with sub supply 4, an own transfer as 5, others as 8 with a description', () => {
    const challan = { ...intraStateInvoice(), docType: 'CHL' as const, subSupplyType: '4' as const };
    expect(buildEwbRequest(challan, road)).toMatchObject({
      docType: 'CHL',
      subSupplyType: '4',
      subSupplyDesc: '',
    });
    const other = { ...challan, subSupplyType: '8' as const, subSupplyDesc: 'Supply on approval' };
    expect(buildEwbRequest(other, road)).toMatchObject({
      subSupplyType: '8',
      subSupplyDesc: 'Supply on approval',
    });
  });

  it('maps units to UQC codes, OTH when unknown', () => {
    expect(ewbUnit('kg')).toBe('KGS');
    expect(ewbUnit('Nos')).toBe('NOS');
    expect(ewbUnit('litre')).toBe('LTR');
    expect(ewbUnit('bunch')).toBe('OTH');
    expect(ewbUnit(null)).toBe('OTH');
  });

  it('values the goods with their tax for the threshold, without the charges', () => {
    expect(goodsValuePaise(intraStateInvoice().lines)).toBe(4_000_000 + 720_000 + 1_533_333 + 429_334);
  });

  it('names what the portal would refuse', () => {
    const source = intraStateInvoice();
    source.from = { ...source.from, gstin: null };
    source.to = { ...source.to, pincode: '' };
    source.lines[1] = { ...source.lines[1], hsn: '25' };
    expect(ewbSourceProblems(source)).toEqual([
      { field: 'from_gstin', message: EWB_MESSAGES.no_supplier_gstin },
      { field: 'to_pincode', message: 'The delivery address has no valid 6-digit PIN code.' },
      {
        field: 'items.1.hsn',
        message: 'Cement has no HSN code of 4 to 8 digits; the portal needs one for every item.',
      },
    ]);
    expect(ewbSourceProblems(intraStateInvoice())).toEqual([]);
  });
});

describe('part B checks', () => {
  it('takes vehicle numbers in the registration format', () => {
    for (const good of ['KA01AB1234', 'ka-01-ab-1234', 'DL1CAB1234', 'MH121234', '22BH1234AB'])
      expect(isVehicleNumber(good), good).toBe(true);
    for (const bad of ['KA01AB123', '1234', 'KAAB1234', 'KA01ABCD1234'])
      expect(isVehicleNumber(bad), bad).toBe(false);
  });

  it('takes GSTIN-shaped transporter ids', () => {
    expect(isTransporterId('29AAACB1234C1ZX')).toBe(true);
    expect(isTransporterId('AAACB1234C')).toBe(false);
  });

  it('answers each mistake with a sentence', () => {
    const messages = (input: unknown) => {
      const result = ewbGenerateInput.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({ trans_mode: '1', trans_distance: 100, vehicle_no: 'KA01' })).toEqual([
      EWB_MESSAGES.vehicle_number,
    ]);
    expect(messages({ trans_mode: '1', trans_distance: 4001, vehicle_no: 'KA01AB1234' })).toEqual([
      EWB_MESSAGES.distance,
    ]);
    expect(messages({ trans_mode: '1', trans_distance: 10, transporter_id: 'ABC' })).toEqual([
      EWB_MESSAGES.transporter_id,
    ]);
    expect(messages({ trans_mode: '1', trans_distance: 10 })).toEqual([EWB_MESSAGES.road_needs_vehicle]);
    expect(messages({ trans_mode: '2', trans_distance: 10 })).toEqual([
      EWB_MESSAGES.needs_transport_document,
    ]);
    const parsed = ewbGenerateInput.parse({
      trans_mode: '1',
      trans_distance: 0,
      vehicle_no: 'ka 01 ab 1234',
    });
    expect(parsed.vehicle_no).toBe('KA01AB1234');
  });
});

describe('ewbExtendRefusal: 8 hours either side of the expiry', () => {
  // Valid until 30/11/2026 23:59 in India (18:29:59 UTC).
  const expiry = '2026-11-30T18:29:59.000Z';
  const at = (hoursFromExpiry: number) => new Date(Date.parse(expiry) + hoursFromExpiry * 3_600_000);

  it('is open from 8 hours before to 8 hours after, both ends included', () => {
    for (const hours of [-8, -2, 0, 3, 8]) expect(ewbExtendRefusal(expiry, at(hours))).toBeNull();
  });

  it('says when the window opens while it is early, and that it closed once late', () => {
    expect(ewbExtendRefusal(expiry, at(-8.01))).toBe(
      'The validity can be extended only from 8 hours before it expires: from 30/11/2026, 03:59 pm to 01/12/2026, 07:59 am.',
    );
    expect(ewbExtendRefusal(expiry, at(8.01))).toBe(
      'The validity can be extended only up to 8 hours after it expired (01/12/2026, 07:59 am); this e-way bill can no longer be extended.',
    );
  });

  it('refuses an e-way bill without a validity (part B not entered)', () => {
    expect(ewbExtendRefusal(null)).toMatch(/no validity to extend/);
  });
});
