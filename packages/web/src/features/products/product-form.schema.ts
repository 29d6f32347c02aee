import {
  productCreate,
  productUpdate,
  RELATED_PRODUCT_KINDS,
  type RelatedProductKind,
} from '@b2b/domain/api/products';
import type { GstTreatment } from '@b2b/domain/gst/gst-treatment';
import { toNestErrors } from '@hookform/resolvers';
import { type FieldError, type FieldPath, get, type Resolver, type UseFormReturn } from 'react-hook-form';
import { isApiError } from '../../api/api-error';
import type { Product, ProductCreateBody, ProductUpdateBody } from './products.api';

/**
 * The product form's values and their way to the API. Validation is the API's own schema
 * (productCreate / productUpdate of the domain package) run over the body the form would send,
 * so the form refuses exactly what the server refuses; its issues are put back on the fields.
 */

export type ProductFormMode = 'create' | 'edit';

export const CATEGORY_REQUIRED_MESSAGE = 'Please choose a category.';

/** A chosen related product: the id is sent, the name and SKU are shown. */
export interface RelatedProductRef {
  id: number;
  name: string;
  sku: string | null;
}

/** A number input holds a number, or '' while blank. */
type NumberValue = number | '';

export interface ProductFormValues {
  name: string;
  display_name: string;
  sku: string;
  /** Tree select: a category id. */
  category: number | null;
  brand: number | null;
  buyer_group: number | null;
  seller: number | null;
  /** Drop-downs hold ids as strings. */
  unit: string | null;
  sales_channel: string | null;
  is_active: boolean;
  upc: string;
  weight: NumberValue;

  mrp: NumberValue;
  selling_price: NumberValue;
  cost_price: NumberValue;
  tax: string | null;
  cess_tax: string | null;
  hsn: string;
  gst_treatment: GstTreatment;
  margin: NumberValue;
  max_bidding_percentage: NumberValue;

  /** Create only, with the opening stock and its rate. */
  warehouse: string | null;
  opening_stock: NumberValue;
  opening_rate: NumberValue;
  reorder_point: NumberValue;
  max_quantity_per_transaction: NumberValue;
  expose_inventory: boolean;
  is_visible_to_buyer: boolean;
  allow_back_ordering: boolean;
  tracks_serial_numbers: boolean;
  priority: NumberValue;

  short_description: string;
  description: string;
  item_box: string;
  /** Field arrays need objects: one highlight per row. */
  highlights: { text: string }[];
  tags: string[];
  video_url: string;
  features: { title: string; description: string; images: string[] }[];
  specifications: { name: string; detail: string }[];
  attributes: { key: string; value: string }[];

  related_products: Record<RelatedProductKind, RelatedProductRef[]>;

  seo_url: string;
  meta_title: string;
  meta_description: string;
  tally_product_name: string;
}

export type ProductFormField = keyof ProductFormValues;

/** The fields that only a new product has: the opening stock goes to the stock ledger once. */
export const CREATE_ONLY_FIELDS = ['warehouse', 'opening_stock', 'opening_rate'] as const;

const emptyRelated = (): Record<RelatedProductKind, RelatedProductRef[]> =>
  Object.fromEntries(RELATED_PRODUCT_KINDS.map((kind) => [kind, []])) as unknown as Record<
    RelatedProductKind,
    RelatedProductRef[]
  >;

/** A new product: the server's defaults (visible, exposed, active, no purchase limit, priority 0). */
export function emptyProductForm(): ProductFormValues {
  return {
    name: '',
    display_name: '',
    sku: '',
    category: null,
    brand: null,
    buyer_group: null,
    seller: null,
    unit: null,
    sales_channel: null,
    is_active: true,
    upc: '',
    weight: '',
    mrp: '',
    selling_price: '',
    cost_price: '',
    tax: null,
    cess_tax: null,
    hsn: '',
    gst_treatment: 'taxable',
    margin: '',
    max_bidding_percentage: '',
    warehouse: null,
    opening_stock: '',
    opening_rate: '',
    reorder_point: '',
    max_quantity_per_transaction: 0,
    expose_inventory: true,
    is_visible_to_buyer: true,
    allow_back_ordering: false,
    tracks_serial_numbers: false,
    priority: 0,
    short_description: '',
    description: '',
    item_box: '',
    highlights: [],
    tags: [],
    video_url: '',
    features: [],
    specifications: [],
    attributes: [],
    related_products: emptyRelated(),
    seo_url: '',
    meta_title: '',
    meta_description: '',
    tally_product_name: '',
  };
}

