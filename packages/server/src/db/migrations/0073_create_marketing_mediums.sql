-- How a company reaches its contacts (issue 23): one configuration per medium. Settings are plain
-- JSON; secrets (SMTP password, provider password, access tokens, the VAPID private key) are kept
-- sealed with AES-256-GCM under a key the server derives from its signing secret
-- (core/secret-box.ts), and no read returns them.
CREATE TABLE marketing_mediums (
  company_id bigint NOT NULL REFERENCES companies (id),
  medium text NOT NULL CHECK (medium IN ('email', 'sms', 'whatsapp', 'push_notification')),
  settings jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(settings) = 'object'),
  sealed_secrets jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(sealed_secrets) = 'object'),
  is_enabled boolean NOT NULL DEFAULT true,
  last_test_ok boolean,
  last_test_message text,
  last_tested_at timestamptz,
  updated_by bigint REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, medium)
);
