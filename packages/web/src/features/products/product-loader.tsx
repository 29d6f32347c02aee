import { PRODUCT_MESSAGES } from '@b2b/domain/api/products';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { isApiError } from '../../api/api-error';
import { useIdParam } from '../../components/detail-page';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PATHS } from '../../session/paths';
import { type Product, productQuery } from './products.api';

/** The product id of a /products/{id} address (the page and its edit form), or null when it is not one. */
export function useProductIdParam(): number | null {
  return useIdParam(PATHS.product);
}

function NotFound() {
  return (
    <Alert color="red" title={PRODUCT_MESSAGES.not_found} role="alert">
      <Stack gap="xs" align="flex-start">
        This product does not exist or has been deleted.
        <Button component={Link} to={PATHS.products} size="xs" variant="light" color="red">
          Back to Products
        </Button>
      </Stack>
    </Alert>
  );
}

/** Loads one product and shows its loading, not-found and error states; `children` gets it loaded. */
export function ProductLoader({
  id,
  children,
}: {
  id: number | null;
  children: (product: Product) => ReactNode;
}) {
  const product = useQuery({ ...productQuery(id ?? 0), enabled: id !== null });
  if (id === null) return <NotFound />;
  if (product.data) return <>{children(product.data)}</>;
  if (product.error) {
    if (isApiError(product.error) && product.error.status === 404) return <NotFound />;
    return (
      <LoadErrorAlert
        error={product.error}
        onRetry={() => product.refetch()}
        title="Failed to load Product."
      />
    );
  }
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading product">
      <Skeleton height={32} width="40%" />
      <Skeleton height={180} />
      <Skeleton height={240} />
    </Stack>
  );
}
