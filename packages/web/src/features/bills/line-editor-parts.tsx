import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { NumberField } from '../../components/number-field';
import { TextareaField } from '../../components/textarea-field';

/** The pieces a bill and a purchase order share around their lines: one look, written once. */

/** The bin under a line; the only line cannot go. */
export function RemoveLineButton({
  index,
  only,
  onRemove,
}: {
  index: number;
  only: boolean;
  onRemove: () => void;
}) {
  return (
    <Group justify="flex-end">
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Remove line ${index + 1}`}
        disabled={only}
        onClick={onRemove}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/** Under the lines: the lines' error, if any, and Add Line. */
export function LinesFooter({ error, onAdd }: { error: string | undefined; onAdd: () => void }) {
  return (
    <>
      {error && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd}>
          Add Line
        </Button>
      </Group>
    </>
  );
}

interface ChargesValues extends FieldValues {
  freight_charges?: unknown;
  other_charges?: unknown;
  notes?: unknown;
}

/** Freight and other charges (in rupees) and the notes, with an optional line under the charges. */
export function ChargesAndNotesCard<T extends ChargesValues>({
  control,
  hint,
}: {
  control: Control<T>;
  hint?: ReactNode;
}) {
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberField
            control={control}
            name={'freight_charges' as Path<T>}
            label="Freight Charges"
            leftSection="₹"
            min={0}
            decimalScale={2}
            allowNegative={false}
          />
          <NumberField
            control={control}
            name={'other_charges' as Path<T>}
            label="Other Charges"
            leftSection="₹"
            min={0}
            decimalScale={2}
            allowNegative={false}
          />
        </SimpleGrid>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
        <TextareaField control={control} name={'notes' as Path<T>} label="Notes" rows={2} maxLength={1000} />
      </Stack>
    </Card>
  );
}
