import { LEAD_SETTABLE_STATUSES, LEAD_SOURCES, leadCreate, UTM_KEYS } from '@b2b/domain/api/leads';
import { LEAD_STATUSES, statusLabel } from '@b2b/domain/statuses';
import { zodResolver } from '@hookform/resolvers/zod';
import { Accordion, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { storedUtmFields } from '../../app/utm-capture';
import { DayField } from '../../components/day-field';
import { FormDialog } from '../../components/form-dialog';
import { SelectField } from '../../components/select-field';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { userListQuery } from '../users/users.api';
import { type LeadDetail, useSaveLead } from './leads.api';

type Values = z.input<typeof leadCreate>;
type Output = z.output<typeof leadCreate>;

const FIELDS = [
  'name',
  'contact_person_name',
  'phone',
  'email',
  'gst_number',
  'source',
  'status',
  'sales_person',
  'next_follow_up_date',
  'notes',
  ...UTM_KEYS,
] as const;

const SOURCE_OPTIONS = LEAD_SOURCES.map((s) => ({ value: s.value, label: s.label }));
const STATUS_OPTIONS = LEAD_SETTABLE_STATUSES.map((s) => ({
  value: s,
  label: statusLabel(LEAD_STATUSES, s),
}));
const UTM_LABELS: Record<(typeof UTM_KEYS)[number], string> = {
  utm_source: 'UTM Source',
  utm_medium: 'UTM Medium',
  utm_campaign: 'UTM Campaign',
  utm_ad: 'UTM Ad',
  utm_adgp: 'UTM Ad Group',
};

/**
 * A new lead starts with the tracking parameters this browser keeps (spec 3: collected for
 * attribution; issue 24: sent with sign-up and lead creation), shown open in the UTM section so
 * whoever creates it sees them and can clear what is not the lead's. An edit shows the lead's own.
 */
function valuesOf(
  lead: LeadDetail | null,
  captured: Partial<Record<(typeof UTM_KEYS)[number], string>>,
): Values {
  return {
    name: lead?.name ?? '',
    contact_person_name: lead?.contact_person_name ?? '',
    phone: lead?.phone ?? '',
    email: lead?.email ?? '',
    gst_number: lead?.gst_number ?? '',
    source: (lead?.source as Values['source']) ?? 'walk_in',
    status: (lead?.status as Values['status']) ?? 'new',
    sales_person: lead?.sales_person ? String(lead.sales_person.id) : '',
    next_follow_up_date: lead?.next_follow_up_date ?? '',
    notes: lead?.notes ?? '',
    ...Object.fromEntries(UTM_KEYS.map((key) => [key, lead ? (lead[key] ?? '') : (captured[key] ?? '')])),
  };
}

/** The company's users to assign a lead to, for holders of view_all_leads who may list users. */
function useSalesPersonOptions(companyId: number, enabled: boolean) {
  const users = useQuery({ ...userListQuery(companyId, { limit: 200, is_active: true }), enabled });
  return (users.data?.results ?? []).map((u) => ({
    value: String(u.id),
    label: `${u.first_name} ${u.last_name ?? ''}`.trim(),
  }));
}

export interface LeadFormDialogProps {
  companyId: number;
  /** null creates a lead. */
  lead: LeadDetail | null;
  onClose: () => void;
  onSaved?: (lead: LeadDetail) => void;
}

/** Create a lead or edit one: business, contact, GSTIN, source and UTM, status and follow-up. */
export function LeadFormDialog({ companyId, lead, onClose, onSaved }: LeadFormDialogProps) {
  const user = useCurrentUser();
  const assigns = canPerform(user, 'view_all_leads') && canPerform(user, 'view_user');
  const salesPersons = useSalesPersonOptions(companyId, assigns);
  const save = useSaveLead(companyId);
  const [captured] = useState(() => (lead ? {} : storedUtmFields()));
  const prefilled = Object.keys(captured).length > 0;
  const form = useForm<Values, unknown, Output>({
    mode: 'onTouched',
    resolver: zodResolver(leadCreate),
    defaultValues: valuesOf(lead, captured),
  });
  const { control } = form;

  const submit = form.handleSubmit((values) => {
    const { sales_person, ...rest } = values;
    const body = { ...rest, ...(sales_person ? { sales_person } : {}) };
    save.mutate(
      { id: lead?.id, body },
      {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => applyServerErrors(error, form.setError, FIELDS),
      },
    );
  });

  return (
    <FormDialog
      title={lead ? 'Edit Lead' : 'Create Lead'}
      submitLabel={lead ? 'Save' : 'Create Lead'}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      <TextField control={control} name="name" label="Business Name" required maxLength={200} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextField control={control} name="contact_person_name" label="Contact Person" maxLength={100} />
        <TextField control={control} name="phone" label="Phone" inputMode="numeric" maxLength={10} />
        <TextField control={control} name="email" label="E-mail" type="email" />
        <TextField control={control} name="gst_number" label="GST Number" maxLength={15} />
        <SelectField
          control={control}
          name="source"
          label="Source"
          data={SOURCE_OPTIONS}
          allowDeselect={false}
          required
        />
        <SelectField
          control={control}
          name="status"
          label="Status"
          data={STATUS_OPTIONS}
          allowDeselect={false}
          required
        />
        {assigns && (
          <SelectField
            control={control}
            name="sales_person"
            label="Sales Person"
            data={salesPersons}
            searchable
            clearable
            description="Left empty, the lead is yours."
          />
        )}
        <DayField control={control} name="next_follow_up_date" label="Next Follow-up" clearable />
      </SimpleGrid>
      <TextareaField control={control} name="notes" label="Notes" autosize minRows={2} maxLength={2000} />
      <Accordion variant="contained" defaultValue={prefilled ? 'utm' : null}>
        <Accordion.Item value="utm">
          <Accordion.Control>UTM parameters</Accordion.Control>
          <Accordion.Panel>
            {prefilled && (
              <Text size="sm" c="dimmed" mb="xs">
                Filled from the campaign links this browser was opened with; clear any that are not this
                lead's.
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {UTM_KEYS.map((key) => (
                <TextField key={key} control={control} name={key} label={UTM_LABELS[key]} maxLength={200} />
              ))}
            </SimpleGrid>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </FormDialog>
  );
}
