-- Issue 16: invoices of a series are kept in date order (an invoice may not be dated before the
-- last one of its series). A company that needs to back-date invoices enables the configuration
-- 'back_dated_invoices' (off by default: no row, or is_enabled false).
ALTER TABLE company_configurations DROP CONSTRAINT company_configurations_configuration_type_check;
ALTER TABLE company_configurations ADD CONSTRAINT company_configurations_configuration_type_check
  CHECK (configuration_type IN (
    'auto_cancel_partially_invoiced_orders', 'zoho', 'batch_configuration', 'terms_and_conditions',
    'print_configuration', 'back_dated_invoices'));
