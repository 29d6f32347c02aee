import { contactCreate } from '@b2b/domain/api/contacts';
import { CONTACT_MEDIUM_LABELS, CONTACT_MEDIUMS, type ContactMedium } from '@b2b/domain/contacts';
import { Checkbox, Group, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { notifyFailure } from '../../components/notify';
import { serverFieldErrors } from '../../components/server-errors';
import { statesQuery } from '../reference/reference.api';
import { type Contact, useSaveContact } from './contacts.api';

type Values = {
  name: string;
  phone: string;
  email: string;
  whatsapp_number: string;
  city: string;
  state_id: string;
  tags: string[];
  consents: Record<ContactMedium, boolean>;
};

function initialValues(contact?: Contact): Values {
  const consent = (medium: ContactMedium) =>
    contact?.consents.find((c) => c.medium === medium)?.consented ?? false;
  return {
    name: contact?.name ?? '',
    phone: contact?.phone ?? '',
    email: contact?.email ?? '',
    whatsapp_number: contact?.whatsapp_number ?? '',
    city: contact?.city ?? '',
    state_id: contact?.state ? String(contact.state.id) : '',
    tags: contact?.tags ?? [],
    consents: Object.fromEntries(CONTACT_MEDIUMS.map((m) => [m, consent(m)])) as Record<
      ContactMedium,
      boolean
    >,
  };
}

/**
 * Add or edit a contact. A buyer's contact takes its name, phone, e-mail, city and state from the
 * buyer, so those fields are read-only here; its WhatsApp number, tags and consents are its own.
 * Ticking a medium records consent given by hand; unticking records an opt-out by hand.
 */
export function ContactFormDialog({
  companyId,
  contact,
  onClose,
  onSaved,
}: {
  companyId: number;
  contact?: Contact;
  onClose: () => void;
  onSaved?: (contact: Contact) => void;
}) {
  const [values, setValues] = useState<Values>(() => initialValues(contact));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveContact(companyId);
  const states = useQuery(statesQuery);
  const stateList = states.data?.results ?? [];
  const fromBuyer = contact?.buyer != null;
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Stay on the page: the dialog is a form, and a plain submit would reload it.
    event.preventDefault();
    const body = {
      ...(fromBuyer
        ? {}
        : {
            name: values.name,
            phone: values.phone,
            email: values.email,
            city: values.city,
            state_id: values.state_id === '' ? null : Number(values.state_id),
          }),
      whatsapp_number: values.whatsapp_number,
      tags: values.tags,
      consents: values.consents,
    };
    if (!fromBuyer) {
      const checked = contactCreate.safeParse(body);
      if (!checked.success) {
        setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
        return;
      }
    }
    setErrors({});
    save.mutate(
      { id: contact?.id, body },
      {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => {
          const fieldErrors = serverFieldErrors(error);
          if (fieldErrors) setErrors(fieldErrors);
          else notifyFailure('The contact was not saved.', error);
        },
      },
    );
  };

  return (
    <FormDialog
      title={contact ? 'Edit Contact' : 'Add Contact'}
      submitLabel={contact ? 'Save' : 'Add Contact'}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      {fromBuyer && (
        <Text size="sm" c="dimmed">
          This is the contact of the buyer {contact?.buyer?.name}: its name, phone, e-mail, city and state
          follow the buyer.
        </Text>
      )}
      <TextInput
        label="Name"
        required
        disabled={fromBuyer}
        value={values.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={errors.name}
      />
      <Group grow align="flex-start">
        <TextInput
          label="Phone"
          description="10-digit mobile number"
          disabled={fromBuyer}
          value={values.phone}
          onChange={(e) => set('phone', e.currentTarget.value)}
          error={errors.phone}
        />
        <TextInput
          label="WhatsApp number"
          value={values.whatsapp_number}
          onChange={(e) => set('whatsapp_number', e.currentTarget.value)}
          error={errors.whatsapp_number}
        />
      </Group>
      <TextInput
        label="E-mail"
        type="email"
        disabled={fromBuyer}
        value={values.email}
        onChange={(e) => set('email', e.currentTarget.value)}
        error={errors.email}
      />
      <Group grow align="flex-start">
        <TextInput
          label="City"
          disabled={fromBuyer}
          value={values.city}
          onChange={(e) => set('city', e.currentTarget.value)}
          error={errors.city}
        />
        <Select
          label="State"
          searchable
          clearable
          disabled={fromBuyer}
          data={stateList.map((s) => ({ value: String(s.id), label: s.name }))}
          value={values.state_id || null}
          onChange={(value) => set('state_id', value ?? '')}
          error={errors.state_id}
        />
      </Group>
      <TagsInput
        label="Tags"
        description="Press Enter after each tag"
        value={values.tags}
        onChange={(tags) => set('tags', tags)}
        error={errors.tags}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Consent
        </Text>
        <Group gap="lg">
          {CONTACT_MEDIUMS.map((medium) => (
            <Checkbox
              key={medium}
              label={CONTACT_MEDIUM_LABELS[medium]}
              checked={values.consents[medium]}
              onChange={(e) => set('consents', { ...values.consents, [medium]: e.currentTarget.checked })}
            />
          ))}
        </Group>
      </Stack>
    </FormDialog>
  );
}
