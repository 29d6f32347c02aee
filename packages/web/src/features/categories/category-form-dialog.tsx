import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Input, Modal, SegmentedControl, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { buildCategoryTree, findCategoryNode, parentIdOf, subtreeIds } from '../../components/category-tree';
import { CategoryTreeSelectField } from '../../components/category-tree-select-field';
import { RichTextField } from '../../components/rich-text-field';
import { applyServerErrors } from '../../components/server-errors';
import { submitHere } from '../../components/submit-here';
import { TextField } from '../../components/text-field';
import { useUnsavedChanges } from '../../components/use-unsaved-changes';
import { type Category, useCreateCategory, useUpdateCategory } from './categories.api';
import {
  CATEGORY_FORM_FIELDS,
  type CategoryFormOutput,
  type CategoryFormValues,
  categoryFormSchema,
  createCategoryBody,
  subCategoryFormSchema,
  updateCategoryBody,
} from './category-form.schema';

export type CategoryDialogTarget =
  | {
      kind: 'create' /** the parent to preselect; null or the root adds a top-level category */;
      parentId: number | null;
    }
  | { kind: 'edit'; category: Category };

export interface CategoryFormDialogProps {
  companyId: number;
  target: CategoryDialogTarget;
  /** Every category of the company, the root included (the tree of the parent field). */
  categories: readonly Category[];
  onClose: () => void;
  /** After a successful save, with the server's category. */
  onSaved?: (category: Category) => void;
}

const KIND_OPTIONS = [
  { value: 'category', label: 'Category' },
  { value: 'sub-category', label: 'Sub-category' },
];

// The sub-category schema only while 'Sub-category' is chosen: its parent is then required.
const topLevelResolver = zodResolver(categoryFormSchema);
const subCategoryResolver = zodResolver(subCategoryFormSchema);
const resolveCategoryForm = ((values, context, options) =>
  values.kind === 'sub-category'
    ? subCategoryResolver(values as never, context, options as never)
    : topLevelResolver(values as never, context, options as never)) as Resolver<CategoryFormValues>;

function initialValues(target: CategoryDialogTarget, rootId: number | null): CategoryFormValues {
  if (target.kind === 'edit') {
    return {
      kind: 'category',
      name: target.category.name,
      description: target.category.description ?? '',
      parent_category: parentIdOf(target.category),
    };
  }
  const underParent = target.parentId !== null && target.parentId !== rootId;
  return {
    kind: underParent ? 'sub-category' : 'category',
    name: '',
    description: '',
    parent_category: underParent ? target.parentId : null,
  };
}

/**
 * The spec's category overlay: name, parent category (for a sub-category) and description,
 * validated when a field is left. Editing also moves a category under another parent.
 */
export function CategoryFormDialog({
  companyId,
  target,
  categories,
  onClose,
  onSaved,
}: CategoryFormDialogProps) {
  const create = useCreateCategory(companyId);
  const update = useUpdateCategory();
  const rootId = categories.find((category) => category.is_root)?.id ?? null;
  const editing = target.kind === 'edit' ? target.category : null;

  const form = useForm<CategoryFormValues>({
    mode: 'onTouched',
    resolver: resolveCategoryForm,
    defaultValues: initialValues(target, rootId),
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  // Saving closes the overlay, which ends the warning with it.
  const { prompt: unsavedChangesPrompt } = useUnsavedChanges(form.formState.isDirty);

  // Moving a category under itself or one of its sub-categories would make a loop; an inactive
  // category takes no new sub-categories (its current children stay where they are).
  const isDisabled = useMemo(() => {
    if (!editing) return undefined;
    const node = findCategoryNode(buildCategoryTree(categories), editing.id);
    const below = node ? subtreeIds(node) : new Set([editing.id]);
    const currentParent = parentIdOf(editing);
    return (category: { id: number; is_active: boolean }) =>
      below.has(category.id) || (!category.is_active && category.id !== currentParent);
  }, [editing, categories]);

  const hasOtherCategories = categories.some((category) => !category.is_root);

  const submit = form.handleSubmit(async (raw) => {
    // The resolver hands over the schema's output (blank description as null).
    const values = raw as unknown as CategoryFormOutput;
    try {
      const saved = editing
        ? await update.mutateAsync({ id: editing.id, body: updateCategoryBody(editing, values, rootId) })
        : await create.mutateAsync(createCategoryBody(values, rootId));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, CATEGORY_FORM_FIELDS);
    }
  });

  const title = editing ? 'Edit Category' : kind === 'sub-category' ? 'Add Sub-category' : 'Add Category';

  return (
    <Modal opened onClose={onClose} title={title} size="md">
      <form noValidate onSubmit={submitHere(submit)}>
        <Stack gap="md">
          <TextField
            control={form.control}
            name="name"
            label="Name"
            required
            maxLength={200}
            data-autofocus
          />
          {!editing && hasOtherCategories && (
            <Input.Wrapper label="Add as">
              <SegmentedControl
                fullWidth
                aria-label="Add as"
                data={KIND_OPTIONS}
                value={kind}
                onChange={(value) => {
                  form.setValue('kind', value as CategoryFormValues['kind']);
                  form.clearErrors('parent_category');
                }}
              />
            </Input.Wrapper>
          )}
          {(editing || kind === 'sub-category') && (
            <CategoryTreeSelectField
              control={form.control}
              name="parent_category"
              label="Parent Category"
              required={!editing}
              categories={categories}
              hideInactive={!editing}
              isDisabled={isDisabled}
              description={editing ? 'Choose Root Category to make it a top-level category.' : undefined}
            />
          )}
          <RichTextField control={form.control} name="description" label="Description" minHeight={120} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {editing ? 'Save' : title}
            </Button>
          </Group>
        </Stack>
      </form>
      {unsavedChangesPrompt}
    </Modal>
  );
}
