import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { DetailHeader } from '../../components/detail-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { orderPath, PATHS, quotationPath } from '../../session/paths';
import { QuotationForm } from './quotation-form';

const LIST = { to: PATHS.quotations, label: 'Quotations' };

/**
 * /quotations/new: the order form, saved as a quotation (its primary action, issue 18: a quotation
 * is made to be sent) or placed as an order straight away.
 */
export function QuotationCreatePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <DetailHeader list={LIST} title="New Quotation" />
      {canPerform(user, 'add_quotation') ? (
        <QuotationForm
          companyId={user.company.id}
          quotation={null}
          primary="quotation"
          onSaved={(quotation) => void navigate({ to: quotationPath(quotation.id) })}
          onOrdered={(order) => void navigate({ to: orderPath(order.id) })}
          onCancel={() => void navigate({ to: PATHS.quotations })}
        />
      ) : (
        <ReadOnlyNotice thing="quotations" />
      )}
    </Stack>
  );
}
