import { referralLinkBuyerInput } from '@b2b/domain/api/referrals';
import { zodResolver } from '@hookform/resolvers/zod';
import { Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { EntitySelectField } from '../../components/entity-select-field';
import { FormDialog } from '../../components/form-dialog';
import { applyServerErrors } from '../../components/server-errors';
import { buyerSource } from '../quotations/quotation-party-fields';
import { type Referral, useLinkBuyer } from './referrals.api';

const schema = z.object({ buyer: z.number({ error: 'Please choose the buyer who signed up.' }) });

/** 'Link Buyer': the invited contact signed up as this buyer. */
export function LinkBuyerDialog({
  companyId,
  referral,
  onClose,
}: {
  companyId: number;
  referral: Referral;
  onClose: () => void;
}) {
  const link = useLinkBuyer();
  const form = useForm<{ buyer: number | null }>({
    mode: 'onTouched',
    resolver: zodResolver(schema as never),
    defaultValues: { buyer: null },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await link.mutateAsync({ id: referral.id, ...referralLinkBuyerInput.parse(values) });
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, ['buyer']);
    }
  });
  return (
    <FormDialog
      title="Link Buyer"
      submitLabel="Link Buyer"
      pending={link.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm">
        {referral.contact_name}, invited by {referral.referrer.name}, signed up as:
      </Text>
      <EntitySelectField
        control={form.control}
        name="buyer"
        label="New buyer"
        source={buyerSource(companyId)}
        required
      />
    </FormDialog>
  );
}
