import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The product form's sections, in order, for the form and its table of contents. */
export const PRODUCT_FORM_SECTIONS = [
  { id: 'product-basic', title: 'Basic' },
  { id: 'product-images', title: 'Images' },
  { id: 'product-pricing', title: 'Pricing and Tax' },
  { id: 'product-inventory', title: 'Inventory' },
  { id: 'product-content', title: 'Content' },
  { id: 'product-related', title: 'Related Products' },
  { id: 'product-seo', title: 'SEO and Tally' },
] as const;

export type ProductFormSectionId = (typeof PRODUCT_FORM_SECTIONS)[number]['id'];

export interface ProductFormSectionProps {
  id: ProductFormSectionId;
  description?: ReactNode;
  children: ReactNode;
}

/** One titled card of the product form; its id is the table of contents' anchor. */
export function ProductFormSection({ id, description, children }: ProductFormSectionProps) {
  const title = PRODUCT_FORM_SECTIONS.find((section) => section.id === id)?.title ?? '';
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      style={{ scrollMarginTop: 80 }}
    >
      <Stack gap="md">
        <div>
          <Title order={3} fz="h4" id={`${id}-title`}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}

/** Two fields side by side on a wide screen, one above the other on a narrow one. */
export function FieldRow({ children, cols = 2 }: { children: ReactNode; cols?: 2 | 3 }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: cols }} spacing="md" verticalSpacing="md">
      {children}
    </SimpleGrid>
  );
}
