import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { computeGstinCheckChar, GSTIN_STATE_MISMATCH } from './gstin.ts';
import {
  cashpointAmountSchema,
  cashpointExpirySchema,
  categoryNameSchema,
  credentialSchema,
  dateRangeCheck,
  domainSchema,
  eitherRequiredCheck,
  emailSchema,
  fieldsEqualCheck,
  greaterThanCheck,
  gstinSchema,
  gstinStateCheck,
  gstinStateId,
  hasNoSpaces,
  hsnSchema,
  invoiceLineQuantitySchema,
  isCampaignTitle,
  isCredential,
  isDomain,
  isEmail,
  isHsn,
  isIcoFile,
  isInteger,
  isName,
  isNonZero,
  isNumber,
  isOtp,
  isPercentage,
  isPhone,
  isPincode,
  isPositiveInteger,
  isPositiveNumber,
  isQuantity,
  isSku,
  isStrongPassword,
  isTallyName,
  isTemplateName,
  isUpc,
  isUrl,
  isUrlPath,
  isWhatsappVariable,
  isWholeNumber,
  MAX_LENGTH,
  MESSAGES,
  maxDecimals,
  maxLengthMessage,
  nameSchema,
  optionalField,
  otpSchema,
  passwordSchema,
  percentageSchema,
  personNameSchema,
  phoneSchema,
  pincodeSchema,
  quantitySchema,
  requiredText,
  skuSchema,
  tallyNameSchema,
  tomorrow,
  upcSchema,
  urlPathSchema,
  urlSchema,
} from './validation.ts';

/** The messages a schema reports for a value, [] when it passes. */
function errorsOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

describe('spec messages', () => {
  it('are reproduced verbatim', () => {
    expect(MESSAGES.required).toBe('This field is required.');
    expect(MESSAGES.email_required).toBe('Email is required.');
    expect(MESSAGES.email).toBe('Please enter a valid email address.');
    expect(MESSAGES.gstin).toBe('Please enter a valid GSTIN');
    expect(MESSAGES.name).toBe('Name can only contain (a-z A-Z 0-9 - _ .)');
    expect(MESSAGES.sku).toBe('SKU can only contain (a-zA-Z0-9) and hyphen(-),underscore(_)');
    expect(MESSAGES.tally).toBe('Tally Name can only contain a-z A-Z 0-9 . - _ \\/ ()');
    expect(MESSAGES.url).toBe('Please enter a valid url.');
    expect(MESSAGES.positive).toBe('Please enter a valid positive number');
    expect(MESSAGES.quantity).toBe('Please enter a valid quantity');
    expect(MESSAGES.fallback).toBe('Field is invalid');
    expect(MESSAGES.category_name_required).toBe('Category name is required');
    expect(MESSAGES.category_name_min).toBe('Category name should be greater than 2 characters.');
    expect(MESSAGES.category_name_max).toBe('Last name cannot exceed more than 200 characters.');
    expect(MESSAGES.cashpoint_required).toBe('Cashpoint is required');
    expect(MESSAGES.cashpoint_zero).toBe('Cashpoint cannot be zero');
    expect(MESSAGES.cashpoint_positive).toBe('Cashpoint should be a positive number.');
    expect(MESSAGES.expiry_date_required).toBe('Expiry Date is required');
    expect(MESSAGES.invoice_line_quantity).toBe(
      'Please ensure quantity is a valid input and is less than Invoiceable quantity.',
    );
    expect(MAX_LENGTH).toBe(64);
  });
});

