import { ActionIcon, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorDetail } from '../../api/api-error';
import { productPickerQuery } from '../products/products.api';
import { useSetVariants, type VariantGroup } from './variant-groups.api';

type Variant = VariantGroup['products'][number];

export interface VariantProductsDialogProps {
  companyId: number;
  group: VariantGroup;
  canChange: boolean;
  onClose: () => void;
}

const labelOf = (product: Variant['product']) =>
  product.sku ? `${product.name} (${product.sku})` : product.name;

/** The group's products as variants, each with the option it stands for; saved as one list. */
export function VariantProductsDialog({ companyId, group, canChange, onClose }: VariantProductsDialogProps) {
  const [variants, setVariants] = useState<Variant[]>(group.products);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const results = useQuery({ ...productPickerQuery(companyId, debounced), enabled: canChange });
  const save = useSetVariants(group.id);
  const [problem, setProblem] = useState<string | null>(null);

  const chosen = new Set(variants.map((v) => v.product.id));
  const candidates = (results.data?.results ?? []).filter((p) => !chosen.has(p.id));
  const options = group.options.map((o) => ({ value: o, label: o }));

  const submit = async () => {
    setProblem(null);
    try {
      await save.mutateAsync({
        products: variants.map((v) => ({ product: v.product.id, option: v.option })),
      });
      onClose();
    } catch (error) {
      setProblem(errorDetail(error));
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Variants of ${group.name}`} size="lg">
      <Stack gap="md">
        {canChange && (
          <Select
            label="Add Product"
            placeholder="Search products by name or SKU"
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            data={candidates.map((p) => ({ value: String(p.id), label: labelOf(p) }))}
            value={null}
            nothingFoundMessage={results.isFetching ? 'Searching…' : 'No product found'}
            onChange={(value) => {
              const product = candidates.find((p) => String(p.id) === value);
              if (!product) return;
              setVariants([
                ...variants,
                {
                  product: { id: product.id, name: product.name, sku: product.sku },
                  option: group.options[0] ?? '',
                },
              ]);
              setSearch('');
            }}
          />
        )}
        {variants.length === 0 ? (
          <Text c="dimmed">No product is a variant of this group yet.</Text>
        ) : (
          <Table aria-label="Variants">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>{group.attribute}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {variants.map((variant, index) => (
                <Table.Tr key={variant.product.id}>
                  <Table.Td>{labelOf(variant.product)}</Table.Td>
                  <Table.Td>
                    {canChange ? (
                      <Select
                        aria-label={`${group.attribute} of ${variant.product.name}`}
                        data={options}
                        value={variant.option}
                        allowDeselect={false}
                        onChange={(value) =>
                          setVariants(
                            variants.map((v, i) => (i === index ? { ...v, option: value ?? v.option } : v)),
                          )
                        }
                      />
                    ) : (
                      variant.option
                    )}
                  </Table.Td>
                  <Table.Td>
                    {canChange && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${variant.product.name}`}
                        onClick={() => setVariants(variants.filter((_, i) => i !== index))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {problem && (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {canChange ? 'Cancel' : 'Close'}
          </Button>
          {canChange && (
            <Button onClick={submit} loading={save.isPending}>
              Save Variants
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
