import { GST_RETURN_LABELS, GSTR3B_MESSAGES, type GstReturnType, periodLabel } from '@b2b/domain/gst/gstr3b';
import { Badge, Button, Group, Loader, Text } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { filedPeriodsQuery, useMarkPeriodFiled, useReopenPeriod } from './gstr3b.api';

export interface FiledPeriodControlProps {
  companyId: number;
  gstin: string;
  /** 'YYYY-MM' */
  period: string;
  returnType: GstReturnType;
  /** The user holds change_gst_return: shows the buttons (the server checks again). */
  canChange: boolean;
}

/**
 * Whether a GSTIN's return of a month is filed, and the button that marks it filed or reopens it.
 * Shared by the return pages (GSTR-1 beside its downloads, GSTR-3B beside its table). While a
 * period is filed, the company's lock refuses changes to the documents dated in it.
 */
export function FiledPeriodControl({
  companyId,
  gstin,
  period,
  returnType,
  canChange,
}: FiledPeriodControlProps) {
  const filed = useQuery(filedPeriodsQuery(companyId, gstin, period));
  const mark = useMarkPeriodFiled(companyId);
  const reopen = useReopenPeriod(companyId);
  const [confirming, setConfirming] = useState<'mark' | 'reopen' | null>(null);
  const label = GST_RETURN_LABELS[returnType];
  const entry = filed.data?.results.find((row) => row.return_type === returnType);

  if (filed.isPending) return <Loader size="xs" aria-label={`Loading whether ${label} is filed`} />;
  if (filed.isError)
    return (
      <Text c="red" size="sm">
        {GSTR3B_MESSAGES.load_failed}
      </Text>
    );

  const onConfirm = () => {
    if (confirming === 'mark') {
      mark.mutate(
        { gstin, period, return_type: returnType },
        {
          onSuccess: () => notifySuccess(GSTR3B_MESSAGES.marked_filed(returnType, period)),
          onError: (error) => notifyFailure(GSTR3B_MESSAGES.mark_failed, error),
          onSettled: () => setConfirming(null),
        },
      );
    } else if (confirming === 'reopen' && entry) {
      reopen.mutate(entry.id, {
        onSuccess: () => notifySuccess(GSTR3B_MESSAGES.reopened(returnType, period)),
        onError: (error) => notifyFailure(GSTR3B_MESSAGES.reopen_failed, error),
        onSettled: () => setConfirming(null),
      });
    }
  };

  return (
    <Group gap="sm" wrap="wrap">
      {entry ? (
        <Badge
          color="green"
          variant="light"
          leftSection={<IconLock size={12} />}
          data-testid={`${returnType}-filed`}
        >
          {label} filed
        </Badge>
      ) : (
        <Badge color="gray" variant="light">
          {label} not filed
        </Badge>
      )}
      {entry && (
        <Text size="sm" c="dimmed">
          Marked filed on {dayjs(entry.filed_at).format('DD/MM/YYYY')}
          {entry.filed_by ? ` by ${entry.filed_by.name}` : ''}
        </Text>
      )}
      {canChange &&
        (entry ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconLockOpen size={14} />}
            onClick={() => setConfirming('reopen')}
          >
            Reopen {label}
          </Button>
        ) : (
          <Button size="xs" leftSection={<IconLock size={14} />} onClick={() => setConfirming('mark')}>
            Mark {label} filed
          </Button>
        ))}
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming === 'reopen' ? `Reopen ${label}` : `Mark ${label} filed`}
        message={
          confirming === 'reopen'
            ? `Reopen ${label} for ${periodLabel(period)} of ${gstin}? Invoices, credit notes, debit notes and delivery challans dated in it can be changed again.`
            : `Mark ${label} for ${periodLabel(period)} of ${gstin} filed? Invoices, credit notes, debit notes and delivery challans dated in it can no longer be issued, edited or cancelled until it is reopened.`
        }
        confirmLabel={confirming === 'reopen' ? 'Reopen' : 'Mark filed'}
        color={confirming === 'reopen' ? 'orange' : 'blue'}
        loading={mark.isPending || reopen.isPending}
        onConfirm={onConfirm}
        onClose={() => setConfirming(null)}
      />
    </Group>
  );
}
