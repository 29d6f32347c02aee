-- The chart of accounts every company starts with: Tally's primary groups (Indian practice), the
-- account types under them, and the system accounts the product itself posts to (sales, GST,
-- receivables...). Sign-up calls this same function, so there is one list.
--
-- Idempotent: every row is keyed by something the API never changes (group name, type code,
-- system account code), and ON CONFLICT DO NOTHING skips what a company already has. Running it
-- again after a new system account is added here gives existing companies that account only.
CREATE OR REPLACE FUNCTION seed_chart_of_accounts(company bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_groups (company_id, name, nature, position)
  SELECT seed_chart_of_accounts.company, g.name, g.nature, g.position
  FROM (VALUES
    ('Capital Account', 'equity', 1),
    ('Loans (Liability)', 'liabilities', 2),
    ('Current Liabilities', 'liabilities', 3),
    ('Duties & Taxes', 'liabilities', 4),
    ('Sundry Creditors', 'liabilities', 5),
    ('Fixed Assets', 'assets', 6),
    ('Investments', 'assets', 7),
    ('Current Assets', 'assets', 8),
    ('Bank Accounts', 'assets', 9),
    ('Cash-in-Hand', 'assets', 10),
    ('Sundry Debtors', 'assets', 11),
    ('Stock-in-Hand', 'assets', 12),
    ('Sales Accounts', 'income', 13),
    ('Direct Incomes', 'income', 14),
    ('Indirect Incomes', 'income', 15),
    ('Purchase Accounts', 'expenses', 16),
    ('Direct Expenses', 'expenses', 17),
    ('Indirect Expenses', 'expenses', 18)
  ) AS g (name, nature, position)
  ON CONFLICT DO NOTHING;

  INSERT INTO account_types (company_id, account_group_id, name, code)
  SELECT seed_chart_of_accounts.company, ag.id, t.name, t.code
  FROM (VALUES
    ('Capital Account', 'Capital', 'capital'),
    ('Capital Account', 'Reserves & Surplus', 'reserves_and_surplus'),
    ('Capital Account', 'Drawings', 'drawings'),
    ('Loans (Liability)', 'Secured Loans', 'secured_loans'),
    ('Loans (Liability)', 'Unsecured Loans', 'unsecured_loans'),
    ('Loans (Liability)', 'Bank OD Accounts', 'bank_od'),
    ('Current Liabilities', 'Other Current Liabilities', 'other_current_liabilities'),
    ('Current Liabilities', 'Provisions', 'provisions'),
    ('Duties & Taxes', 'Output GST', 'output_gst'),
    ('Duties & Taxes', 'Input GST', 'input_gst'),
    ('Duties & Taxes', 'TDS Payable', 'tds_payable'),
    ('Duties & Taxes', 'Other Duties & Taxes', 'other_duties_and_taxes'),
    ('Sundry Creditors', 'Trade Payables', 'trade_payables'),
    ('Fixed Assets', 'Tangible Assets', 'tangible_assets'),
    ('Fixed Assets', 'Intangible Assets', 'intangible_assets'),
    ('Investments', 'Investments', 'investments'),
    ('Current Assets', 'Loans & Advances (Asset)', 'loans_and_advances'),
    ('Current Assets', 'Deposits (Asset)', 'deposits'),
    ('Current Assets', 'Tax Receivable', 'tax_receivable'),
    ('Current Assets', 'Other Current Assets', 'other_current_assets'),
    ('Bank Accounts', 'Bank', 'bank'),
    ('Cash-in-Hand', 'Cash', 'cash'),
    ('Sundry Debtors', 'Trade Receivables', 'trade_receivables'),
    ('Stock-in-Hand', 'Inventory', 'inventory'),
    ('Sales Accounts', 'Sales', 'sales'),
    ('Direct Incomes', 'Direct Income', 'direct_income'),
    ('Indirect Incomes', 'Other Income', 'other_income'),
    ('Purchase Accounts', 'Purchases', 'purchases'),
    ('Direct Expenses', 'Direct Expenses', 'direct_expenses'),
    ('Indirect Expenses', 'Administrative Expenses', 'administrative_expenses'),
    ('Indirect Expenses', 'Selling & Distribution Expenses', 'selling_expenses'),
    ('Indirect Expenses', 'Other Expenses', 'other_expenses')
  ) AS t (group_name, name, code)
  JOIN account_groups ag ON ag.company_id = seed_chart_of_accounts.company AND ag.name = t.group_name
  ON CONFLICT DO NOTHING;

  -- System accounts are company-wide (no branch). Their codes are fixed (the API refuses to change
  -- them), so a code already present means the account exists, whatever it is called now.
  INSERT INTO accounts (company_id, account_type_id, name, code, description, is_system)
  SELECT seed_chart_of_accounts.company, at.id, a.name, a.code, a.description, true
  FROM (VALUES
    ('sales', 'Sales', 'SALES', 'Income from the sale of goods and services.'),
    ('purchases', 'Purchases', 'PURCHASES', 'Cost of goods bought for resale.'),
    ('output_gst', 'Output CGST', 'OUTPUT-CGST', 'Central GST charged on intra-state sales.'),
    ('output_gst', 'Output SGST', 'OUTPUT-SGST', 'State GST charged on intra-state sales.'),
    ('output_gst', 'Output IGST', 'OUTPUT-IGST', 'Integrated GST charged on inter-state sales.'),
    ('output_gst', 'Output Cess', 'OUTPUT-CESS', 'Compensation cess charged on sales.'),
    ('input_gst', 'Input CGST', 'INPUT-CGST', 'Central GST paid on intra-state purchases.'),
    ('input_gst', 'Input SGST', 'INPUT-SGST', 'State GST paid on intra-state purchases.'),
    ('input_gst', 'Input IGST', 'INPUT-IGST', 'Integrated GST paid on inter-state purchases.'),
    ('input_gst', 'Input Cess', 'INPUT-CESS', 'Compensation cess paid on purchases.'),
    ('tax_receivable', 'TDS Receivable', 'TDS-RECEIVABLE', 'Tax deducted at source by buyers from their payments.'),
    ('trade_receivables', 'Accounts Receivable', 'ACCOUNTS-RECEIVABLE', 'What buyers owe for invoices.'),
    ('trade_payables', 'Accounts Payable', 'ACCOUNTS-PAYABLE', 'What the company owes sellers for bills.'),
    ('cash', 'Cash', 'CASH', 'Cash in hand.'),
    ('cash', 'Undeposited Funds', 'UNDEPOSITED-FUNDS', 'Payments received and not yet deposited in a bank.'),
    ('other_expenses', 'Round Off', 'ROUND-OFF', 'Differences from rounding document totals to the rupee.'),
    ('selling_expenses', 'Discount Allowed', 'DISCOUNT-ALLOWED', 'Discounts given to buyers.'),
    ('other_income', 'Shipping Charges', 'SHIPPING-CHARGES', 'Shipping charged to buyers on invoices.'),
    ('other_current_liabilities', 'Opening Balance Adjustments', 'OPENING-BALANCE-ADJUSTMENTS',
      'The other side of opening balances entered for buyers, sellers and accounts.')
  ) AS a (type_code, name, code, description)
  JOIN account_types at ON at.company_id = seed_chart_of_accounts.company AND at.code = a.type_code
  ON CONFLICT DO NOTHING;
END;
$$;

SELECT seed_chart_of_accounts(id) FROM companies;
