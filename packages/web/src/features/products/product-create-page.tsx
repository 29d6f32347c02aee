import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS, productPath } from '../../session/paths';
import { ProductForm } from './product-form';
import { ProductPageHeader } from './product-page-header';

/** /products/new: the product form; once created, the product's page. */
export function ProductCreatePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <ProductPageHeader title="Add Product" />
      {canPerform(user, 'add_product') ? (
        <ProductForm
          companyId={user.company.id}
          product={null}
          onSaved={(product) => void navigate({ to: productPath(product.id) })}
          onCancel={() => void navigate({ to: PATHS.products })}
        />
      ) : (
        <ReadOnlyNotice thing="products" />
      )}
    </Stack>
  );
}