const idText = (ref: { id: number } | null) => (ref ? String(ref.id) : null);
const numberOrBlank = (value: number | null) => value ?? '';

/** The stored product as form values, for editing. */
export function productToForm(product: Product): ProductFormValues {
  const related = emptyRelated();
  for (const kind of RELATED_PRODUCT_KINDS) {
    related[kind] = (product.related_products[kind] ?? []).map(({ id, name, sku }) => ({ id, name, sku }));
  }
  return {
    name: product.name,
    display_name: product.display_name ?? '',
    sku: product.sku ?? '',
    category: product.category.id,
    brand: product.brand?.id ?? null,
    buyer_group: product.buyer_group?.id ?? null,
    seller: product.seller?.id ?? null,
    unit: idText(product.unit),
    sales_channel: idText(product.sales_channel),
    is_active: product.is_active,
    upc: product.upc ?? '',
    weight: numberOrBlank(product.weight),
    mrp: product.mrp,
    selling_price: product.selling_price,
    cost_price: numberOrBlank(product.cost_price),
    tax: idText(product.tax),
    cess_tax: idText(product.cess_tax),
    hsn: product.hsn ?? '',
    gst_treatment: product.gst_treatment,
    margin: numberOrBlank(product.margin),
    max_bidding_percentage: numberOrBlank(product.max_bidding_percentage),
    warehouse: idText(product.warehouse),
    opening_stock: product.opening_stock,
    opening_rate: numberOrBlank(product.opening_rate),
    reorder_point: product.reorder_point,
    max_quantity_per_transaction: product.max_quantity_per_transaction,
    expose_inventory: product.expose_inventory,
    is_visible_to_buyer: product.is_visible_to_buyer,
    allow_back_ordering: product.allow_back_ordering,
    tracks_serial_numbers: product.tracks_serial_numbers,
    priority: product.priority,
    short_description: product.short_description ?? '',
    description: product.description ?? '',
    item_box: product.item_box ?? '',
    highlights: product.highlights.map((text) => ({ text })),
    tags: [...product.tags],
    video_url: product.video_url ?? '',
    features: product.features.map((feature) => ({
      title: feature.title,
      description: feature.description ?? '',
      images: [...feature.images],
    })),
    specifications: product.specifications.map(({ name, detail }) => ({ name, detail })),
    attributes: product.attributes.map(({ key, value }) => ({ key, value })),
    related_products: related,
    seo_url: product.seo_url ?? '',
    meta_title: product.meta_title ?? '',
    meta_description: product.meta_description ?? '',
    tally_product_name: product.tally_product_name ?? '',
  };
}

/**
 * The body the form would send, before the API schema parses it: blanks stay blank (the schema
 * turns them into null or leaves the field out), chosen products become ids.
 */
export function formToRawBody(values: ProductFormValues, mode: ProductFormMode): Record<string, unknown> {
  const { highlights, related_products, category, ...rest } = values;
  const body: Record<string, unknown> = {
    ...rest,
    // undefined, not null: the schema then answers "required" rather than a type error.
    category: category ?? undefined,
    highlights: highlights.map((row) => row.text),
    related_products: Object.fromEntries(
      RELATED_PRODUCT_KINDS.map((kind) => [kind, related_products[kind].map((ref) => ref.id)]),
    ),
  };
  if (mode === 'edit') for (const field of CREATE_ONLY_FIELDS) delete body[field];
  return body;
}

