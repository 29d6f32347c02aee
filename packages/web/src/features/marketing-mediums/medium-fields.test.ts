import { describe, expect, it } from 'vitest';
import { initialMediumValues, mediumBody } from './medium-fields';

describe('medium form values', () => {
  it('starts from what is saved, else the defaults, with secrets blank', () => {
    expect(initialMediumValues('sms', {}, false)).toEqual({
      api_url: 'https://enterprise.smsgupshup.com/GatewayAPI/rest',
      user_id: '',
      password: '',
      sender_id: '',
      dlt_entity_id: '',
      webhook_token: '',
    });
    const saved = initialMediumValues(
      'whatsapp',
      { phone_number_id: '1098765432', access_token: 'x' },
      false,
    );
    expect(saved.phone_number_id).toBe('1098765432');
    expect(saved.access_token).toBe('');
    expect(initialMediumValues('email', {}, true).mode).toBe('platform');
    expect(initialMediumValues('email', {}, false).mode).toBe('smtp');
  });

  it('sends only typed secrets, blank optional fields as null and hidden SMTP fields as null', () => {
    const values = initialMediumValues('email', {}, false);
    Object.assign(values, {
      from_name: 'Pune Traders',
      from_email: 'offers@pt.in',
      smtp_host: 'smtp.zoho.in',
      smtp_password: '',
    });
    expect(mediumBody('email', values, true)).toEqual({
      medium: 'email',
      is_enabled: true,
      mode: 'smtp',
      from_name: 'Pune Traders',
      from_email: 'offers@pt.in',
      reply_to: null,
      smtp_host: 'smtp.zoho.in',
      smtp_port: 587,
      smtp_security: 'starttls',
      smtp_username: null,
    });
    const platform = mediumBody('email', { ...values, mode: 'platform', smtp_password: 'typed' }, false);
    expect(platform.smtp_host).toBeNull();
    expect(platform).not.toHaveProperty('smtp_password');
    expect(
      mediumBody('sms', { ...initialMediumValues('sms', {}, false), password: 'p' }, true),
    ).toMatchObject({
      provider: 'gupshup',
      password: 'p',
    });
  });
});