describe('predicates', () => {
  it('isEmail', () => {
    for (const ok of ['a@b.co', 'first.last+tag@example.co.in', 'A_B-c@sub.domain.com']) {
      expect(isEmail(ok)).toBe(true);
    }
    for (const bad of [
      '',
      'plain',
      'a@b',
      'a@b.c',
      '@b.com',
      'a b@c.com',
      'a..b@c.com',
      'a@-b.com',
      'a@b..com',
    ]) {
      expect(isEmail(bad)).toBe(false);
    }
  });

  it('isPhone: 10 digits', () => {
    expect(isPhone('9876543210')).toBe(true);
    expect(isPhone('0123456789')).toBe(true);
    expect(isPhone('987654321')).toBe(false);
    expect(isPhone('98765432101')).toBe(false);
    expect(isPhone('98765-43210')).toBe(false);
    expect(isPhone('+919876543210')).toBe(false);
  });

  it('isCredential: email or 10 digits not starting with 0', () => {
    expect(isCredential('user@example.com')).toBe(true);
    expect(isCredential('9876543210')).toBe(true);
    expect(isCredential('0876543210')).toBe(false);
    expect(isCredential('987654321')).toBe(false);
    expect(isCredential('user@')).toBe(false);
  });

  it('isPincode: 6 digits not starting with 0', () => {
    expect(isPincode('560001')).toBe(true);
    expect(isPincode(110001)).toBe(true);
    expect(isPincode('060001')).toBe(false);
    expect(isPincode('56001')).toBe(false);
    expect(isPincode('5600011')).toBe(false);
    expect(isPincode('56000a')).toBe(false);
  });

  it('isUpc: 12 digits', () => {
    expect(isUpc('012345678905')).toBe(true);
    expect(isUpc('01234567890')).toBe(false);
    expect(isUpc('0123456789012')).toBe(false);
    expect(isUpc('01234567890a')).toBe(false);
  });

  it('isOtp: exactly 6 digits', () => {
    expect(isOtp('123456')).toBe(true);
    expect(isOtp('012345')).toBe(true);
    expect(isOtp('12345')).toBe(false);
    expect(isOtp('1234567')).toBe(false);
    expect(isOtp('12 456')).toBe(false);
  });

  it('isStrongPassword', () => {
    expect(isStrongPassword('Passw0rd!')).toBe(true);
    expect(isStrongPassword('Abcdef1?')).toBe(true);
    expect(isStrongPassword('Abcde1?')).toBe(false); // 7 characters
    expect(isStrongPassword('password1!')).toBe(false); // no upper case
    expect(isStrongPassword('PASSWORD1!')).toBe(false); // no lower case
    expect(isStrongPassword('Password!!')).toBe(false); // no digit
    expect(isStrongPassword('Password12')).toBe(false); // no special character
    expect(isStrongPassword('Password12~')).toBe(false); // ~ is not in the set
  });

  it('isPercentage: 0 to 100, up to 2 decimals', () => {
    for (const ok of ['0', '100', '99.99', '12.5', '100.00', 0, 18, 0.25])
      expect(isPercentage(ok)).toBe(true);
    for (const bad of ['100.01', '101', '-1', '12.345', 'abc', '', 12.345])
      expect(isPercentage(bad)).toBe(false);
  });

  it('isHsn: 4, 6 or 8 digits', () => {
    expect(isHsn('8517')).toBe(true);
    expect(isHsn('851712')).toBe(true);
    expect(isHsn('85171211')).toBe(true);
    expect(isHsn('85171')).toBe(false);
    expect(isHsn('851712111')).toBe(false);
    expect(isHsn('85A7')).toBe(false);
  });

  it('isSku', () => {
    expect(isSku('ABC-123_x')).toBe(true);
    expect(isSku('ABC 123')).toBe(false);
    expect(isSku('ABC/123')).toBe(false);
    expect(isSku('ABC.123')).toBe(false);
  });

  it('isTallyName', () => {
    expect(isTallyName('Main Godown (A/1) - Pune_2.0')).toBe(true);
    expect(isTallyName('Stock & Co')).toBe(false);
    expect(isTallyName('Godown #1')).toBe(false);
  });

  it('isName', () => {
    expect(isName('Blue Shirt - XL_2.0')).toBe(true);
    expect(isName('Shirt (XL)')).toBe(false);
    expect(isName('Shirt, XL')).toBe(false);
  });

  it('isUrl', () => {
    for (const ok of [
      'https://www.youtube.com/watch?v=abc123',
      'http://example.in',
      'www.example.com/path',
      'shop.example.co.in:8080/a?b=c#d',
    ]) {
      expect(isUrl(ok)).toBe(true);
    }
    for (const bad of [
      '',
      'not a url',
      'ftp://example.com',
      'https://localhost',
      'https://exa mple.com',
      'http://',
    ]) {
      expect(isUrl(bad)).toBe(false);
    }
  });

  it('isDomain: no http, https or www prefix', () => {
    expect(isDomain('shop.example.in')).toBe(true);
    expect(isDomain('httpbin.org')).toBe(true);
    expect(isDomain('https://shop.example.in')).toBe(false);
    expect(isDomain('http://shop.example.in')).toBe(false);
    expect(isDomain('www.example.in')).toBe(false);
    expect(isDomain('example')).toBe(false);
  });

  it('isUrlPath: lowercase letters, digits, _ and -', () => {
    expect(isUrlPath('summer-sale_2024')).toBe(true);
    expect(isUrlPath('Summer-Sale')).toBe(false);
    expect(isUrlPath('summer sale')).toBe(false);
    expect(isUrlPath('summer/sale')).toBe(false);
  });

  it('hasNoSpaces', () => {
    expect(hasNoSpaces('abc')).toBe(true);
    expect(hasNoSpaces('a bc')).toBe(false);
    expect(hasNoSpaces('abc\t')).toBe(false);
  });

  it('numbers', () => {
    expect(isNumber('-12.5')).toBe(true);
    expect(isNumber('+3')).toBe(true);
    expect(isNumber('.5')).toBe(true);
    expect(isNumber('1e3')).toBe(false);
    expect(isNumber('12.')).toBe(false);
    expect(isNumber('')).toBe(false);

    expect(isWholeNumber('0')).toBe(true);
    expect(isWholeNumber('42')).toBe(true);
    expect(isWholeNumber('-1')).toBe(false);
    expect(isWholeNumber('1.5')).toBe(false);

    expect(isInteger('-7')).toBe(true);
    expect(isInteger('7.0')).toBe(false);

    expect(isPositiveInteger('1')).toBe(true);
    expect(isPositiveInteger('250')).toBe(true);
    expect(isPositiveInteger('0')).toBe(false);
    expect(isPositiveInteger('007')).toBe(false);
    expect(isPositiveInteger('-3')).toBe(false);

    expect(isPositiveNumber('0.01')).toBe(true);
    expect(isPositiveNumber(5)).toBe(true);
    expect(isPositiveNumber('0')).toBe(false);
    expect(isPositiveNumber('-1')).toBe(false);
    expect(isPositiveNumber('abc')).toBe(false);

    expect(isNonZero('-2')).toBe(true);
    expect(isNonZero('0.00')).toBe(false);

    expect(isQuantity('1.125')).toBe(true);
    expect(isQuantity('1.1255')).toBe(false);
    expect(isQuantity('0')).toBe(false);
  });

  it('maxDecimals', () => {
    expect(maxDecimals(12.34, 2)).toBe(true);
    expect(maxDecimals('12.345', 2)).toBe(false);
    expect(maxDecimals('12', 0)).toBe(true);
    expect(maxDecimals(1e-7, 6)).toBe(false);
    expect(maxDecimals(1e-7, 7)).toBe(true);
    expect(maxDecimals('abc', 2)).toBe(false);
  });

  it('marketing names and files', () => {
    expect(isCampaignTitle('Diwali Sale - 2024_v1.0')).toBe(true);
    expect(isCampaignTitle('Diwali Sale!')).toBe(false);
    expect(isTemplateName('order_update 2')).toBe(true);
    expect(isTemplateName('order-update')).toBe(false);
    expect(isWhatsappVariable('{{1}}')).toBe(true);
    expect(isWhatsappVariable('{name}')).toBe(true);
    expect(isWhatsappVariable('{first_name}')).toBe(false);
    expect(isWhatsappVariable('name')).toBe(false);
    expect(isIcoFile('favicon.ICO')).toBe(true);
    expect(isIcoFile('favicon.png')).toBe(false);
  });
});