/**
 * Where an issue of the API body belongs in the form: a related product, a tag or a feature
 * picture reports on its whole picker; a highlight on its row's text.
 */
export function formPathOf(bodyPath: string): string {
  const parts = bodyPath.split('.');
  if (parts[0] === 'related_products') return parts.slice(0, 2).join('.');
  if (parts[0] === 'tags') return 'tags';
  if (parts[0] === 'highlights' && parts.length >= 2) return `highlights.${parts[1]}.text`;
  if (parts[0] === 'features' && parts[2] === 'images') return parts.slice(0, 3).join('.');
  return bodyPath;
}

/** The body of an edit: only the fields whose value differs from the stored product's. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  parsed: ProductUpdateBody,
): ProductUpdateBody {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) changed[key] = value;
  }
  return changed as ProductUpdateBody;
}

/** Each field's first issue, keyed by its form path. */
function firstIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string; code: string }[],
  values: ProductFormValues,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const issue of issues) {
    const path = formPathOf(issue.path.map(String).join('.'));
    if (errors[path]) continue;
    const message =
      path === 'category' && values.category === null ? CATEGORY_REQUIRED_MESSAGE : issue.message;
    errors[path] = { type: issue.code, message };
  }
  return errors;
}

/**
 * Messages the server gave about fields, each with the value it judged (as JSON). A message stays
 * while its field keeps that value, through every check of the form, and goes once it changes.
 */
export type ServerFieldErrors = Map<string, { message: string; value: string }>;

/**
 * The form's resolver: the API schema of the mode over the body the form would send, plus the
 * server's messages that still hold. Valid values pass unchanged; the submit handler builds the
 * body with productCreateBody / productUpdateBody.
 */
export function productFormResolver(
  mode: ProductFormMode,
  serverErrors: ServerFieldErrors = new Map(),
): Resolver<ProductFormValues> {
  const schema = mode === 'create' ? productCreate : productUpdate;
  return (values, _context, options) => {
    const result = schema.safeParse(formToRawBody(values, mode));
    const errors = result.success ? {} : firstIssues(result.error.issues, values);
    for (const [path, { message, value }] of serverErrors) {
      if (JSON.stringify(get(values, path) ?? null) !== value) serverErrors.delete(path);
      else errors[path] ??= { type: 'server', message };
    }
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/** The create body of valid form values, as the API schema outputs it (trimmed, blanks as null). */
export function productCreateBody(values: ProductFormValues): ProductCreateBody {
  return productCreate.parse(formToRawBody(values, 'create'));
}

/** The edit body of valid form values: the fields that differ from the stored product's. */
export function productUpdateBody(product: Product, values: ProductFormValues): ProductUpdateBody {
  const before = formToRawBody(productToForm(product), 'edit');
  const after = formToRawBody(values, 'edit');
  return changedFields(before, after, productUpdate.parse(after));
}

/**
 * The server's per-field messages (400 answers) on the fields they name, the first one focused;
 * they are kept in `serverErrors` so that the form's own checks do not clear them. Returns
 * whether any field took a message.
 */
export function applyProductServerErrors(
  error: unknown,
  form: Pick<UseFormReturn<ProductFormValues>, 'setError' | 'setFocus' | 'getValues'>,
  serverErrors: ServerFieldErrors,
): boolean {
  if (!isApiError(error)) return false;
  const fields = Object.keys(emptyProductForm());
  const found: [FieldPath<ProductFormValues>, string][] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const path = formPathOf(key) as FieldPath<ProductFormValues>;
    if (fields.includes(path.split('.')[0]) && messages.length > 0) found.push([path, messages[0]]);
  }
  for (const [path, message] of found) {
    serverErrors.set(path, { message, value: JSON.stringify(form.getValues(path) ?? null) });
    form.setError(path, { type: 'server', message });
  }
  if (found.length > 0) form.setFocus(found[0][0]);
  return found.length > 0;
}
