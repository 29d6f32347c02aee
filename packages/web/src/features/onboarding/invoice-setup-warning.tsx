import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../session/current-user';
import { branchPath, PATHS } from '../../session/paths';
import { salesOrderQuery } from '../sales-orders/sales-orders.api';
import { setupGuideQuery } from './setup-guide.api';
import { mayOpen } from './setup-steps';

interface Gap {
  what: string;
  link: { to: string; label: string };
}

/**
 * On Generate Invoice: what the invoice will print without (the invoicing branch's bank account or
 * its UPI ID, and so no UPI QR code; the company's logo), each with a link to where it is set.
 * A warning only: the invoice can be generated anyway. Shows nothing until both reads answer.
 */
export function InvoiceSetupWarning({ orderId }: { orderId: number }) {
  const user = useCurrentUser();
  const order = useQuery(salesOrderQuery(orderId));
  const guide = useQuery(setupGuideQuery(user.company.id));
  if (!order.data || !guide.data) return null;
  const branchId = order.data.branch.id;
  const branch = guide.data.branches.find((row) => row.id === branchId);
  const gaps: Gap[] = [];
  const branchName = order.data.branch.name;
  const branchPage = branchPath(branchId);
  if (branch && !branch.has_bank_account)
    gaps.push({
      what: `the bank account of ${branchName}`,
      link: { to: branchPage, label: 'Add bank account' },
    });
  else if (branch && !branch.has_upi_id)
    gaps.push({
      what: `a UPI ID on the bank account of ${branchName} (buyers get no UPI QR code to scan)`,
      link: { to: branchPage, label: 'Add UPI ID' },
    });
  const hasLogo = guide.data.steps.find((step) => step.key === 'logo')?.done ?? true;
  if (!hasLogo) gaps.push({ what: 'your company logo', link: { to: PATHS.company, label: 'Upload logo' } });
  if (gaps.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="This invoice will be printed without:"
      aria-label="Missing invoice details"
    >
      {gaps.map((gap) => (
        <Group key={gap.what} gap="xs">
          <Text size="sm">{gap.what[0].toUpperCase() + gap.what.slice(1)}.</Text>
          {mayOpen(user, gap.link.to) && (
            <Anchor component={Link} to={gap.link.to} size="sm" fw={600}>
              {gap.link.label}
            </Anchor>
          )}
        </Group>
      ))}
      <Text size="sm" mt={4}>
        You can still generate the invoice; what you add later prints on invoices generated after it.
      </Text>
    </Alert>
  );
}
