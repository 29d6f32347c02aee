import { Button } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Payment, useCancelPayment, useRecheckPayment } from './payments.api';

/**
 * Cancel and Recheck Status of one payment, shown by what the server says it allows. Recheck asks
 * the payment gateway; without one configured the server answers so, and the toast says it.
 */
export function PaymentRowActions({ payment, mayChange }: { payment: Payment; mayChange: boolean }) {
  const cancel = useCancelPayment();
  const recheck = useRecheckPayment();
  const [confirming, setConfirming] = useState(false);
  if (!mayChange) return null;
  return (
    <>
      {payment.allowed_actions.includes('recheck') && (
        <Button
          size="xs"
          variant="default"
          loading={recheck.isPending}
          onClick={() => recheck.mutate(payment.id)}
          aria-label={`Recheck status of ${payment.payment_number}`}
        >
          Recheck Status
        </Button>
      )}
      {payment.allowed_actions.includes('cancel') && (
        <Button
          size="xs"
          color="red"
          variant="light"
          onClick={() => setConfirming(true)}
          aria-label={`Cancel payment ${payment.payment_number}`}
        >
          Cancel Payment
        </Button>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Cancel Payment"
        message={`Cancel payment ${payment.payment_number}? Its allocations to invoices are reversed and the buyer owes the amount again.`}
        confirmLabel="Cancel Payment"
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(payment.id, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
