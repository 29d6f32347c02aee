import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { DetailHeader } from '../../components/detail-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { billPath, PATHS } from '../../session/paths';
import { BillForm } from './bill-form';
import { BILLS_LIST } from './bills.api';

/** /bills/new: a seller's bill as it was printed; saved as a draft, or saved and received at once. */
export function BillCreatePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const active = (user.branches ?? []).filter((b) => b.is_active);
  return (
    <Stack gap="lg">
      <DetailHeader list={BILLS_LIST} title="New Bill" />
      {canPerform(user, 'add_bill') ? (
        <BillForm
          companyId={user.company.id}
          defaultBranch={active.length === 1 ? String(active[0]?.id) : null}
          onSaved={(bill) => void navigate({ to: billPath(bill.id) })}
          onCancel={() => void navigate({ to: PATHS.bills })}
        />
      ) : (
        <ReadOnlyNotice thing="bills" />
      )}
    </Stack>
  );
}