describe('text schemas', () => {
  it('emailSchema: required and format messages, one at a time', () => {
    expect(errorsOf(emailSchema, '')).toEqual(['Email is required.']);
    expect(errorsOf(emailSchema, '   ')).toEqual(['Email is required.']);
    expect(errorsOf(emailSchema, undefined)).toEqual(['Email is required.']);
    expect(errorsOf(emailSchema, 'nope')).toEqual(['Please enter a valid email address.']);
    expect(emailSchema.parse('  user@example.com ')).toBe('user@example.com');
  });

  it('credentialSchema', () => {
    expect(errorsOf(credentialSchema, '')).toEqual([MESSAGES.required]);
    expect(errorsOf(credentialSchema, '0123456789')).toEqual([MESSAGES.credential]);
    expect(credentialSchema.parse('9876543210')).toBe('9876543210');
  });

  it('phone, pincode, UPC, OTP', () => {
    expect(errorsOf(phoneSchema, '12345')).toEqual([MESSAGES.phone]);
    expect(phoneSchema.parse(' 9876543210 ')).toBe('9876543210');
    expect(errorsOf(pincodeSchema, '012345')).toEqual([MESSAGES.pincode]);
    expect(errorsOf(upcSchema, '123')).toEqual([MESSAGES.upc]);
    expect(errorsOf(otpSchema, '12345')).toEqual([MESSAGES.otp]);
    expect(errorsOf(otpSchema, '')).toEqual([MESSAGES.required]);
  });

  it('passwordSchema', () => {
    expect(errorsOf(passwordSchema, '')).toEqual([MESSAGES.required]);
    expect(errorsOf(passwordSchema, 'weakpass')).toEqual([MESSAGES.password]);
    expect(passwordSchema.parse('Str0ng!pass')).toBe('Str0ng!pass');
  });

  it('gstinSchema trims, upper-cases and checks the checksum', () => {
    expect(gstinSchema.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(errorsOf(gstinSchema, '27AAPFU0939F1ZW')).toEqual(['Please enter a valid GSTIN']);
    expect(errorsOf(gstinSchema, '')).toEqual([MESSAGES.required]);
  });

  it('name, SKU and Tally name', () => {
    expect(errorsOf(nameSchema, 'Shirt (XL)')).toEqual([MESSAGES.name]);
    expect(errorsOf(nameSchema, 'a'.repeat(65))).toEqual([maxLengthMessage(64)]);
    expect(nameSchema.parse('Blue Shirt')).toBe('Blue Shirt');
    expect(errorsOf(skuSchema, 'SKU 1')).toEqual([MESSAGES.sku]);
    expect(skuSchema.parse('SKU-1_a')).toBe('SKU-1_a');
    expect(errorsOf(tallyNameSchema, 'Godown #1')).toEqual([MESSAGES.tally]);
  });

  it('personNameSchema: 1 to 64 characters after trimming', () => {
    expect(personNameSchema.parse('  Priya ')).toBe('Priya');
    expect(personNameSchema.parse('ज्योति')).toBe('ज्योति');
    expect(errorsOf(personNameSchema, '   ')).toEqual([MESSAGES.required]);
    expect(errorsOf(personNameSchema, 'x'.repeat(65))).toEqual([maxLengthMessage(64)]);
    expect(personNameSchema.parse('x'.repeat(64))).toHaveLength(64);
  });

  it('requiredText takes a message and a maximum', () => {
    const schema = requiredText('Branch name is required.', 10);
    expect(errorsOf(schema, '')).toEqual(['Branch name is required.']);
    expect(errorsOf(schema, 'x'.repeat(11))).toEqual([maxLengthMessage(10)]);
    expect(schema.parse(' Pune ')).toBe('Pune');
  });

  it('HSN, URL, domain and URL path', () => {
    expect(errorsOf(hsnSchema, '12345')).toEqual([MESSAGES.hsn]);
    expect(errorsOf(urlSchema, 'not a url')).toEqual(['Please enter a valid url.']);
    expect(errorsOf(domainSchema, 'www.example.com')).toEqual([MESSAGES.domain]);
    expect(domainSchema.parse('Shop.Example.IN')).toBe('shop.example.in');
    expect(errorsOf(urlPathSchema, 'Sale')).toEqual([MESSAGES.url_path]);
  });

  it('categoryNameSchema: 3 to 200 characters with the spec messages', () => {
    expect(errorsOf(categoryNameSchema, '')).toEqual(['Category name is required']);
    expect(errorsOf(categoryNameSchema, undefined)).toEqual(['Category name is required']);
    expect(errorsOf(categoryNameSchema, 'ab')).toEqual([
      'Category name should be greater than 2 characters.',
    ]);
    expect(errorsOf(categoryNameSchema, 'a'.repeat(201))).toEqual([
      'Last name cannot exceed more than 200 characters.',
    ]);
    expect(categoryNameSchema.parse(' Shoes ')).toBe('Shoes');
    expect(categoryNameSchema.parse('a'.repeat(200))).toHaveLength(200);
  });

  it('optionalField lets blank through as undefined', () => {
    const schema = z.object({ gstin: optionalField(gstinSchema) });
    expect(schema.parse({ gstin: '' })).toEqual({ gstin: undefined });
    expect(schema.parse({ gstin: null })).toEqual({ gstin: undefined });
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ gstin: '27aapfu0939f1zv' })).toEqual({ gstin: '27AAPFU0939F1ZV' });
    expect(fieldErrors(schema, { gstin: 'bad' })).toEqual({ gstin: ['Please enter a valid GSTIN'] });
  });
});

