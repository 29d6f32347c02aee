import {
  CATEGORY_MESSAGES,
  categorySeoUpdate,
  META_TITLE_IDEAL_MAX,
  META_TITLE_IDEAL_MIN,
  META_TITLE_MAX,
  SEO_URL_MAX,
} from '@b2b/domain/api/categories';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { type Category, type CategorySeoBody, useUpdateCategorySeo } from './categories.api';

type Values = z.input<typeof categorySeoUpdate>;
const FIELDS = ['seo_url', 'meta_title', 'meta_description', 'search_keywords', 'also_known_name'] as const;

/** 'ideal' within the 40 to 60 characters search engines show in full, 'short' or 'long' outside it. */
export function metaTitleFit(length: number): 'empty' | 'short' | 'ideal' | 'long' {
  if (length === 0) return 'empty';
  if (length < META_TITLE_IDEAL_MIN) return 'short';
  if (length > META_TITLE_IDEAL_MAX) return 'long';
  return 'ideal';
}

const FIT_COLORS = { empty: 'dimmed', short: 'yellow.8', ideal: 'teal.7', long: 'yellow.8' } as const;

function MetaTitleHint({ length }: { length: number }) {
  const fit = metaTitleFit(length);
  return (
    // A span, not a Group: the description is a paragraph.
    <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
      <span>
        Ideal length: {META_TITLE_IDEAL_MIN} to {META_TITLE_IDEAL_MAX} characters
      </span>
      <Text span size="xs" c={FIT_COLORS[fit]} fw={600}>
        {length} characters
      </Text>
    </span>
  );
}

export interface CategorySeoDialogProps {
  category: Category;
  onClose: () => void;
}

/** The spec's 'Category section': the address and the texts search engines and the store use. */
export function CategorySeoDialog({ category, onClose }: CategorySeoDialogProps) {
  const save = useUpdateCategorySeo();
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: zodResolver(categorySeoUpdate),
    defaultValues: {
      seo_url: category.seo_url ?? '',
      meta_title: category.meta_title ?? '',
      meta_description: category.meta_description ?? '',
      search_keywords: category.search_keywords ?? '',
      also_known_name: category.also_known_name ?? '',
    },
  });
  const metaTitle = useWatch({ control: form.control, name: 'meta_title' });
  const titleLength = typeof metaTitle === 'string' ? metaTitle.trim().length : 0;

  const submit = form.handleSubmit(async (values) => {
    // Every field is sent: a cleared one is stored as null.
    const parsed = categorySeoUpdate.parse(values);
    const body: CategorySeoBody = {
      seo_url: parsed.seo_url ?? null,
      meta_title: parsed.meta_title ?? null,
      meta_description: parsed.meta_description ?? null,
      search_keywords: parsed.search_keywords ?? null,
      also_known_name: parsed.also_known_name ?? null,
    };
    try {
      await save.mutateAsync({ id: category.id, body });
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
      // A clash of addresses may come as a conflict without field errors: it belongs to the URL.
      if (isApiError(error) && error.status === 409 && Object.keys(error.errors).length === 0) {
        form.setError('seo_url', {
          type: 'server',
          message: error.detail || CATEGORY_MESSAGES.seo_url_taken,
        });
      }
    }
  });

  return (
    <Modal opened onClose={onClose} title={`SEO of ${category.name}`} size="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextField
            control={form.control}
            name="seo_url"
            label="SEO URL"
            description="The address of the category page: lowercase letters, digits, _ and -. Unique across categories and products."
            maxLength={SEO_URL_MAX}
            autoComplete="off"
            data-autofocus
          />
          <TextField
            control={form.control}
            name="meta_title"
            label="Meta Title"
            description={<MetaTitleHint length={titleLength} />}
            maxLength={META_TITLE_MAX}
          />
          <TextareaField
            control={form.control}
            name="meta_description"
            label="Meta Description"
            rows={3}
            maxLength={500}
          />
          <TextField
            control={form.control}
            name="search_keywords"
            label="Search Keywords"
            description="Words buyers may search for, separated by commas."
            maxLength={500}
          />
          <TextField
            control={form.control}
            name="also_known_name"
            label="Also Known As"
            description="Another name of the category, e.g. a local or trade name."
            maxLength={200}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
