import { RELATED_PRODUCT_KINDS } from '@b2b/domain/api/products';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { productPath } from '../../session/paths';
import { ProductDetailCard } from './product-detail-card';
import { RELATED_KIND_LABELS } from './product-related-section';
import type { Product } from './products.api';

/** The five kinds of related products, each linked to its page. */
export function ProductRelatedCard({ product }: { product: Product }) {
  const kinds = RELATED_PRODUCT_KINDS.filter((kind) => (product.related_products[kind] ?? []).length > 0);
  return (
    <ProductDetailCard id="product-related-detail" title="Related Products">
      {kinds.length === 0 ? (
        <Text size="sm" c="dimmed">
          No related products.
        </Text>
      ) : (
        <Stack gap="sm">
          {kinds.map((kind) => (
            <div key={kind}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {RELATED_KIND_LABELS[kind].label}
              </Text>
              <Group gap="md" mt={2}>
                {product.related_products[kind].map((related) => (
                  <Anchor key={related.id} component={Link} to={productPath(related.id)} size="sm">
                    {related.sku ? `${related.name} (${related.sku})` : related.name}
                  </Anchor>
                ))}
              </Group>
            </div>
          ))}
        </Stack>
      )}
    </ProductDetailCard>
  );
}
