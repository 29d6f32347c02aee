import { ATTRIBUTE_NAME_MAX, ATTRIBUTE_TYPES, attributeCreate } from '@b2b/domain/api/product-groups';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { applyServerErrors } from '../../components/server-errors';
import { SwitchField } from '../../components/switch-field';
import { TagsField } from '../../components/tags-field';
import { TextField } from '../../components/text-field';
import {
  type ProductAttribute,
  type ProductGroup,
  productGroupQuery,
  useAddAttribute,
  useDeleteAttribute,
  useUpdateAttribute,
} from './product-groups.api';

type Values = z.input<typeof attributeCreate>;
const FIELDS = ['name', 'type', 'options', 'is_required', 'position'] as const;
const TYPE_LABELS: Record<(typeof ATTRIBUTE_TYPES)[number], string> = {
  text: 'Text',
  number: 'Number',
  boolean: 'Yes / No',
  select: 'Select',
};
const EMPTY: Values = { name: '', type: 'text', options: [], is_required: false, position: 0 };

/** The form's values of a stored attribute: its fields without the id, which the strict schema refuses. */
const valuesOf = ({ name, type, options, is_required, position }: ProductAttribute): Values => ({
  name,
  type,
  options,
  is_required,
  position,
});

function AttributeForm({
  groupId,
  attribute,
  onDone,
}: {
  groupId: number;
  attribute: ProductAttribute | null;
  onDone: () => void;
}) {
  const add = useAddAttribute(groupId);
  const update = useUpdateAttribute(groupId);
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: zodResolver(attributeCreate),
    defaultValues: attribute ? valuesOf(attribute) : EMPTY,
  });
  const type = form.watch('type');

  const submit = form.handleSubmit(async (values) => {
    const body = attributeCreate.parse(values);
    try {
      if (attribute) await update.mutateAsync({ id: attribute.id, body });
      else await add.mutateAsync(body);
      form.reset(EMPTY);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label={attribute ? 'Edit attribute' : 'Add attribute'}>
      <Stack gap="sm">
        <Title order={5}>{attribute ? `Edit ${attribute.name}` : 'Add Attribute'}</Title>
        <Group grow align="flex-start">
          <TextField
            control={form.control}
            name="name"
            label="Attribute Name"
            required
            maxLength={ATTRIBUTE_NAME_MAX}
          />
          <SelectField
            control={form.control}
            name="type"
            label="Type"
            required
            allowDeselect={false}
            data={ATTRIBUTE_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
            onOptionSubmit={(value) => {
              if (value !== 'select') form.setValue('options', []);
            }}
          />
        </Group>
        {type === 'select' && (
          <TagsField
            control={form.control}
            name="options"
            label="Options"
            required
            placeholder="Type an option and press Enter"
          />
        )}
        <Group grow align="flex-start">
          <NumberField control={form.control} name="position" label="Position" min={0} allowDecimal={false} />
          <SwitchField control={form.control} name="is_required" label="Required" mt="lg" />
        </Group>
        <Group justify="flex-end">
          {attribute && (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={add.isPending || update.isPending}>
            {attribute ? 'Save Attribute' : 'Add Attribute'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface AttributesDialogProps {
  group: ProductGroup;
  canChange: boolean;
  canDelete: boolean;
  onClose: () => void;
}

/** The attributes of one product group: added, updated and deleted in place. */
export function AttributesDialog({ group, canChange, canDelete, onClose }: AttributesDialogProps) {
  const detail = useQuery({ ...productGroupQuery(group.id), placeholderData: group });
  const remove = useDeleteAttribute(group.id);
  const [editing, setEditing] = useState<ProductAttribute | null>(null);
  const [deleting, setDeleting] = useState<ProductAttribute | null>(null);
  const attributes = detail.data?.attributes ?? [];

  return (
    <Modal opened onClose={onClose} title={`Attributes of ${group.name}`} size="lg">
      <Stack gap="md">
        {detail.error ? (
          <LoadErrorAlert
            title="Failed to load Product attribute."
            error={detail.error}
            onRetry={() => detail.refetch()}
          />
        ) : attributes.length === 0 ? (
          <Text c="dimmed">This group has no attributes yet.</Text>
        ) : (
          <Table aria-label="Attributes" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Options</Table.Th>
                <Table.Th>Position</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {attributes.map((attribute) => (
                <Table.Tr key={attribute.id}>
                  <Table.Td>
                    {attribute.name}{' '}
                    {attribute.is_required && (
                      <Badge size="xs" variant="light">
                        Required
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{TYPE_LABELS[attribute.type]}</Table.Td>
                  <Table.Td>{attribute.options.join(', ')}</Table.Td>
                  <Table.Td>{attribute.position}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {canChange && (
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Edit ${attribute.name}`}
                          onClick={() => setEditing(attribute)}
                        >
                          <IconEdit size={16} />
                        </ActionIcon>
                      )}
                      {canDelete && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${attribute.name}`}
                          onClick={() => setDeleting(attribute)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {canChange && (
          <AttributeForm
            key={editing?.id ?? 'new'}
            groupId={group.id}
            attribute={editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Attribute"
        message={deleting ? `Delete the attribute ${deleting.name}?` : ''}
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      />
    </Modal>
  );
}
