import type { TallyProblem } from '@b2b/domain/api/tally';
import {
  billPath,
  branchPath,
  creditNotePath,
  debitNotePath,
  inventoryAdjustmentPath,
  inventoryTransferPath,
  invoicePath,
  paymentMadePath,
  paymentPath,
  productEditPath,
  sellerPath,
  warehousePath,
} from '../../session/paths';

/** Where a missing Tally name is fixed, and what the link says. */
export function fixLink(fix: TallyProblem['fix']): { to: string; label: string } {
  switch (fix.target) {
    case 'product':
      return { to: productEditPath(fix.id), label: 'Set the product’s Tally name' };
    case 'warehouse':
      return { to: warehousePath(fix.id), label: 'Set the warehouse’s Tally name' };
    case 'seller':
      return { to: sellerPath(fix.id), label: 'Set the seller’s Tally ledger' };
    case 'branch_tally':
      return { to: branchPath(fix.id), label: 'Map the ledger (branch, Tally tab)' };
    case 'branch_bank_accounts':
      return { to: branchPath(fix.id), label: 'Add a bank account (branch, Bank Accounts tab)' };
  }
}

/** The page of the document a problem belongs to. */
export function documentLink(kind: TallyProblem['document_kind'], id: number): string {
  switch (kind) {
    case 'invoice':
      return invoicePath(id);
    case 'credit_note':
      return creditNotePath(id);
    case 'bill':
      return billPath(id);
    case 'debit_note':
      return debitNotePath(id);
    case 'payment':
      return paymentPath(id);
    case 'payment_made':
      return paymentMadePath(id);
    case 'inventory_adjustment':
      return inventoryAdjustmentPath(id);
    case 'inventory_transfer':
      return inventoryTransferPath(id);
  }
}
