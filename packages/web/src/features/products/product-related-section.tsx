import { RELATED_PRODUCT_KINDS, type RelatedProductKind } from '@b2b/domain/api/products';
import type { Control } from 'react-hook-form';
import type { ProductFormValues } from './product-form.schema';
import { FieldRow, ProductFormSection } from './product-form-section';
import { RelatedProductPicker } from './related-product-picker';

export const RELATED_KIND_LABELS: Record<RelatedProductKind, { label: string; description: string }> = {
  variants: { label: 'Variants', description: 'The same product in another size or colour.' },
  frequently_bought_together: {
    label: 'Frequently Bought Together',
    description: 'Offered with this product at checkout.',
  },
  similar: { label: 'Similar Products', description: 'Alternatives a buyer may compare.' },
  sponsored: { label: 'Sponsored Products', description: 'Promoted on this product’s page.' },
  accessories: { label: 'Accessories', description: 'Parts and add-ons that go with it.' },
};

export interface ProductRelatedSectionProps {
  companyId: number;
  control: Control<ProductFormValues>;
  productId?: number;
}

/** The five kinds of related products, each chosen by searching the catalogue. */
export function ProductRelatedSection({ companyId, control, productId }: ProductRelatedSectionProps) {
  return (
    <ProductFormSection id="product-related">
      <FieldRow>
        {RELATED_PRODUCT_KINDS.map((kind) => (
          <RelatedProductPicker
            key={kind}
            companyId={companyId}
            control={control}
            kind={kind}
            label={RELATED_KIND_LABELS[kind].label}
            description={RELATED_KIND_LABELS[kind].description}
            excludeId={productId}
          />
        ))}
      </FieldRow>
    </ProductFormSection>
  );
}
