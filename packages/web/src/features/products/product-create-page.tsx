import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useCurrentUser } from '../../app/current-user';
import { canPerform } from '../../app/has-permission';
import { PATHS, productPath } from '../../app/paths';
import { ReadOnlyNotice } from '../../components/read-only-notice';
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
