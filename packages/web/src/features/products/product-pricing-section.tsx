import { GST_TREATMENT_OPTIONS } from '@b2b/domain/gst/gst-treatment';
import { formatMoney, toPaise } from '@b2b/domain/money';
import { isSellingPriceWithinMrp } from '@b2b/domain/products';
import { useQuery } from '@tanstack/react-query';
import { type Control, useWatch } from 'react-hook-form';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { BiddingRangeHint } from '../bids/bidding-range-hint';
import { taxListQuery } from '../taxes/taxes.api';
import type { ProductFormValues } from './product-form.schema';
import { FieldRow, ProductFormSection } from './product-form-section';
import type { Product } from './products.api';

/** Rupee inputs: two decimals, Indian digit grouping. */
export const RUPEE_INPUT = {
  prefix: '₹',
  decimalScale: 2,
  thousandSeparator: ',',
  thousandsGroupStyle: 'lakh',
  allowNegative: false,
  hideControls: true,
  min: 0,
} as const;

const PERCENT_INPUT = {
  suffix: '%',
  decimalScale: 2,
  allowNegative: false,
  hideControls: true,
  min: 0,
  max: 100,
} as const;

/**
 * The live comparison of the selling price with the MRP while both are numbers: the discount it
 * gives, or nothing when it is above the MRP (the field's error says so).
 */
export function sellingPriceHint(mrp: unknown, sellingPrice: unknown): string {
  if (typeof mrp !== 'number' || typeof sellingPrice !== 'number' || mrp <= 0) {
    return 'Tax inclusive; not more than the MRP.';
  }
  const mrpPaise = toPaise(mrp);
  const pricePaise = toPaise(sellingPrice);
  if (!isSellingPriceWithinMrp(pricePaise, mrpPaise)) return 'Tax inclusive; not more than the MRP.';
  if (pricePaise === mrpPaise) return 'Tax inclusive; the same as the MRP.';
  const off = ((mrpPaise - pricePaise) / mrpPaise) * 100;
  return `Tax inclusive; ${formatMoney((mrpPaise - pricePaise) / 100)} below the MRP (${off.toLocaleString('en-IN', { maximumFractionDigits: 2 })}% off).`;
}

export interface ProductPricingSectionProps {
  companyId: number;
  control: Control<ProductFormValues>;
  product: Product | null;
}

/** MRP, the tax-inclusive selling price checked live against it, cost, GST, HSN, margin, bidding. */
export function ProductPricingSection({ companyId, control, product }: ProductPricingSectionProps) {
  const taxes = useQuery(taxListQuery(companyId, { type: 'gst' }));
  const cessTaxes = useQuery(taxListQuery(companyId, { type: 'cess' }));
  const [mrp, sellingPrice] = useWatch({ control, name: ['mrp', 'selling_price'] });
  const treatment = useWatch({ control, name: 'gst_treatment' });
  const [costPrice, margin, maxBidding] = useWatch({
    control,
    name: ['cost_price', 'margin', 'max_bidding_percentage'],
  });
  const taxOptions = (taxes.data?.results ?? [])
    .filter((tax) => tax.is_active || tax.id === product?.tax?.id)
    .map((tax) => ({
      value: String(tax.id),
      label: tax.is_active ? tax.display_name : `${tax.display_name} (inactive)`,
    }));
  const cessOptions = (cessTaxes.data?.results ?? [])
    .filter((tax) => tax.is_active || tax.id === product?.cess_tax?.id)
    .map((tax) => ({
      value: String(tax.id),
      label: tax.is_active ? tax.display_name : `${tax.display_name} (inactive)`,
    }));

  return (
    <ProductFormSection id="product-pricing">
      <FieldRow cols={3}>
        <NumberField
          control={control}
          name="mrp"
          label="MRP"
          required
          placeholder="₹10,000"
          {...RUPEE_INPUT}
        />
        <NumberField
          control={control}
          name="selling_price"
          label="Selling Price"
          required
          placeholder="₹8,000"
          description={sellingPriceHint(mrp, sellingPrice)}
          {...RUPEE_INPUT}
        />
        <NumberField
          control={control}
          name="cost_price"
          label="Cost Price"
          placeholder="₹5,000"
          {...RUPEE_INPUT}
        />
      </FieldRow>
      <FieldRow cols={3}>
        <SelectField
          control={control}
          name="tax"
          label="GST"
          placeholder={taxes.isLoading ? 'Loading taxes…' : 'Choose a GST rate'}
          data={taxOptions}
          clearable
        />
        <SelectField
          control={control}
          name="cess_tax"
          label="Cess"
          placeholder={cessTaxes.isLoading ? 'Loading taxes…' : 'No cess'}
          description="Compensation cess charged beside GST."
          data={cessOptions}
          clearable
        />
        <TextField
          control={control}
          name="hsn"
          label="HSN Code"
          maxLength={8}
          inputMode="numeric"
          description="4, 6 or 8 digits."
        />
      </FieldRow>
      <FieldRow cols={3}>
        <SelectField
          control={control}
          name="gst_treatment"
          label="GST Treatment"
          data={GST_TREATMENT_OPTIONS}
          allowDeselect={false}
          description={
            treatment === 'taxable' || treatment === undefined
              ? 'Taxed at the GST rate chosen.'
              : 'Taxed at 0%: choose a 0% GST rate or none, and no cess.'
          }
        />
      </FieldRow>
      <FieldRow cols={3}>
        <NumberField
          control={control}
          name="margin"
          label="Margin"
          description="Drives the price offered to buyers."
          {...PERCENT_INPUT}
        />
        <NumberField
          control={control}
          name="max_bidding_percentage"
          label="Max Bidding Percentage"
          description="How far below the price a buyer may bid."
          {...PERCENT_INPUT}
        />
        <BiddingRangeHint
          sellingPrice={sellingPrice}
          costPrice={costPrice}
          margin={margin}
          maxBiddingPercentage={maxBidding}
        />
      </FieldRow>
    </ProductFormSection>
  );
}
