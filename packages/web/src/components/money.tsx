import { formatMoney, formatMoneyShort } from '@b2b/domain/money';

export interface MoneyProps {
  value: number | null | undefined;
  decimals?: 0 | 2;
  /** K / L / Cr short form */
  short?: boolean;
}

/** An amount in rupees with Indian digit grouping (₹1,00,000.00). */
export function Money({ value, decimals, short }: MoneyProps) {
  const text = short ? formatMoneyShort(value ?? 0) : formatMoney(value ?? 0, { decimals });
  return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{text}</span>;
}
