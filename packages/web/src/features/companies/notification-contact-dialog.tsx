import { notificationContactInput } from '@b2b/domain/api/companies';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../components/form-dialog';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import type { NotificationContact, NotificationContactBody } from './companies.api';

type Values = z.input<typeof notificationContactInput>;
const FIELDS = ['name', 'email', 'phone'] as const;

/** Saving a contact of one owner (the company, a branch): the owner's add and update mutations. */
export interface NotificationContactSaving {
  add: { mutateAsync: (body: NotificationContactBody) => Promise<unknown>; isPending: boolean };
  update: {
    mutateAsync: (change: { id: number; body: NotificationContactBody }) => Promise<unknown>;
    isPending: boolean;
  };
}

export interface NotificationContactDialogProps extends NotificationContactSaving {
  /** null adds a contact */
  contact: NotificationContact | null;
  onClose: () => void;
}

/** Add or edit a person who receives notifications: a name and an e-mail or phone. */
export function NotificationContactDialog({ add, update, contact, onClose }: NotificationContactDialogProps) {
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
    <FormDialog
      title={contact ? 'Edit Notification Contact' : 'Add Notification Contact'}
      submitLabel={contact ? 'Save' : 'Add Contact'}
      pending={add.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField control={form.control} name="name" label="Name" required maxLength={100} data-autofocus />
      <TextField control={form.control} name="email" label="Email" type="email" autoComplete="off" />
      <TextField control={form.control} name="phone" label="Phone" inputMode="tel" maxLength={10} />
    </FormDialog>
  );
}
