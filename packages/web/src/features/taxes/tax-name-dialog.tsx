import { requiredText } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { formatRate, type Tax, useRenameTax } from './taxes.api';

const schema = z.object({ display_name: requiredText('Display name is required.', 64) });
type Values = z.input<typeof schema>;
const FIELDS = ['display_name'] as const;

export interface TaxNameDialogProps {
  companyId: number;
  tax: Tax;
  onClose: () => void;
}

/** Renames a tax: the name printed on documents; the rate itself cannot change. */
export function TaxNameDialog({ companyId, tax, onClose }: TaxNameDialogProps) {
  const rename = useRenameTax(companyId);
  const form = useForm<Values>({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: { display_name: tax.display_name },
  });

  const submit = form.handleSubmit((values) => {
    rename.mutate(
      { tax, display_name: schema.parse(values).display_name },
      { onSuccess: onClose, onError: (error) => applyServerErrors(error, form.setError, FIELDS) },
    );
  });

  return (
    <Modal opened onClose={onClose} title="Edit Tax" size="sm">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {tax.type === 'gst' ? 'GST' : 'Cess'} at {formatRate(tax.rate)}
          </Text>
          <TextField
            control={form.control}
            name="display_name"
            label="Display Name"
            required
            maxLength={64}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
