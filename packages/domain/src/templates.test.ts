import { describe, expect, it } from 'vitest';
import { templateCreate } from './api/templates.ts';
import {
  dltTemplateText,
  htmlToText,
  missingVariables,
  renderTemplate,
  renderText,
  SAMPLE_VALUES,
  scanVariables,
  smsLength,
  TEMPLATE_VARIABLES,
  templateVariables,
  variableToken,
  whatsappPositional,
} from './templates.ts';

describe('the variable language', () => {
  it('declares each variable once with a description and a sample', () => {
    const names = TEMPLATE_VARIABLES.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    for (const v of TEMPLATE_VARIABLES) {
      expect(v.description).not.toBe('');
      expect(v.sample).not.toBe('');
    }
    expect(names).toEqual(
      expect.arrayContaining(['buyer_name', 'outstanding_amount', 'coupon_code', 'unsubscribe_url']),
    );
  });

  it('extracts the variables of a text in order of first appearance', () => {
    expect(
      scanVariables('Dear {buyer_name}, pay {outstanding_amount} by {due_date}. {buyer_name}', 'sms'),
    ).toEqual({
      variables: ['buyer_name', 'outstanding_amount', 'due_date'],
      problems: [],
    });
  });

  it('refuses unknown and double-braced variables with a sentence', () => {
    expect(scanVariables('Hi {customer}', 'email').problems).toEqual([
      '{customer} is not a known variable. Choose one from the variable list.',
    ]);
    expect(scanVariables('Hi {{buyer_name}}', 'email').problems[0]).toContain('single braces');
  });

  it('writes WhatsApp variables in braces without underscores', () => {
    expect(variableToken('buyer_name', 'whatsapp')).toBe('{buyerName}');
    expect(variableToken('buyer_name', 'sms')).toBe('{buyer_name}');
    expect(scanVariables('Hi {buyerName}, use {couponCode}', 'whatsapp')).toEqual({
      variables: ['buyer_name', 'coupon_code'],
      problems: [],
    });
    expect(scanVariables('Hi {buyer_name}', 'whatsapp').problems).toEqual([
      '{buyer_name}: WhatsApp variables must be in braces without underscores; write {buyerName}.',
    ]);
    expect(scanVariables('Hi {{1}}', 'whatsapp').problems[0]).toContain('by name');
    // The underscore form is an e-mail/SMS variable, the camel form is WhatsApp's only.
    expect(scanVariables('Hi {buyerName}', 'sms').problems).toHaveLength(1);
  });

  it('numbers WhatsApp variables by first appearance as Meta registers them', () => {
    expect(whatsappPositional('Hi {buyerName}, {couponCode} for {buyerName}')).toEqual({
      body: 'Hi {{1}}, {{2}} for {{1}}',
      variables: ['buyer_name', 'coupon_code'],
    });
  });

  it('gives the DLT text of an SMS', () => {
    expect(dltTemplateText('Dear {buyer_name}, Rs {outstanding_amount} is due.')).toBe(
      'Dear {#var#}, Rs {#var#} is due.',
    );
  });
});

describe('rendering', () => {
  it('fills values and leaves a variable without one as written', () => {
    expect(renderText('Hi {contact_name}, code {coupon_code}', 'sms', { contact_name: 'Asha' })).toBe(
      'Hi Asha, code {coupon_code}',
    );
  });

  it('escapes values in e-mail HTML but not in its subject or text', () => {
    const out = renderTemplate(
      { medium: 'email', subject: 'For {buyer_name}', html_body: '<p>Dear <b>{buyer_name}</b></p>' },
      { buyer_name: 'Tom & <Jerry>' },
    );
    expect(out.html).toBe('<p>Dear <b>Tom &amp; &lt;Jerry&gt;</b></p>');
    expect(out.subject).toBe('For Tom & <Jerry>');
    expect(out.text).toBe('Dear Tom & <Jerry>');
  });

  it('renders a WhatsApp body with camel-case variables and counts an SMS', () => {
    const wa = renderTemplate({ medium: 'whatsapp', body: 'Hi {buyerName}' }, SAMPLE_VALUES);
    expect(wa.text).toBe('Hi Sharma Traders');
    const sms = renderTemplate({ medium: 'sms', body: 'Code {coupon_code}' }, SAMPLE_VALUES);
    expect(sms.text).toBe('Code DIWALI10');
    expect(sms.sms).toMatchObject({ encoding: 'gsm7', characters: 13, segments: 1 });
  });

  it('lists the variables a campaign leaves unfilled', () => {
    const template = {
      medium: 'email' as const,
      subject: 'Pay {outstanding_amount}',
      html_body: '<p>{buyer_name} {coupon_code}</p>',
    };
    expect(templateVariables(template)).toEqual(['outstanding_amount', 'buyer_name', 'coupon_code']);
    expect(
      missingVariables(template, { buyer_name: 'A', outstanding_amount: '5', coupon_code: ' ' }),
    ).toEqual(['coupon_code']);
  });
});

