import { describe, expect, it } from 'vitest';
import {
  AUTO_CANCEL_DEFAULTS,
  autoCancelLastOrderDay,
  autoCancelSchema,
  BATCH_DEFAULTS,
  batchSchema,
  maskSecretSettings,
  mergeSecretSettings,
  PRINT_COPIES_MESSAGE,
  PRINT_DEFAULTS,
  printSchema,
  readSettings,
} from './company-configurations.ts';

describe('readSettings', () => {
  it('takes the defaults when nothing is stored yet', () => {
    expect(readSettings(printSchema, PRINT_DEFAULTS, undefined)).toEqual(PRINT_DEFAULTS);
    expect(readSettings(batchSchema, BATCH_DEFAULTS, {})).toEqual(BATCH_DEFAULTS);
  });

  it('takes every valid stored value', () => {
    expect(
      readSettings(printSchema, PRINT_DEFAULTS, {
        paper_size: 'Thermal 80mm',
        show_logo: false,
        show_hsn_summary: false,
        footer_note: 'Thank you',
        show_signature: false,
        copies: ['original', 'duplicate'],
      }),
    ).toEqual({
      paper_size: 'Thermal 80mm',
      show_logo: false,
      show_hsn_summary: false,
      footer_note: 'Thank you',
      show_signature: false,
      copies: ['original', 'duplicate'],
    });
    expect(readSettings(autoCancelSchema, AUTO_CANCEL_DEFAULTS, { after_days: 7 })).toEqual({
      after_days: 7,
    });
  });

  it('replaces only the malformed values by their defaults and ignores unknown keys', () => {
    expect(
      readSettings(printSchema, PRINT_DEFAULTS, { paper_size: 'A9', show_logo: false, colour: 'red' }),
    ).toEqual({ ...PRINT_DEFAULTS, show_logo: false });
    expect(
      readSettings(batchSchema, BATCH_DEFAULTS, { expiry_alert_days: -4, is_batch_mandatory: 'yes' }),
    ).toEqual(BATCH_DEFAULTS);
  });
});

describe('settings schemas', () => {
  const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it('wants auto-cancel days from 1 to 365', () => {
    expect(autoCancelSchema.parse({ after_days: 15 })).toEqual({ after_days: 15 });
    expect(messageOf(autoCancelSchema.safeParse({ after_days: '' }))).toBe('This field is required.');
    expect(messageOf(autoCancelSchema.safeParse({ after_days: 0 }))).toBe(
      'Please enter a valid positive integer.',
    );
    expect(messageOf(autoCancelSchema.safeParse({ after_days: 400 }))).toBe('Cannot exceed 365 days.');
  });

  it('lets the expiry alert be 0 days but not a fraction', () => {
    expect(batchSchema.parse({ expiry_alert_days: 0, is_batch_mandatory: true }).expiry_alert_days).toBe(0);
    expect(messageOf(batchSchema.safeParse({ expiry_alert_days: 2.5, is_batch_mandatory: true }))).toBe(
      'Please enter a whole number.',
    );
  });

  it('limits the print footer note to 200 characters', () => {
    const note = 'x'.repeat(201);
    expect(messageOf(printSchema.safeParse({ ...PRINT_DEFAULTS, footer_note: note }))).toBe(
      'Cannot exceed more than 200 characters.',
    );
  });
});

describe('secret settings', () => {
  it('are never shown: null beside a flag saying whether one is stored', () => {
    expect(
      maskSecretSettings({
        client_id: 'id-1',
        client_secret: 's3cret',
        refresh_token: '',
        organization: 'Acme',
      }),
    ).toEqual({
      client_id: 'id-1',
      client_secret: null,
      client_secret_set: true,
      refresh_token: null,
      refresh_token_set: false,
      organization: 'Acme',
    });
  });

  it('keep the stored value when an update sends them empty, and take a new one', () => {
    const stored = { client_id: 'id-1', client_secret: 's3cret', refresh_token: 'rt-1' };
    expect(
      mergeSecretSettings(stored, {
        client_id: 'id-2',
        client_secret: '',
        client_secret_set: true,
        refresh_token: 'rt-2',
      }),
    ).toEqual({ client_id: 'id-2', client_secret: 's3cret', refresh_token: 'rt-2' });
    expect(mergeSecretSettings(stored, { client_id: 'id-3' })).toEqual({
      client_id: 'id-3',
      client_secret: 's3cret',
      refresh_token: 'rt-1',
    });
  });
});

describe('print copies (issue 26)', () => {
  it('keeps the chosen copies in the legal order and refuses none or a repeat', () => {
    const copies = (value: unknown) => printSchema.shape.copies.safeParse(value);
    expect(copies(['triplicate', 'original']).data).toEqual(['original', 'triplicate']);
    expect(copies([]).error?.issues[0].message).toBe(PRINT_COPIES_MESSAGE);
    expect(copies(['original', 'original']).error?.issues[0].message).toBe('Each copy can be chosen once.');
    expect(copies(['quadruplicate']).success).toBe(false);
    expect(readSettings(printSchema, PRINT_DEFAULTS, { copies: 'all' }).copies).toEqual(['original']);
  });
});

describe('autoCancelLastOrderDay', () => {
  it('is the day after_days before today: an order placed that day or earlier is old enough', () => {
    expect(autoCancelLastOrderDay('2026-11-30', { after_days: 30 })).toBe('2026-10-31');
    expect(autoCancelLastOrderDay('2026-03-01', { after_days: 1 })).toBe('2026-02-28');
    expect(autoCancelLastOrderDay('2026-11-30', AUTO_CANCEL_DEFAULTS)).toBe('2026-10-31');
  });
});
