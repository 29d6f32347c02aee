import { warehouseNameSchema, warehouseUpdate } from '@b2b/domain/api/warehouses';
import {
  MAX_LENGTH,
  maxLengthMessage,
  optionalField,
  phoneSchema,
  pincodeSchema,
  requiredText,
  tallyNameSchema,
} from '@b2b/domain/validation';
import { z } from 'zod';
import type { Warehouse, WarehouseCreateBody, WarehouseFieldsBody } from './warehouses.api';

const optionalText = (max: number) => z.string().trim().max(max, maxLengthMessage(max)).optional();

/** The warehouse's own fields, as the edit form has them (the server's rules, from the domain). */
export const warehouseEditSchema = z.object({
  name: warehouseNameSchema,
  contact_person_name: optionalText(MAX_LENGTH),
  contact_person_phone: optionalField(phoneSchema),
  tally_warehouse_name: optionalField(tallyNameSchema),
  position: warehouseUpdate.shape.position,
});

export const addressFormSchema = z.object({
  address_line_1: requiredText('Address line 1 is required.', 200),
  address_line_2: optionalText(200),
  landmark: optionalText(200),
  state_id: z.string({ error: 'State is required.' }).min(1, 'State is required.'),
  city: requiredText('City is required.', 100),
  pincode: pincodeSchema,
  is_visible: z.boolean(),
});

/** Creating adds the branch, the first address with its visibility, and privacy. */
export const warehouseCreateSchema = warehouseEditSchema.extend({
  branch: z.string({ error: 'Branch is required.' }).min(1, 'Branch is required.'),
  is_private: z.boolean(),
  ...addressFormSchema.shape,
});

export type WarehouseFormValues = z.input<typeof warehouseCreateSchema>;
export type AddressFormValues = z.input<typeof addressFormSchema>;

export const emptyAddress = (): AddressFormValues => ({
  address_line_1: '',
  address_line_2: '',
  landmark: '',
  state_id: '',
  city: '',
  pincode: '',
  is_visible: true,
});

export function formValuesOf(warehouse: Warehouse | null, defaultBranch: string): WarehouseFormValues {
  return {
    name: warehouse?.name ?? '',
    branch: warehouse ? String(warehouse.branch.id) : defaultBranch,
    contact_person_name: warehouse?.contact_person_name ?? '',
    contact_person_phone: warehouse?.contact_person_phone ?? '',
    tally_warehouse_name: warehouse?.tally_warehouse_name ?? '',
    position: warehouse?.position ?? 0,
    is_private: warehouse?.is_private ?? false,
    ...emptyAddress(),
  };
}

/** The PATCH body: blanks clear the optional fields. */
export function fieldsBody(values: z.output<typeof warehouseEditSchema>): WarehouseFieldsBody {
  return {
    name: values.name,
    contact_person_name: values.contact_person_name || null,
    contact_person_phone: values.contact_person_phone ?? null,
    tally_warehouse_name: values.tally_warehouse_name ?? null,
    position: values.position ?? 0,
  };
}

export function addressBody(values: z.output<typeof addressFormSchema>) {
  return {
    address_line_1: values.address_line_1,
    address_line_2: values.address_line_2 || undefined,
    landmark: values.landmark || undefined,
    city: values.city,
    state_id: Number(values.state_id),
    pincode: values.pincode,
    is_visible: values.is_visible,
  };
}

export function createBody(values: z.output<typeof warehouseCreateSchema>): {
  branchId: number;
  body: WarehouseCreateBody;
} {
  const { name, contact_person_name, contact_person_phone, tally_warehouse_name, position } =
    fieldsBody(values);
  return {
    branchId: Number(values.branch),
    body: {
      name: name as string,
      contact_person_name,
      contact_person_phone,
      tally_warehouse_name,
      position,
      is_private: values.is_private,
      address: addressBody(values),
    },
  };
}
