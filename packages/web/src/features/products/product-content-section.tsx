import { Divider } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { RichTextField } from '../../components/rich-text-field';
import { TagsField } from '../../components/tags-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import type { ProductFormValues } from './product-form.schema';
import { FieldRow, ProductFormSection } from './product-form-section';
import { FeaturesField, HighlightsField, PairsField } from './product-list-fields';

/** What buyers read: descriptions, box contents, highlights, tags, video, features, specifications. */
export function ProductContentSection({ control }: { control: Control<ProductFormValues> }) {
  return (
    <ProductFormSection id="product-content">
      <TextareaField
        control={control}
        name="short_description"
        label="Short Description"
        autosize
        minRows={2}
        maxLength={500}
      />
      <RichTextField control={control} name="description" label="Description" minHeight={180} />
      <TextareaField
        control={control}
        name="item_box"
        label="Item Box"
        description="What is in the box."
        autosize
        minRows={2}
        maxLength={2000}
      />
      <FieldRow>
        <TagsField
          control={control}
          name="tags"
          label="Tags"
          placeholder="Type a tag and press Enter"
          description="Words buyers search for; up to 50."
          maxTags={50}
        />
        <TextField
          control={control}
          name="video_url"
          label="Video Link"
          placeholder="https://www.youtube.com/watch?v=..."
          maxLength={1000}
        />
      </FieldRow>
      <Divider />
      <HighlightsField control={control} />
      <Divider />
      <FeaturesField control={control} />
      <Divider />
      <PairsField control={control} name="specifications" />
      <Divider />
      <PairsField control={control} name="attributes" />
    </ProductFormSection>
  );
}
