import { RAZORPAY_MESSAGES } from '@b2b/domain/razorpay';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { errorDetail } from '../../api/api-error';
import { Money } from '../../components/money';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { invoicePaymentLinkQuery, type PaymentLink, useCreatePaymentLink } from './razorpay.api';

const LINK_STATUS_LABELS: Record<PaymentLink['status'], { label: string; color: string }> = {
  created: { label: 'Awaiting payment', color: 'yellow' },
  partially_paid: { label: 'Partly paid', color: 'orange' },
  paid: { label: 'Paid', color: 'green' },
  cancelled: { label: 'Replaced', color: 'gray' },
  expired: { label: 'Expired', color: 'gray' },
};

/** The link's address with a copy button and its status. */
function LinkView({ link }: { link: PaymentLink }) {
  const status = LINK_STATUS_LABELS[link.status];
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm">
          Razorpay payment link for <Money value={link.amount} />
        </Text>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Group>
      <Group gap="xs" align="flex-end">
        <TextInput label="Payment link" value={link.short_url} readOnly w={360} />
        <CopyButton value={link.short_url}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Anchor href={link.short_url} target="_blank" rel="noreferrer" size="sm">
          Open
        </Anchor>
      </Group>
      <Text size="xs" c="dimmed">
        The link goes out with the invoice mail. The payment is recorded here when Razorpay reports it.
      </Text>
    </Stack>
  );
}

/**
 * 'Payment link' on an unpaid invoice: makes (or reuses) a Razorpay payment link for the balance
 * due. Says plainly when Razorpay is not connected.
 */
export function PaymentLinkButton({
  invoice,
}: {
  invoice: { id: number; status: string; amount_due: number };
}) {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!canPerform(user, 'add_payment_received') || invoice.status === 'cancelled' || invoice.amount_due <= 0)
    return null;
  return (
    <>
      <Button variant="default" leftSection={<IconLink size={16} />} onClick={() => setOpen(true)}>
        Payment link
      </Button>
      {open && <PaymentLinkDialog invoiceId={invoice.id} onClose={() => setOpen(false)} />}
    </>
  );
}

function PaymentLinkDialog({ invoiceId, onClose }: { invoiceId: number; onClose: () => void }) {
  const current = useQuery(invoicePaymentLinkQuery(invoiceId));
  const create = useCreatePaymentLink(invoiceId);
  const link = create.data ?? current.data?.link ?? null;
  return (
    <Modal opened onClose={onClose} title="Payment link" size="lg">
      <Stack gap="md">
        {current.isError && <Alert color="red">{errorDetail(current.error)}</Alert>}
        {current.data && !current.data.razorpay_connected && (
          <Alert color="yellow" title="Razorpay is not connected">
            <Text size="sm">
              {RAZORPAY_MESSAGES.not_configured}{' '}
              <Anchor component={Link} to={PATHS.razorpayAuthentication}>
                Razorpay authentication
              </Anchor>
            </Text>
          </Alert>
        )}
        {link && <LinkView link={link} />}
        {create.isError && <Alert color="red">{errorDetail(create.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {current.data?.razorpay_connected && (
            <Button loading={create.isPending} onClick={() => create.mutate()}>
              {link && link.status !== 'paid' && link.status !== 'cancelled' ? 'Refresh link' : 'Create link'}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
