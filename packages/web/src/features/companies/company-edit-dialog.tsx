import { emailSchema, gstinSchema, optionalField, phoneSchema, requiredText } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { type Company, useUpdateCompany } from './companies.api';

const schema = z.object({
  name: requiredText('Company name is required.', 200),
  display_name: z.string().trim().max(200).optional(),
  gstin: optionalField(gstinSchema),
  email: optionalField(emailSchema),
  phone: optionalField(phoneSchema),
  website: z.string().trim().max(200).optional(),
});
type Values = z.input<typeof schema>;
const FIELDS = ['name', 'display_name', 'gstin', 'email', 'phone', 'website'] as const;

const orNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export function CompanyEditDialog({ company, onClose }: { company: Company; onClose: () => void }) {
  const update = useUpdateCompany(company.id);
  const form = useForm<Values>({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: {
      name: company.name,
      display_name: company.display_name ?? '',
      gstin: company.gstin ?? '',
      email: company.email ?? '',
      phone: company.phone ?? '',
      website: company.website ?? '',
    },
  });

  const submit = form.handleSubmit((values) => {
    const parsed = schema.parse(values);
    update.mutate(
      {
        name: parsed.name,
        display_name: orNull(parsed.display_name),
        gstin: orNull(parsed.gstin),
        email: orNull(parsed.email),
        phone: orNull(parsed.phone),
        website: orNull(parsed.website),
      },
      { onSuccess: onClose, onError: (error) => applyServerErrors(error, form.setError, FIELDS) },
    );
  });

  return (
    <Modal opened onClose={onClose} title="Edit Company" size="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField control={form.control} name="name" label="Company Name" required />
            <TextField control={form.control} name="display_name" label="Display Name" />
            <TextField control={form.control} name="gstin" label="GSTIN" maxLength={15} />
            <TextField control={form.control} name="email" label="Email" type="email" />
            <TextField control={form.control} name="phone" label="Phone" inputMode="tel" maxLength={10} />
            <TextField control={form.control} name="website" label="Website" />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
