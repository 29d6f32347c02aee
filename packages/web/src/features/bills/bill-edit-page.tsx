import { BILL_MESSAGES } from '@b2b/domain/bills';
import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DetailHeader, DetailLoader, useIdParam } from '../../components/detail-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { billPath, PATHS } from '../../session/paths';
import { BillForm } from './bill-form';
import { BILLS_LIST, billQuery } from './bills.api';

/** /bills/{id}/edit: a draft bill's form; a bill past draft is shown as such, not edited. */
export function BillEditPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const id = useIdParam(PATHS.billEdit);
  const bill = useQuery({ ...billQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={bill}
      list={BILLS_LIST}
      notFoundMessage={BILL_MESSAGES.not_found}
      loadFailedTitle={BILL_MESSAGES.load_failed}
      loadingLabel="Loading bill"
    >
      {(data) => (
        <Stack gap="lg">
          <DetailHeader list={BILLS_LIST} title={`Edit Bill ${data.bill_number}`} />
          {!canPerform(user, 'change_bill') ? (
            <ReadOnlyNotice thing="bills" />
          ) : data.status !== 'draft' ? (
            <Alert color="yellow" title={BILL_MESSAGES.edit_not_draft} />
          ) : (
            <BillForm
              key={data.id}
              companyId={user.company.id}
              bill={data}
              onSaved={(saved) => void navigate({ to: billPath(saved.id) })}
              onCancel={() => void navigate({ to: billPath(data.id) })}
            />
          )}
        </Stack>
      )}
    </DetailLoader>
  );
}
