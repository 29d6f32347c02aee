-- A spam complaint reported by the contact's mail provider opts them out of e-mail (issue 23).
ALTER TABLE contact_consents DROP CONSTRAINT contact_consents_opt_out_way_check;
ALTER TABLE contact_consents ADD CONSTRAINT contact_consents_opt_out_way_check
  CHECK (opt_out_way IN ('link', 'reply_stop', 'by_hand', 'complaint'));