describe('number schemas', () => {
  it('percentageSchema accepts numbers and numeric strings and outputs a number', () => {
    expect(percentageSchema.parse('12.5')).toBe(12.5);
    expect(percentageSchema.parse(18)).toBe(18);
    expect(errorsOf(percentageSchema, '100.5')).toEqual([MESSAGES.percentage]);
    expect(errorsOf(percentageSchema, '')).toEqual([MESSAGES.required]);
    expect(errorsOf(percentageSchema, undefined)).toEqual([MESSAGES.required]);
  });

  it('quantitySchema', () => {
    expect(quantitySchema.parse('2.125')).toBe(2.125);
    expect(errorsOf(quantitySchema, '0')).toEqual(['Please enter a valid quantity']);
    expect(errorsOf(quantitySchema, '1.0001')).toEqual(['Please enter a valid quantity']);
  });

  it('cashpointAmountSchema gives the dialog messages in order', () => {
    expect(errorsOf(cashpointAmountSchema, '')).toEqual(['Cashpoint is required']);
    expect(errorsOf(cashpointAmountSchema, undefined)).toEqual(['Cashpoint is required']);
    expect(errorsOf(cashpointAmountSchema, '0')).toEqual(['Cashpoint cannot be zero']);
    expect(errorsOf(cashpointAmountSchema, 0)).toEqual(['Cashpoint cannot be zero']);
    expect(errorsOf(cashpointAmountSchema, '-5')).toEqual(['Cashpoint should be a positive number.']);
    expect(errorsOf(cashpointAmountSchema, 'abc')).toEqual(['Cashpoint should be a positive number.']);
    expect(cashpointAmountSchema.parse('150')).toBe(150);
  });

  it('invoiceLineQuantitySchema caps the quantity at what is invoiceable', () => {
    const schema = invoiceLineQuantitySchema(5);
    expect(schema.parse('5')).toBe(5);
    expect(schema.parse(2.5)).toBe(2.5);
    const message = 'Please ensure quantity is a valid input and is less than Invoiceable quantity.';
    expect(errorsOf(schema, '6')).toEqual([message]);
    expect(errorsOf(schema, '0')).toEqual([message]);
    expect(errorsOf(schema, 'two')).toEqual([message]);
    expect(errorsOf(schema, '')).toEqual([message]);
  });
});

