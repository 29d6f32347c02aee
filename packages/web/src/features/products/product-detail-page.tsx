import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { ProductDetails } from './product-details';
import { ProductLoader, useProductIdParam } from './product-loader';

/** /products/{id}: one product with its actions. */
export function ProductDetailPage() {
  const user = useCurrentUser();
  const id = useProductIdParam();
  const permissions = {
    canChange: canPerform(user, 'change_product'),
    canDelete: canPerform(user, 'delete_product'),
  };
  return (
    <ProductLoader id={id}>
      {(product) => <ProductDetails key={product.id} product={product} permissions={permissions} />}
    </ProductLoader>
  );
}
