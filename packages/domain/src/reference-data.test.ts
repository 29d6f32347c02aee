import { describe, expect, it } from 'vitest';
import { isGstinStateCode } from './gstin.ts';
import {
  DEFAULT_PAYMENT_METHODS,
  DEFAULT_PAYMENT_TERMS,
  DEFAULT_SALES_CHANNELS,
  DEFAULT_SHIPPING_METHODS,
  DEFAULT_TAXES,
  GST_UNITS,
  INDIAN_CITIES,
  INDIAN_STATES,
  stateByGstCode,
} from './reference-data.ts';

describe('INDIAN_STATES', () => {
  it('has the 37 GST places of supply with unique codes', () => {
    expect(INDIAN_STATES).toHaveLength(37);
    const codes = INDIAN_STATES.map((s) => s.gst_code);
    expect(new Set(codes).size).toBe(37);
    for (const code of codes) expect(isGstinStateCode(code), code).toBe(true);
    expect(codes).not.toContain('25');
    expect(codes).not.toContain('28');
    expect(stateByGstCode('01')?.name).toBe('Jammu and Kashmir');
    expect(stateByGstCode('27')?.name).toBe('Maharashtra');
    expect(stateByGstCode('37')?.name).toBe('Andhra Pradesh');
    expect(stateByGstCode('38')?.name).toBe('Ladakh');
    expect(stateByGstCode('97')?.name).toBe('Other Territory');
  });
});

describe('INDIAN_CITIES', () => {
  it('belong to known states, cover every state but Other Territory, and do not repeat', () => {
    expect(INDIAN_CITIES.length).toBeGreaterThanOrEqual(150);
    const codes = new Set(INDIAN_STATES.map((s) => s.gst_code));
    for (const city of INDIAN_CITIES) expect(codes.has(city.state_gst_code), city.name).toBe(true);
    const covered = new Set(INDIAN_CITIES.map((c) => c.state_gst_code));
    expect(covered.size).toBe(36);
    const keys = INDIAN_CITIES.map((c) => `${c.state_gst_code}:${c.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(INDIAN_CITIES).toContainEqual({ name: 'Bengaluru', state_gst_code: '29' });
  });
});

describe('seed lists', () => {
  it('GST units carry unique three-letter codes', () => {
    const codes = GST_UNITS.map((u) => u.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{3}$/);
    expect(GST_UNITS).toContainEqual({ code: 'NOS', description: 'Numbers' });
    expect(GST_UNITS).toContainEqual({ code: 'KGS', description: 'Kilograms' });
  });

  it('taxes have GST slabs and cess entries with display names', () => {
    const gst = DEFAULT_TAXES.filter((t) => t.type === 'gst').map((t) => t.rate);
    expect(gst).toEqual(expect.arrayContaining([0, 0.25, 3, 5, 12, 18, 28]));
    expect(DEFAULT_TAXES).toContainEqual({ type: 'gst', rate: 18, display_name: 'GST 18%' });
    expect(DEFAULT_TAXES).toContainEqual({ type: 'gst', rate: 0.25, display_name: 'GST 0.25%' });
    expect(DEFAULT_TAXES).toContainEqual({ type: 'cess', rate: 12, display_name: 'Cess 12%' });
    const names = DEFAULT_TAXES.map((t) => t.display_name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('payment terms, methods, shipping methods and sales channels', () => {
    expect(DEFAULT_PAYMENT_TERMS.map((t) => t.days)).toEqual([0, 7, 15, 30, 45, 60]);
    expect(DEFAULT_PAYMENT_TERMS[0].name).toBe('Due on receipt');
    expect(DEFAULT_PAYMENT_METHODS.map((m) => m.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(DEFAULT_PAYMENT_METHODS.find((m) => m.code === 'upi')?.name).toBe('UPI');
    expect(DEFAULT_SHIPPING_METHODS.map((m) => m.name)).toEqual([
      'Self Delivery',
      'Courier',
      'Transport',
      'Pickup by buyer',
    ]);
    expect(DEFAULT_SALES_CHANNELS).toContainEqual({ name: 'web_store', display_name: 'Web Store' });
    expect(DEFAULT_SALES_CHANNELS).toHaveLength(6);
  });
});