describe('cashpointExpirySchema', () => {
  // 10:00 in India on 15 June 2025
  const now = new Date('2025-06-15T04:30:00Z');

  it('requires a date not before tomorrow', () => {
    const schema = cashpointExpirySchema(now);
    expect(tomorrow(now).toISOString()).toBe('2025-06-16T04:30:00.000Z');
    expect(schema.parse('2025-06-16')).toBe('2025-06-16');
    expect(schema.parse(new Date('2025-07-01T00:00:00+05:30'))).toBe('2025-07-01');
    expect(errorsOf(schema, '2025-06-15')).toEqual([MESSAGES.expiry_date_min]);
    expect(errorsOf(schema, '')).toEqual(['Expiry Date is required']);
    expect(errorsOf(schema, undefined)).toEqual(['Expiry Date is required']);
    expect(errorsOf(schema, 'someday')).toEqual(['Expiry Date is required']);
  });
});

describe('group checks', () => {
  const range = z
    .object({ name: requiredText(), start_date: z.string(), end_date: z.string() })
    .check(dateRangeCheck('start_date', 'end_date'));

  it('dateRangeCheck reports a start after the end on the end field', () => {
    expect(fieldErrors(range, { name: 'x', start_date: '2024-05-01', end_date: '2024-04-01' })).toEqual({
      end_date: [MESSAGES.date_range],
    });
    expect(range.safeParse({ name: 'x', start_date: '2024-04-01', end_date: '2024-04-01' }).success).toBe(
      true,
    );
    expect(range.safeParse({ name: 'x', start_date: '2024-04-01', end_date: '2024-05-01' }).success).toBe(
      true,
    );
  });

  it('compares date-times and Date objects', () => {
    const schema = z
      .object({ from: z.date(), to: z.date() })
      .check(dateRangeCheck('from', 'to', 'Bad order'));
    expect(
      fieldErrors(schema, { from: new Date('2024-01-01T10:00:00Z'), to: new Date('2024-01-01T09:59:00Z') }),
    ).toEqual({ to: ['Bad order'] });
  });

  it('still runs when another field is invalid, so every error shows at once', () => {
    expect(fieldErrors(range, { name: '', start_date: '2024-05-01', end_date: '2024-04-01' })).toEqual({
      name: [MESSAGES.required],
      end_date: [MESSAGES.date_range],
    });
  });

  it('stays quiet while one of its own fields is invalid', () => {
    expect(fieldErrors(range, { name: 'x', start_date: 5, end_date: '2024-04-01' })).toEqual({
      start_date: ['Invalid input: expected string, received number'],
    });
  });

  it('greaterThanCheck', () => {
    const schema = z
      .object({ max_amount: z.number(), min_amount: z.number() })
      .check(greaterThanCheck('max_amount', 'min_amount'));
    expect(fieldErrors(schema, { max_amount: 10, min_amount: 10 })).toEqual({
      max_amount: ['Max amount must be greater than min amount.'],
    });
    expect(schema.safeParse({ max_amount: 11, min_amount: 10 }).success).toBe(true);

    const strings = z
      .object({ maxQuantity: z.string(), minQuantity: z.string() })
      .check(greaterThanCheck('maxQuantity', 'minQuantity', 'Too small'));
    expect(fieldErrors(strings, { maxQuantity: '2', minQuantity: '10' })).toEqual({
      maxQuantity: ['Too small'],
    });
    expect(strings.safeParse({ maxQuantity: '', minQuantity: '10' }).success).toBe(true);
  });

  it('eitherRequiredCheck', () => {
    const schema = z
      .object({ email: z.string().optional(), phone: z.string().optional() })
      .check(eitherRequiredCheck('email', 'phone'));
    expect(fieldErrors(schema, { email: '', phone: ' ' })).toEqual({
      email: [MESSAGES.either_required],
      phone: [MESSAGES.either_required],
    });
    expect(schema.safeParse({ phone: '9876543210' }).success).toBe(true);
    expect(schema.safeParse({ email: 'a@b.co' }).success).toBe(true);
  });

  it('fieldsEqualCheck', () => {
    const schema = z
      .object({ password: passwordSchema, confirm_password: z.string() })
      .check(fieldsEqualCheck('password', 'confirm_password', MESSAGES.passwords_mismatch));
    expect(fieldErrors(schema, { password: 'Str0ng!pass', confirm_password: 'Str0ng!pas' })).toEqual({
      confirm_password: ['Passwords do not match.'],
    });
    expect(schema.safeParse({ password: 'Str0ng!pass', confirm_password: 'Str0ng!pass' }).success).toBe(true);
  });
});

