import { type ReferralInviteInput, referralInviteInput } from '@b2b/domain/api/referrals';
import { zodResolver } from '@hookform/resolvers/zod';
import { Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { EntitySelectField } from '../../components/entity-select-field';
import { FormDialog } from '../../components/form-dialog';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { buyerSource } from '../quotations/quotation-party-fields';
import { useRecordInvite } from './referrals.api';

export interface InviteFormValues {
  referrer: number | null;
  referral_code: string;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
}

const EMPTY: InviteFormValues = {
  referrer: null,
  referral_code: '',
  contact_name: '',
  contact_phone: '',
  contact_email: '',
};

const FIELDS = ['referrer', 'referral_code', 'contact_name', 'contact_phone', 'contact_email'] as const;

/** 'Record Invite': who referred (a buyer or the code the new buyer gave) and whom they invited. */
export function RecordInviteDialog({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const record = useRecordInvite(companyId);
  const form = useForm<InviteFormValues>({
    mode: 'onTouched',
    resolver: zodResolver(referralInviteInput as never),
    defaultValues: EMPTY,
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await record.mutateAsync(values as unknown as ReferralInviteInput);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });
  const { control } = form;
  return (
    <FormDialog
      title="Record Invite"
      submitLabel="Record Invite"
      pending={record.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm" c="dimmed">
        Name the referrer by picking the buyer or typing the referral code the new buyer gave.
      </Text>
      <EntitySelectField control={control} name="referrer" label="Referrer" source={buyerSource(companyId)} />
      <TextField control={control} name="referral_code" label="Referral code" placeholder="e.g. REFK7M2QX" />
      <TextField control={control} name="contact_name" label="Invited contact's name" required />
      <TextField control={control} name="contact_phone" label="Phone" placeholder="10-digit mobile number" />
      <TextField control={control} name="contact_email" label="Email" type="email" />
    </FormDialog>
  );
}
