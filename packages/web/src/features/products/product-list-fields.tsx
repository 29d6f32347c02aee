import { ActionIcon, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type Control, type FieldPath, useFieldArray } from 'react-hook-form';
import { TagsField } from '../../components/tags-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import type { ProductFormValues } from './product-form.schema';

interface ListProps {
  control: Control<ProductFormValues>;
  disabled?: boolean;
}

function ListHeading({ title, hint }: { title: string; hint?: string }) {
  return (
    <div>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </div>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick} mt={4}>
      <IconTrash size={16} />
    </ActionIcon>
  );
}

function AddButton({ children, onClick }: { children: string; onClick: () => void }) {
  return (
    <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={onClick} w="fit-content">
      {children}
    </Button>
  );
}

/** Short selling points, one per row. */
export function HighlightsField({ control }: ListProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'highlights' });
  return (
    <Stack gap="xs">
      <ListHeading title="Highlights" hint="Short selling points shown as a list." />
      {fields.map((row, index) => (
        <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap">
          <TextField
            control={control}
            name={`highlights.${index}.text`}
            label=""
            aria-label={`Highlight ${index + 1}`}
            maxLength={500}
            style={{ flex: 1 }}
          />
          <RemoveButton label={`Remove highlight ${index + 1}`} onClick={() => remove(index)} />
        </Group>
      ))}
      <AddButton onClick={() => append({ text: '' })}>Add Highlight</AddButton>
    </Stack>
  );
}

type PairList = 'specifications' | 'attributes';

const PAIRS: Record<
  PairList,
  { title: string; hint: string; one: string; first: [string, string]; second: [string, string] }
> = {
  specifications: {
    title: 'Specifications',
    hint: 'Technical details, e.g. Power: 750 W.',
    one: 'Specification',
    first: ['name', 'Name'],
    second: ['detail', 'Detail'],
  },
  attributes: {
    title: 'Attributes',
    hint: 'Properties such as Colour: Red, used for variants and filters.',
    one: 'Attribute',
    first: ['key', 'Key'],
    second: ['value', 'Value'],
  },
};

/** Name-and-detail rows: specifications, or key-and-value attributes. */
export function PairsField({ control, name }: ListProps & { name: PairList }) {
  const { fields, append, remove } = useFieldArray({ control, name });
  const pair = PAIRS[name];
  const [firstKey, firstLabel] = pair.first;
  const [secondKey, secondLabel] = pair.second;
  return (
    <Stack gap="xs">
      <ListHeading title={pair.title} hint={pair.hint} />
      {fields.map((row, index) => (
        <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap">
          <TextField
            control={control}
            name={`${name}.${index}.${firstKey}` as FieldPath<ProductFormValues>}
            label=""
            aria-label={`${pair.one} ${index + 1} ${firstLabel.toLowerCase()}`}
            placeholder={firstLabel}
            style={{ flex: 2 }}
          />
          <TextField
            control={control}
            name={`${name}.${index}.${secondKey}` as FieldPath<ProductFormValues>}
            label=""
            aria-label={`${pair.one} ${index + 1} ${secondLabel.toLowerCase()}`}
            placeholder={secondLabel}
            style={{ flex: 3 }}
          />
          <RemoveButton
            label={`Remove ${pair.one.toLowerCase()} ${index + 1}`}
            onClick={() => remove(index)}
          />
        </Group>
      ))}
      <AddButton
        onClick={() =>
          name === 'specifications' ? append({ name: '', detail: '' }) : append({ key: '', value: '' })
        }
      >
        {`Add ${pair.one}`}
      </AddButton>
    </Stack>
  );
}

/** Feature blocks: a title, a description and picture links. */
export function FeaturesField({ control }: ListProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'features' });
  return (
    <Stack gap="xs">
      <ListHeading title="Features" hint="Blocks of the product page: a title, a text and pictures." />
      {fields.map((row, index) => (
        <Card key={row.id} withBorder padding="sm" radius="md" bg="gray.0">
          <Stack gap="xs">
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextField
                control={control}
                name={`features.${index}.title`}
                label={`Feature ${index + 1} Title`}
                required
                maxLength={200}
                style={{ flex: 1 }}
              />
              <RemoveButton label={`Remove feature ${index + 1}`} onClick={() => remove(index)} />
            </Group>
            <TextareaField
              control={control}
              name={`features.${index}.description`}
              label={`Feature ${index + 1} Description`}
              autosize
              minRows={2}
              maxLength={2000}
            />
            <TagsField
              control={control}
              name={`features.${index}.images`}
              label={`Feature ${index + 1} Images`}
              placeholder="Paste an image link and press Enter"
              description="Up to 10 links (https://...)."
              maxTags={10}
              splitChars={[' ']}
            />
          </Stack>
        </Card>
      ))}
      <AddButton onClick={() => append({ title: '', description: '', images: [] })}>Add Feature</AddButton>
    </Stack>
  );
}