describe('gstinStateCheck and gstinStateId', () => {
  const gstin = (code: string) => `${code}AAPFU0939F1Z${computeGstinCheckChar(`${code}AAPFU0939F1Z`)}`;
  const schema = z
    .object({ gstin: z.string().optional(), state_id: z.unknown() })
    .check(gstinStateCheck('gstin', 'state_id'));

  it('names the state of a GSTIN by its id (the GST code), none for centre jurisdiction', () => {
    expect(gstinStateId(gstin('29'))).toBe(29);
    expect(gstinStateId(gstin('07'))).toBe(7);
    expect(gstinStateId(gstin('99'))).toBeNull();
    expect(gstinStateId('29AAPFU0939F1Z0')).toBeNull();
    expect(gstinStateId(undefined)).toBeNull();
  });

  it('puts the branch rule on the GSTIN when its state is not the chosen one', () => {
    const refused = schema.safeParse({ gstin: gstin('29'), state_id: 27 });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['gstin', GSTIN_STATE_MISMATCH],
    ]);
    expect(schema.safeParse({ gstin: gstin('29'), state_id: '29' }).success).toBe(true);
    expect(schema.safeParse({ gstin: gstin('99'), state_id: 27 }).success).toBe(true);
    expect(schema.safeParse({ state_id: 27 }).success).toBe(true);
    // An id that is no GST code is left to the state lookup ('State Not Found').
    expect(schema.safeParse({ gstin: gstin('27'), state_id: 99999 }).success).toBe(true);
  });
});
