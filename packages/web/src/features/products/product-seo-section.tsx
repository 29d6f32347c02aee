import {
  META_TITLE_IDEAL_MAX,
  META_TITLE_IDEAL_MIN,
  META_TITLE_MAX,
  SEO_URL_MAX,
} from '@b2b/domain/api/categories';
import { MAX_LENGTH } from '@b2b/domain/validation';
import { type Control, useWatch } from 'react-hook-form';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { metaTitleFit } from '../categories/category-seo-dialog';
import type { ProductFormValues } from './product-form.schema';
import { FieldRow, ProductFormSection } from './product-form-section';

/** 'Ideal length: 40 to 60 characters · 23 characters, short'. */
export function metaTitleHint(title: string): string {
  const length = title.trim().length;
  const base = `Ideal length: ${META_TITLE_IDEAL_MIN} to ${META_TITLE_IDEAL_MAX} characters`;
  const fit = metaTitleFit(length);
  if (fit === 'empty') return base;
  return `${base} · ${length} characters${fit === 'ideal' ? '' : `, ${fit === 'short' ? 'short' : 'long'}`}`;
}

/** Search-engine fields and the product's name in Tally. */
export function ProductSeoSection({ control }: { control: Control<ProductFormValues> }) {
  const metaTitle = useWatch({ control, name: 'meta_title' });
  return (
    <ProductFormSection id="product-seo">
      <FieldRow>
        <TextField
          control={control}
          name="seo_url"
          label="SEO URL"
          maxLength={SEO_URL_MAX}
          description="Lowercase letters, digits, _ and -; unique across categories and products."
        />
        <TextField
          control={control}
          name="meta_title"
          label="Meta Title"
          maxLength={META_TITLE_MAX}
          description={metaTitleHint(metaTitle ?? '')}
        />
      </FieldRow>
      <TextareaField
        control={control}
        name="meta_description"
        label="Meta Description"
        autosize
        minRows={2}
        maxLength={500}
      />
      <TextField
        control={control}
        name="tally_product_name"
        label="Tally Product Name"
        maxLength={MAX_LENGTH}
        description="The stock item's name in Tally: letters, digits, space and . - _ / ( )."
      />
    </ProductFormSection>
  );
}
