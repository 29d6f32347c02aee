import { SELLER_MESSAGES } from '@b2b/domain/api/sellers';
import { Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { ListSearch, useListSearch } from '../../components/list-search';
import { notifyFailure } from '../../components/notify';
import { listTableProps, useListParams } from '../../components/use-list-params';
import { AssignProductsDialog } from './assign-products-dialog';
import { sellerProductColumns } from './seller-product-columns';
import { downloadSellerProducts, SELLER_TOASTS, type SellerDetail, sellerProductsQuery } from './sellers.api';

/** The products assigned to the seller, their CSV extract, and assigning more. */
export function SellerProductsTab({ seller, canChange }: { seller: SellerDetail; canChange: boolean }) {
  const list = useListParams({ ordering: 'name' });
  const search = useListSearch(list.setSearch);
  const products = useQuery(sellerProductsQuery(seller.id, list.params));
  const [assigning, setAssigning] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadSellerProducts(seller.id, list.params.search);
    } catch (error) {
      notifyFailure(SELLER_TOASTS.download_failed, error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={4}>Products</Title>
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} />}
              loading={downloading}
              disabled={!products.data || products.data.count === 0}
              onClick={download}
            >
              Download CSV
            </Button>
            {canChange && (
              <Tooltip label={SELLER_MESSAGES.inactive} disabled={seller.is_active} withinPortal>
                {/* A disabled button gets no pointer events; the span carries the tooltip. */}
                <span>
                  <Button
                    size="xs"
                    leftSection={<IconPlus size={14} />}
                    disabled={!seller.is_active}
                    onClick={() => setAssigning(true)}
                  >
                    Assign products
                  </Button>
                </span>
              </Tooltip>
            )}
          </Group>
        </Group>
        <ListSearch search={search} placeholder="Product name or SKU" />
        <DataTable
          label="Seller products"
          columns={sellerProductColumns}
          rowKey={(product) => product.id}
          {...listTableProps(list, products)}
          errorTitle={SELLER_TOASTS.list_failed}
          minWidth={640}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              {list.params.search
                ? 'No product of this seller matches the search.'
                : 'No product is assigned to this seller yet.'}
            </Text>
          }
        />
      </Stack>
      {assigning && <AssignProductsDialog seller={seller} onClose={() => setAssigning(false)} />}
    </Card>
  );
}
