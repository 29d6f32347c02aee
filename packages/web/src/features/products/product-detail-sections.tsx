import { GST_TREATMENT_LABELS } from '@b2b/domain/gst/gst-treatment';
import { formatMoney, formatQuantity, toPaise } from '@b2b/domain/money';
import { maxQuantityLabel } from '@b2b/domain/products';
import { Anchor, Badge, Card, Group, Image, List, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { DetailField } from '../../components/detail-field';
import { RichTextView } from '../../components/rich-text-view';
import { productBiddingHint } from '../bids/bidding-range-hint';
import { ProductDetailCard } from './product-detail-card';
import type { Product } from './products.api';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const percent = (value: number | null) =>
  value === null ? null : `${value.toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;

function Fields({ children }: { children: React.ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md">
      {children}
    </SimpleGrid>
  );
}

export function ProductOverviewCard({ product }: { product: Product }) {
  return (
    <ProductDetailCard id="product-overview" title="Basic">
      <Fields>
        <DetailField label="Product Name">{product.name}</DetailField>
        <DetailField label="Display Name">{product.display_name}</DetailField>
        <DetailField label="SKU">{product.sku}</DetailField>
        <DetailField label="Category">{product.category.name}</DetailField>
        <DetailField label="Brand">{product.brand?.name}</DetailField>
        <DetailField label="Unit">
          {product.unit && `${product.unit.name} (${product.unit.code})`}
        </DetailField>
        <DetailField label="Sales Channel">
          {product.sales_channel?.display_name ?? 'All channels'}
        </DetailField>
        <DetailField label="UPC">{product.upc}</DetailField>
        <DetailField label="Weight">
          {product.weight !== null && `${formatQuantity(product.weight)} kg`}
        </DetailField>
        <DetailField label="Buyer Group">{product.buyer_group?.name ?? 'All buyers'}</DetailField>
        <DetailField label="Seller">{product.seller?.name ?? 'N/A'}</DetailField>
      </Fields>
    </ProductDetailCard>
  );
}

/** '₹2,000.00 below MRP (20% off)', or nothing when the price is the MRP. */
export function discountText(mrp: number, sellingPrice: number): string | null {
  const mrpPaise = toPaise(mrp);
  const gap = mrpPaise - toPaise(sellingPrice);
  if (gap <= 0 || mrpPaise === 0) return null;
  const off = ((gap / mrpPaise) * 100).toLocaleString('en-IN', { maximumFractionDigits: 2 });
  return `${formatMoney(gap / 100)} below MRP (${off}% off)`;
}

export function ProductPricingCard({ product }: { product: Product }) {
  const discount = discountText(product.mrp, product.selling_price);
  return (
    <ProductDetailCard id="product-pricing-detail" title="Pricing and Tax">
      <Fields>
        <DetailField label="MRP">{formatMoney(product.mrp)}</DetailField>
        <DetailField label="Selling Price (incl. tax)">
          {formatMoney(product.selling_price)}
          {discount && (
            <Text size="xs" c="teal" component="div">
              {discount}
            </Text>
          )}
        </DetailField>
        <DetailField label="Cost Price">
          {product.cost_price !== null && formatMoney(product.cost_price)}
        </DetailField>
        <DetailField label="GST">{product.tax?.display_name}</DetailField>
        {product.cess_tax && <DetailField label="Cess">{product.cess_tax.display_name}</DetailField>}
        <DetailField label="HSN Code">{product.hsn}</DetailField>
        <DetailField label="GST Treatment">{GST_TREATMENT_LABELS[product.gst_treatment]}</DetailField>
        <DetailField label="Margin">{percent(product.margin)}</DetailField>
        <DetailField label="Max Bidding Percentage">{percent(product.max_bidding_percentage)}</DetailField>
        <DetailField label="Bidding Range">
          {productBiddingHint({
            sellingPrice: product.selling_price,
            costPrice: product.cost_price,
            margin: product.margin,
            maxBiddingPercentage: product.max_bidding_percentage,
          })}
        </DetailField>
      </Fields>
    </ProductDetailCard>
  );
}

export function ProductInventoryCard({ product }: { product: Product }) {
  const opening =
    product.opening_stock > 0
      ? `${formatQuantity(product.opening_stock)} in ${product.warehouse?.name ?? 'a warehouse'}${
          product.opening_rate === null ? '' : ` at ${formatMoney(product.opening_rate)}`
        }`
      : null;
  return (
    <ProductDetailCard id="product-inventory-detail" title="Inventory">
      <Fields>
        <DetailField label="Opening Stock">{opening}</DetailField>
        <DetailField label="Reorder Point">{formatQuantity(product.reorder_point)}</DetailField>
        <DetailField label="Max Quantity per Transaction">
          {product.max_quantity_per_transaction === 0
            ? maxQuantityLabel(0)
            : formatQuantity(product.max_quantity_per_transaction)}
        </DetailField>
        <DetailField label="Priority">{`${product.priority} (lower is higher)`}</DetailField>
        <DetailField label="Expose Inventory">{yesNo(product.expose_inventory)}</DetailField>
        <DetailField label="Visible to Buyers">{yesNo(product.is_visible_to_buyer)}</DetailField>
        <DetailField label="Allow Back-ordering">{yesNo(product.allow_back_ordering)}</DetailField>
      </Fields>
    </ProductDetailCard>
  );
}

function PairTable({ label, rows }: { label: string; rows: [string, string][] }) {
  return (
    <Table aria-label={label} withRowBorders verticalSpacing={6} fz="sm">
      <Table.Tbody>
        {rows.map(([name, detail], index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows of a stored list in its order
          <Table.Tr key={index}>
            <Table.Th w="35%" fw={500} c="dimmed">
              {name}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{detail}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function ProductContentCard({ product }: { product: Product }) {
  return (
    <ProductDetailCard id="product-content-detail" title="Content">
      <DetailField label="Short Description">{product.short_description}</DetailField>
      <DetailField label="Description">
        {product.description && <RichTextView html={product.description} />}
      </DetailField>
      <DetailField label="Item Box">{product.item_box}</DetailField>
      <DetailField label="Highlights">
        {product.highlights.length > 0 && (
          <List size="sm" spacing={2}>
            {product.highlights.map((highlight, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: highlights may repeat
              <List.Item key={index}>{highlight}</List.Item>
            ))}
          </List>
        )}
      </DetailField>
      <DetailField label="Tags">
        {product.tags.length > 0 && (
          <Group gap={6} mt={2}>
            {product.tags.map((tag) => (
              <Badge key={tag} variant="light" color="gray" radius="sm" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
      </DetailField>
      <DetailField label="Video Link">
        {product.video_url && (
          <Anchor href={product.video_url} target="_blank" rel="noopener noreferrer" size="sm">
            {product.video_url}
          </Anchor>
        )}
      </DetailField>
      <DetailField label="Features">
        {product.features.length > 0 && (
          <Stack gap="xs" mt={4}>
            {product.features.map((feature, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: features in their stored order
              <Card key={index} withBorder padding="sm" radius="md">
                <Text size="sm" fw={600}>
                  {feature.title}
                </Text>
                {feature.description && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {feature.description}
                  </Text>
                )}
                {feature.images.length > 0 && (
                  <Group gap="xs" mt="xs">
                    {feature.images.map((url) => (
                      <Image
                        key={url}
                        src={url}
                        alt={`${feature.title} picture`}
                        w={64}
                        h={64}
                        radius="sm"
                        fit="cover"
                      />
                    ))}
                  </Group>
                )}
              </Card>
            ))}
          </Stack>
        )}
      </DetailField>
      <DetailField label="Specifications">
        {product.specifications.length > 0 && (
          <PairTable
            label="Specifications"
            rows={product.specifications.map((spec) => [spec.name, spec.detail])}
          />
        )}
      </DetailField>
      <DetailField label="Attributes">
        {product.attributes.length > 0 && (
          <PairTable
            label="Attributes"
            rows={product.attributes.map((attribute) => [attribute.key, attribute.value])}
          />
        )}
      </DetailField>
    </ProductDetailCard>
  );
}

export function ProductSeoCard({ product }: { product: Product }) {
  return (
    <ProductDetailCard id="product-seo-detail" title="SEO and Tally">
      <Fields>
        <DetailField label="SEO URL">{product.seo_url}</DetailField>
        <DetailField label="Meta Title">{product.meta_title}</DetailField>
        <DetailField label="Tally Product Name">{product.tally_product_name}</DetailField>
      </Fields>
      <DetailField label="Meta Description">{product.meta_description}</DetailField>
    </ProductDetailCard>
  );
}
