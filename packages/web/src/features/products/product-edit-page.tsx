import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { productPath } from '../../session/paths';
import { ProductForm } from './product-form';
import { ProductLoader, useProductIdParam } from './product-loader';
import { ProductPageHeader } from './product-page-header';

/** /products/{id}/edit: the product form filled with the product; saved, back to its page. */
export function ProductEditPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const id = useProductIdParam();
  return (
    <Stack gap="lg">
      <ProductLoader id={id}>
        {(product) => (
          <>
            <ProductPageHeader
              title={`Edit ${product.name}`}
              trail={[{ label: product.name, to: productPath(product.id) }]}
            />
            {canPerform(user, 'change_product') ? (
              <ProductForm
                // A fresh form per product: its default values are the stored ones.
                key={product.id}
                companyId={user.company.id}
                product={product}
                onSaved={(saved) => void navigate({ to: productPath(saved.id) })}
                onCancel={() => void navigate({ to: productPath(product.id) })}
              />
            ) : (
              <ReadOnlyNotice thing="products" />
            )}
          </>
        )}
      </ProductLoader>
    </Stack>
  );
}
