import { EntitySelect, type EntitySelectProps, type EntitySource } from '../../components/entity-select';
import { type Brand, brandPickerQuery, brandQuery } from './brands.api';

export type BrandSelectProps = EntitySelectProps;

/** Brands for pickers: GET brands?search=&limit=10, and the chosen brand by id. */
export const BRAND_SOURCE: EntitySource<Brand> = { search: brandPickerQuery, one: brandQuery, noun: 'brand' };

/** A brand picker for forms and filters (the product form, the products list). */
export function BrandSelect(props: BrandSelectProps) {
  return <EntitySelect source={BRAND_SOURCE} {...props} />;
}
