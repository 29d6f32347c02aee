import { CONTACT_MEDIUM_LABELS, CONTACT_MEDIUMS } from '@b2b/domain/contacts';
import {
  Alert,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { FormDialog } from '../../components/form-dialog';
import { notifyFailure } from '../../components/notify';
import { buyerGroupListQuery } from '../buyer-groups/buyer-groups.api';
import { contactFacetsQuery } from '../contacts/contacts.api';
import { statesQuery } from '../reference/reference.api';
import {
  type ContactList,
  type ContactListFilterBody,
  contactListPreviewQuery,
  useSaveContactList,
} from './contact-lists.api';

type Filter = {
  tags: string[];
  cities: string[];
  state_ids: string[];
  consent_medium: string;
  buyer_group_ids: string[];
  last_order_after: string;
  last_order_before: string;
  outstanding_above: string | number;
  is_buyer: string;
};

const fromSaved = (filters: Record<string, unknown> = {}): Filter => ({
  tags: (filters.tags as string[]) ?? [],
  cities: (filters.cities as string[]) ?? [],
  state_ids: ((filters.state_ids as number[]) ?? []).map(String),
  consent_medium: (filters.consent_medium as string) ?? '',
  buyer_group_ids: ((filters.buyer_group_ids as number[]) ?? []).map(String),
  last_order_after: (filters.last_order_after as string) ?? '',
  last_order_before: (filters.last_order_before as string) ?? '',
  outstanding_above: (filters.outstanding_above as number) ?? '',
  is_buyer: filters.is_buyer === undefined ? '' : filters.is_buyer ? 'buyers' : 'others',
});

/** The builder's state as the API's filter: only what is set. */
export function toFilterBody(filter: Filter): ContactListFilterBody {
  return {
    ...(filter.tags.length ? { tags: filter.tags } : {}),
    ...(filter.cities.length ? { cities: filter.cities } : {}),
    ...(filter.state_ids.length ? { state_ids: filter.state_ids.map(Number) } : {}),
    ...(filter.consent_medium ? { consent_medium: filter.consent_medium as 'email' } : {}),
    ...(filter.buyer_group_ids.length ? { buyer_group_ids: filter.buyer_group_ids.map(Number) } : {}),
    ...(filter.last_order_after ? { last_order_after: filter.last_order_after } : {}),
    ...(filter.last_order_before ? { last_order_before: filter.last_order_before } : {}),
    ...(filter.outstanding_above !== '' ? { outstanding_above: Number(filter.outstanding_above) } : {}),
    ...(filter.is_buyer ? { is_buyer: filter.is_buyer === 'buyers' } : {}),
  };
}

/**
 * Create a contact list, or edit one: a static list is a name (its contacts are chosen on its
 * page); a dynamic list is a filter over contacts and their buyers, with the live count of the
 * contacts it matches now.
 */
export function ContactListFormDialog({
  companyId,
  list,
  onClose,
  onSaved,
}: {
  companyId: number;
  list?: ContactList;
  onClose: () => void;
  onSaved?: (list: ContactList) => void;
}) {
  const [name, setName] = useState(list?.name ?? '');
  const [description, setDescription] = useState(list?.description ?? '');
  const [kind, setKind] = useState<'static' | 'dynamic'>(list?.kind ?? 'dynamic');
  const [filter, setFilter] = useState<Filter>(() => fromSaved(list?.filters));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveContactList(companyId);
  const facets = useQuery(contactFacetsQuery(companyId));
  const states = useQuery(statesQuery);
  const groups = useQuery(buyerGroupListQuery(companyId, { limit: -1 }));
  const body = toFilterBody(filter);
  const [debounced] = useDebouncedValue(body, 300);
  const preview = useQuery({ ...contactListPreviewQuery(companyId, debounced), enabled: kind === 'dynamic' });
  const set = <K extends keyof Filter>(key: K, value: Filter[K]) =>
    setFilter((f) => ({ ...f, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Stay on the page: the dialog is a form, and a plain submit would reload it.
    event.preventDefault();
    if (name.trim() === '') {
      setErrors({ name: 'List name is required.' });
      return;
    }
    const payload =
      list === undefined
        ? { name, description, kind, ...(kind === 'dynamic' ? { filters: body } : {}) }
        : { name, description, ...(list.kind === 'dynamic' ? { filters: body } : {}) };
    save.mutate(
      { id: list?.id, body: payload },
      {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.errors).length > 0)
            setErrors(
              Object.fromEntries(
                Object.entries(error.errors).map(([k, v]) => [k.split('.').pop() ?? k, v[0] ?? '']),
              ),
            );
          else notifyFailure('The contact list was not saved.', error);
        },
      },
    );
  };

  return (
    <FormDialog
      title={list ? 'Edit Contact List' : 'Create Contact List'}
      submitLabel={list ? 'Save' : 'Create Contact List'}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      <TextInput
        label="Name"
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={errors.name}
      />
      <Textarea
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        autosize
        minRows={2}
      />
      {list === undefined && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="list-kind-label">
            Type
          </Text>
          <SegmentedControl
            aria-labelledby="list-kind-label"
            value={kind}
            onChange={(value) => setKind(value as 'static' | 'dynamic')}
            data={[
              { value: 'dynamic', label: 'Dynamic (by filters)' },
              { value: 'static', label: 'Static (chosen contacts)' },
            ]}
          />
        </Stack>
      )}
      {kind === 'static' ? (
        <Text size="sm" c="dimmed">
          Choose the list's contacts on its page after creating it.
        </Text>
      ) : (
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TagsInput
              label="Tags (any of)"
              data={facets.data?.tags ?? []}
              value={filter.tags}
              onChange={(v) => set('tags', v)}
            />
            <TagsInput
              label="Cities"
              data={facets.data?.cities ?? []}
              value={filter.cities}
              onChange={(v) => set('cities', v)}
            />
          </Group>
          <Group grow align="flex-start">
            <MultiSelect
              label="States"
              searchable
              data={(states.data?.results ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
              value={filter.state_ids}
              onChange={(v) => set('state_ids', v)}
            />
            <Select
              label="Consent to"
              clearable
              data={CONTACT_MEDIUMS.map((m) => ({ value: m, label: CONTACT_MEDIUM_LABELS[m] }))}
              value={filter.consent_medium || null}
              onChange={(v) => set('consent_medium', v ?? '')}
            />
          </Group>
          <Group grow align="flex-start">
            <MultiSelect
              label="Buyer groups"
              searchable
              data={(groups.data?.results ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
              value={filter.buyer_group_ids}
              onChange={(v) => set('buyer_group_ids', v)}
              error={errors.buyer_group_ids}
            />
            <Select
              label="Buyers"
              clearable
              data={[
                { value: 'buyers', label: 'Buyers only' },
                { value: 'others', label: 'Not buyers' },
              ]}
              value={filter.is_buyer || null}
              onChange={(v) => set('is_buyer', v ?? '')}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              label="Last order on or after"
              type="date"
              value={filter.last_order_after}
              onChange={(e) => set('last_order_after', e.currentTarget.value)}
              error={errors.last_order_after}
            />
            <TextInput
              label="Last order on or before"
              type="date"
              value={filter.last_order_before}
              onChange={(e) => set('last_order_before', e.currentTarget.value)}
            />
            <NumberInput
              label="Outstanding above (₹)"
              min={0}
              decimalScale={2}
              value={filter.outstanding_above}
              onChange={(v) => set('outstanding_above', v)}
            />
          </Group>
          <Alert variant="light" color={preview.isError ? 'red' : 'blue'} aria-live="polite">
            {preview.isError
              ? isApiError(preview.error)
                ? preview.error.detail
                : 'The count could not be read.'
              : `Matching contacts: ${preview.data?.count ?? '…'}`}
          </Alert>
        </Stack>
      )}
    </FormDialog>
  );
}
