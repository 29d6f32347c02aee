import type { FieldValues } from 'react-hook-form';
import type { EntitySelectProps } from '../../components/entity-select';
import { EntitySelectField } from '../../components/entity-select-field';
import type { FieldProps } from '../../components/use-field';
import { BRAND_SOURCE } from './brand-select';

type Props<T extends FieldValues> = FieldProps<T> &
  Omit<EntitySelectProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'label' | 'required'>;

/** The brand picker bound to a form value kept as a brand id (or null). */
export function BrandSelectField<T extends FieldValues>(props: Props<T>) {
  return <EntitySelectField source={BRAND_SOURCE} {...props} />;
}