describe('SMS length', () => {
  it('counts GSM-7: 160 alone, 153 a part when split', () => {
    expect(smsLength('')).toMatchObject({ segments: 0, remaining: 160 });
    expect(smsLength('a'.repeat(160))).toMatchObject({ encoding: 'gsm7', segments: 1, remaining: 0 });
    expect(smsLength('a'.repeat(161))).toMatchObject({ segments: 2, per_segment: 153, remaining: 145 });
    expect(smsLength('a'.repeat(306))).toMatchObject({ segments: 2, remaining: 0 });
    expect(smsLength('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('counts an extension character as two', () => {
    expect(smsLength('€'.repeat(80))).toMatchObject({ encoding: 'gsm7', characters: 160, segments: 1 });
    expect(smsLength('[x]')).toMatchObject({ characters: 5 });
  });

  it('turns the whole message Unicode for one Hindi letter or the rupee sign: 70 / 67', () => {
    expect(smsLength('नमस्ते')).toMatchObject({
      encoding: 'unicode',
      characters: 6,
      segments: 1,
      remaining: 64,
    });
    expect(smsLength(`₹${'a'.repeat(69)}`)).toMatchObject({ encoding: 'unicode', segments: 1, remaining: 0 });
    expect(smsLength(`₹${'a'.repeat(70)}`)).toMatchObject({ segments: 2, per_segment: 67, remaining: 63 });
  });
});

describe('htmlToText', () => {
  it('keeps paragraphs, breaks, lists and links', () => {
    const html =
      '<h1>Diwali offer</h1><p>Dear {buyer_name},<br>10% off &amp; more.</p><ul><li>Rice</li><li>Dal</li></ul><ol><li>Order</li><li>Pay</li></ol><p><a href="https://shop.example.in">Shop now</a></p>';
    expect(htmlToText(html)).toBe(
      'Diwali offer\n\nDear {buyer_name},\n10% off & more.\n\n- Rice\n- Dal\n\n1. Order\n2. Pay\n\nShop now (https://shop.example.in)',
    );
  });
});

describe('templateCreate', () => {
  it('takes an SMS with its DLT fields, the header upper-cased', () => {
    const out = templateCreate.parse({
      medium: 'sms',
      name: 'Payment reminder',
      body: 'Dear {buyer_name}, Rs {outstanding_amount} is due.',
      sender_header: 'acmedi',
      dlt_template_id: '1207161234567890123',
      dlt_entity_id: '1201159876543210987',
    });
    expect(out).toMatchObject({ sender_header: 'ACMEDI' });
  });

  it('refuses a bad name, a short DLT id and a WhatsApp variable with an underscore', () => {
    const r = templateCreate.safeParse({
      medium: 'sms',
      name: 'bad-name',
      body: 'x',
      sender_header: 'ACME',
      dlt_template_id: '123',
      dlt_entity_id: '1201159876543210987',
    });
    expect(r.success).toBe(false);
    const messages = r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual([
      'name: Template name can only contain letters, digits, underscore and space.',
      'sender_header: Sender header must be 6 letters (as registered on DLT).',
      'dlt_template_id: DLT template ID must be 19 digits.',
    ]);
    const wa = templateCreate.safeParse({
      medium: 'whatsapp',
      name: 'Festival offer',
      language: 'en',
      category: 'marketing',
      body: 'Hi {buyer_name}',
    });
    expect(wa.error?.issues[0]?.message).toContain('without underscores');
  });

  it('takes at most 3 WhatsApp buttons, each complete', () => {
    const base = {
      medium: 'whatsapp',
      name: 'Offer',
      language: 'hi',
      category: 'marketing',
      body: 'Hi {buyerName}',
    };
    const four = Array.from({ length: 4 }, (_, i) => ({ type: 'quick_reply', text: `Reply ${i}` }));
    expect(templateCreate.safeParse({ ...base, buttons: four }).error?.issues[0]?.message).toBe(
      'A WhatsApp template can have at most 3 buttons.',
    );
    expect(
      templateCreate.safeParse({ ...base, buttons: [{ type: 'url', text: 'Shop' }] }).error?.issues[0]
        ?.message,
    ).toBe('Enter a valid URL for the button.');
  });
});
