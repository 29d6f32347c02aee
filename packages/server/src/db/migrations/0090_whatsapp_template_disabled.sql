-- Issue 23: WhatsApp template statuses are read back from Meta (GET /{waba-id}/message_templates).
-- Meta disables a template whose quality stays low after pauses; it is then 'disabled', which a
-- campaign cannot send, as 'pending', 'rejected' and 'paused'.
ALTER TABLE templates DROP CONSTRAINT templates_whatsapp_status_check;
ALTER TABLE templates ADD CONSTRAINT templates_whatsapp_status_check
  CHECK (whatsapp_status IN ('pending', 'approved', 'rejected', 'paused', 'disabled'));
