import { notificationContactInput } from '@b2b/domain/api/companies';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import {
  type NotificationContact,
  useAddNotificationContact,
  useUpdateNotificationContact,
} from './companies.api';

type Values = z.input<typeof notificationContactInput>;
const FIELDS = ['name', 'email', 'phone'] as const;

export interface NotificationContactDialogProps {
  companyId: number;
  /** null adds a contact */
  contact: NotificationContact | null;
  onClose: () => void;
}

/** Add or edit a person who receives the company's notifications: a name and an e-mail or phone. */
export function NotificationContactDialog({ companyId, contact, onClose }: NotificationContactDialogProps) {
  const add = useAddNotificationContact(companyId);
  const update = useUpdateNotificationContact(companyId);
  const form = useForm<Values>({
    mode: 'all',
    resolver: zodResolver(notificationContactInput),
    defaultValues: { name: contact?.name ?? '', email: contact?.email ?? '', phone: contact?.phone ?? '' },
  });

  const submit = form.handleSubmit(async (values) => {
    const parsed = notificationContactInput.parse(values);
    const body = { name: parsed.name, email: parsed.email ?? null, phone: parsed.phone ?? null };
    try {
      if (contact) await update.mutateAsync({ id: contact.id, body });
      else await add.mutateAsync(body);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={contact ? 'Edit Notification Contact' : 'Add Notification Contact'}
      size="md"
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextField
            control={form.control}
            name="name"
            label="Name"
            required
            maxLength={100}
            data-autofocus
          />
          <TextField control={form.control} name="email" label="Email" type="email" autoComplete="off" />
          <TextField control={form.control} name="phone" label="Phone" inputMode="tel" maxLength={10} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending || update.isPending}>
              {contact ? 'Save' : 'Add Contact'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
