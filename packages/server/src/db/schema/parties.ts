import type { AccountNature } from '@b2b/domain/accounts';
import type { BankAccountType } from '@b2b/domain/bank-accounts';
import type { BuyerType, LedgerEntryType } from '@b2b/domain/buyers';
import type { CashpointTransactionType } from '@b2b/domain/statuses';
import type { ColumnType } from 'kysely';
import type { Auto, Json, Quantity, Timestamp } from './column-types.ts';

/** Branch settings, bank accounts, buyers (their ledger, cashpoints and groups), sellers and the chart of accounts. */

export interface BranchConfigurationsTable {
  company_id: number;
  branch_id: number;
  configuration_type: string;
  configurations: Json;
  is_enabled: Auto<boolean>;
  updated_at: Timestamp;
}

export interface BranchTallySettingsTable {
  company_id: number;
  branch_id: number;
  voucher_types: Json<Record<string, string>>;
  ledger_mappings: Json<Record<string, string>>;
  updated_at: Timestamp;
}

export interface BankAccountsTable {
  id: Auto<number>;
  company_id: number;
  branch_id: number;
  bank_name: string;
  account_holder_name: string;
  account_number: string;
  ifsc_code: string;
  bank_branch_name: string | null;
  account_type: ColumnType<BankAccountType, BankAccountType | undefined, BankAccountType>;
  upi_id: string | null;
  is_default: Auto<boolean>;
  account_id: number | null;
  deleted_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type { BuyerType };

export interface BuyersTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  contact_person_name: string | null;
  email: string | null;
  phone: string | null;
  gst_number: string | null;
  pan: string | null;
  buyer_type: ColumnType<BuyerType, BuyerType | undefined, BuyerType>;
  payment_term_id: number | null;
  credit_limit_paise: number | null;
  opening_balance_paise: Auto<number>;
  /** Debits minus credits of the buyer ledger; only the ledger writer changes it. */
  outstanding_paise: Auto<number>;
  is_active: Auto<boolean>;
  is_inventory_exposed: Auto<boolean>;
  ignore_for_bi: Auto<boolean>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BuyerSalesChannelsTable {
  company_id: number;
  buyer_id: number;
  sales_channel_id: number;
  is_enabled: Auto<boolean>;
  created_at: Timestamp;
}

export type BuyerLedgerEntryType = LedgerEntryType;

export interface BuyerLedgerEntriesTable {
  id: Auto<number>;
  company_id: number;
  buyer_id: number;
  entry_date: ColumnType<string, string | undefined, string>;
  entry_type: BuyerLedgerEntryType;
  debit_paise: Auto<number>;
  credit_paise: Auto<number>;
  balance_after_paise: number;
  payment_method_id: number | null;
  account_id: number | null;
  branch_id: number | null;
  reference_number: string | null;
  notes: string | null;
  document_type: string | null;
  document_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface CashpointBalancesTable {
  company_id: number;
  buyer_id: number;
  sales_channel_id: number;
  balance: Quantity;
  updated_at: Timestamp;
}

export type { CashpointTransactionType };

export interface CashpointEntriesTable {
  id: Auto<number>;
  company_id: number;
  buyer_id: number;
  sales_channel_id: number;
  transaction_type: CashpointTransactionType;
  amount: Quantity;
  expired_on: ColumnType<string | null, string | null | undefined, string | null>;
  remaining: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  order_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
}

export interface SellersTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  contact_person_name: string | null;
  email: string | null;
  phone: string | null;
  gst_number: string | null;
  pan: string | null;
  tally_ledger_name: string | null;
  /** Bills from the seller fall due this many days after their date (migration 0044). */
  payment_term_id: ColumnType<number | null, number | null | undefined, number | null>;
  is_active: Auto<boolean>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BuyerGroupsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  description: string | null;
  is_active: Auto<boolean>;
  is_dynamic_group: Auto<boolean>;
  dynamic_group_sale_condition: Json<{ min_amount: number; max_amount: number | null }> | null;
  dynamic_group_time_condition: Json<{ last_days: number }> | null;
  evaluated_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BuyerGroupBuyersTable {
  company_id: number;
  buyer_group_id: number;
  buyer_id: number;
  created_at: Timestamp;
}

export interface BuyerGroupBranchesTable {
  company_id: number;
  buyer_group_id: number;
  branch_id: number;
  created_at: Timestamp;
}

export interface WarehouseBuyersTable {
  id: Auto<number>;
  company_id: number;
  warehouse_id: number;
  buyer_id: number;
  priority: Auto<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type { AccountNature };

export interface AccountGroupsTable {
  id: Auto<number>;
  company_id: number;
  name: string;
  nature: AccountNature;
  position: Auto<number>;
}

export interface AccountTypesTable {
  id: Auto<number>;
  company_id: number;
  account_group_id: number;
  name: string;
  code: string;
}

export interface AccountsTable {
  id: Auto<number>;
  company_id: number;
  account_type_id: number;
  parent_account_id: number | null;
  branch_id: number | null;
  name: string;
  code: string | null;
  description: string | null;
  is_system: Auto<boolean>;
  is_active: Auto<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
