import {
  Button,
  Card,
  Grid,
  Group,
  type MantineThemeOverride,
  MantineThemeProvider,
  NavLink,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { notifyInfo } from '../../components/notify';
import { useUnsavedChanges } from '../../components/use-unsaved-changes';
import { ProductBasicSection } from './product-basic-section';
import { ProductContentSection } from './product-content-section';
import {
  applyProductServerErrors,
  emptyProductForm,
  type ProductFormValues,
  productCreateBody,
  productFormResolver,
  productToForm,
  productUpdateBody,
  type ServerFieldErrors,
} from './product-form.schema';
import { PRODUCT_FORM_SECTIONS, ProductFormSection } from './product-form-section';
import { ProductImageGallery } from './product-images';
import { ProductInventorySection } from './product-inventory-section';
import { ProductPendingImages } from './product-pending-images';
import { ProductPricingSection } from './product-pricing-section';
import { ProductRelatedSection } from './product-related-section';
import { ProductSeoSection } from './product-seo-section';
import { type Product, useCreateProduct, useUpdateProduct, useUploadProductImage } from './products.api';

export interface ProductFormProps {
  companyId: number;
  /** null creates a product. */
  product: Product | null;
  onSaved: (product: Product) => void;
  onCancel: () => void;
}

/**
 * Help texts and errors go below the inputs, so that inputs side by side line up whatever the
 * length of their help texts.
 */
const BELOW_INPUT = { defaultProps: { inputWrapperOrder: ['label', 'input', 'description', 'error'] } };
const FORM_THEME: MantineThemeOverride = {
  components: Object.fromEntries(
    [
      'TextInput',
      'NumberInput',
      'Select',
      'MultiSelect',
      'Textarea',
      'TagsInput',
      'TreeSelect',
      'InputWrapper',
    ].map((name) => [name, BELOW_INPUT]),
  ),
};

/** How many fields hold an error (leaves of the nested error object). */
export function countErrors(errors: FieldErrors | undefined): number {
  if (!errors) return 0;
  let count = 0;
  for (const value of Object.values(errors)) {
    if (!value || typeof value !== 'object') continue;
    if ('message' in value && typeof value.message === 'string') count += 1;
    else count += countErrors(value as FieldErrors);
  }
  return count;
}

/**
 * The product form in sections (basic, images, pricing and tax, inventory, content, related
 * products, SEO and Tally) with a table of contents beside it and the actions kept in view.
 * Fields are checked by the API's own schema as they change; the server's field messages land
 * on the same fields.
 */
export function ProductForm({ companyId, product, onSaved, onCancel }: ProductFormProps) {
  const mode = product ? 'edit' : 'create';
  const serverErrors = useRef<ServerFieldErrors>(new Map());
  const resolver = useMemo(() => productFormResolver(mode, serverErrors.current), [mode]);
  const form = useForm<ProductFormValues>({
    mode: 'all',
    resolver,
    defaultValues: product ? productToForm(product) : emptyProductForm(),
  });
  const { control, formState } = form;
  const create = useCreateProduct(companyId);
  const update = useUpdateProduct();
  const uploadImage = useUploadProductImage();
  const [pendingImages, setPendingImages] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const { prompt: unsavedChangesPrompt, allowNavigation } = useUnsavedChanges(formState.isDirty);

  // Cross-field rules: a field is checked again when the one it is compared with changes (once
  // the user has been at it, or after a submit).
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      const dependent = name === 'mrp' ? 'selling_price' : name === 'opening_stock' ? 'warehouse' : null;
      if (!dependent) return;
      const state = form.getFieldState(dependent);
      if (state.isDirty || state.isTouched || form.formState.isSubmitted) void form.trigger(dependent);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      if (product) {
        const body = productUpdateBody(product, values);
        // Nothing changed: no call, so the history does not record an empty update.
        if (Object.keys(body).length === 0) {
          notifyInfo('No changes to save.');
          allowNavigation();
          onSaved(product);
          return;
        }
        const saved = await update.mutateAsync({ id: product.id, body });
        allowNavigation();
        onSaved(saved);
        return;
      }
      const created = await create.mutateAsync(productCreateBody(values));
      // Saved: going to the new product's page is not leaving unsaved changes.
      allowNavigation();
      setUploading(true);
      for (const [index, file] of pendingImages.entries()) {
        try {
          await uploadImage.mutateAsync({ productId: created.id, file, imageCount: index });
        } catch {
          // The failure toast names the problem; the product exists, its page offers the upload again.
        }
      }
      setUploading(false);
      onSaved(created);
    } catch (error) {
      setUploading(false);
      applyProductServerErrors(error, form, serverErrors.current);
    }
  });

  const errorCount = countErrors(formState.errors);
  const saving = create.isPending || update.isPending || uploading;

  return (
    <MantineThemeProvider theme={FORM_THEME}>
      <form noValidate onSubmit={submit} aria-label={product ? `Edit ${product.name}` : 'New product'}>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 9 }}>
            <Stack gap="lg">
              <ProductBasicSection companyId={companyId} control={control} product={product} />
              <ProductFormSection id="product-images">
                {product ? (
                  <ProductImageGallery product={product} canChange />
                ) : (
                  <ProductPendingImages files={pendingImages} onChange={setPendingImages} />
                )}
              </ProductFormSection>
              <ProductPricingSection companyId={companyId} control={control} product={product} />
              <ProductInventorySection companyId={companyId} control={control} product={product} />
              <ProductContentSection control={control} />
              <ProductRelatedSection companyId={companyId} control={control} productId={product?.id} />
              <ProductSeoSection control={control} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={3} visibleFrom="lg">
            <Card withBorder padding="sm" radius="md" pos="sticky" top={76}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} px="sm" pb={4}>
                On this page
              </Text>
              <nav aria-label="Form sections">
                {PRODUCT_FORM_SECTIONS.map((section) => (
                  <NavLink
                    key={section.id}
                    href={`#${section.id}`}
                    label={section.title}
                    onClick={(event) => {
                      event.preventDefault();
                      document.getElementById(section.id)?.scrollIntoView({ behavior: 'smooth' });
                    }}
                  />
                ))}
              </nav>
            </Card>
          </Grid.Col>
        </Grid>
        <Paper
          withBorder
          shadow="sm"
          radius="md"
          p="sm"
          mt="lg"
          pos="sticky"
          bottom={12}
          style={{ zIndex: 5 }}
        >
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c={errorCount > 0 && formState.isSubmitted ? 'red' : 'dimmed'} role="status">
              {errorCount > 0 && formState.isSubmitted
                ? `${errorCount} ${errorCount === 1 ? 'field needs' : 'fields need'} attention.`
                : 'Fields marked * are required.'}
            </Text>
            <Group gap="sm">
              <Button variant="default" onClick={onCancel} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={16} />}>
                {product ? 'Save Changes' : 'Create Product'}
              </Button>
            </Group>
          </Group>
        </Paper>
      </form>
      {unsavedChangesPrompt}
    </MantineThemeProvider>
  );
}
