import { formatMoney, formatQuantity } from '@b2b/domain/money';
import { Loader, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBarcode } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type Ref, useId, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { notifyFailure, notifyWarning } from '../../components/notify';
import { type CounterProduct, counterSearchQuery, lookupProduct } from './instore-orders.api';

export const SCAN_LABEL = 'Scan or search product';

export interface ProductScanFieldProps {
  companyId: number;
  warehouseId: number | null;
  onAdd: (product: CounterProduct) => void;
  inputRef: Ref<HTMLInputElement>;
}

/**
 * The counter's one input for products. A barcode scanner types the code and presses Enter: the
 * product whose UPC or SKU it is joins the cart. Typing a name lists matches below; the arrows
 * move through them and Enter picks one (a click does too). Escape clears the field.
 */
export function ProductScanField({ companyId, warehouseId, onAdd, inputRef }: ProductScanFieldProps) {
  const [text, setText] = useState('');
  const [highlight, setHighlight] = useState(-1);
  const [busy, setBusy] = useState(false);
  const [debounced] = useDebouncedValue(text.trim(), 200);
  const listId = useId();
  const searching = warehouseId !== null && debounced.length >= 2;
  const search = useQuery({
    ...counterSearchQuery(companyId, warehouseId ?? 0, debounced),
    enabled: searching,
  });
  const results = searching && text.trim() !== '' ? (search.data?.results ?? []) : [];

  const reset = () => {
    setText('');
    setHighlight(-1);
  };
  const pick = (product: CounterProduct) => {
    onAdd(product);
    reset();
  };

  async function submit() {
    const chosen = highlight >= 0 ? results[highlight] : undefined;
    if (chosen) return pick(chosen);
    const code = text.trim();
    if (code === '' || warehouseId === null) return;
    setBusy(true);
    try {
      pick(await lookupProduct(companyId, warehouseId, code));
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        // Not a barcode: a name that matches exactly one product is that product.
        const only = results.length === 1 ? results[0] : undefined;
        if (only) pick(only);
        else
          notifyWarning(results.length > 1 ? 'Choose one of the matches with the arrow keys.' : error.detail);
      } else {
        notifyFailure('Failed to find the product', error);
      }
    } finally {
      setBusy(false);
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault();
      setHighlight((h) => Math.min(h + 1, results.length - 1));
    } else if (event.key === 'ArrowUp' && results.length > 0) {
      event.preventDefault();
      setHighlight((h) => Math.max(h - 1, -1));
    } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape') {
      reset();
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <div style={{ position: 'relative' }}>
      <TextInput
        ref={inputRef}
        label={SCAN_LABEL}
        placeholder="Barcode (UPC or SKU) or product name"
        leftSection={<IconBarcode size={18} />}
        rightSection={busy || (searching && search.isFetching) ? <Loader size="xs" /> : null}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setHighlight(-1);
        }}
        onKeyDown={onKeyDown}
        disabled={warehouseId === null}
        autoComplete="off"
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={highlight >= 0 ? optionId(highlight) : undefined}
        size="md"
      />
      {results.length > 0 ? (
        <Paper
          withBorder
          shadow="md"
          style={{
            position: 'absolute',
            zIndex: 20,
            left: 0,
            right: 0,
            marginTop: 4,
            maxHeight: 320,
            overflowY: 'auto',
          }}
        >
          <div
            id={listId}
            role="listbox"
            aria-label="Matching products"
            style={{ listStyle: 'none', margin: 0, padding: 4 }}
          >
            {results.map((product, index) => (
              <div
                key={product.id}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === highlight}
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(product);
                }}
                onMouseEnter={() => setHighlight(index)}
                style={{
                  padding: '6px 8px',
                  borderRadius: 4,
                  cursor: 'pointer',
                  background: index === highlight ? 'var(--mantine-color-blue-light)' : undefined,
                }}
              >
                <Text size="sm" fw={500}>
                  {product.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {[
                    product.sku,
                    product.upc,
                    formatMoney(product.price),
                    `Stock ${formatQuantity(product.sellable_stock)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </div>
            ))}
          </div>
        </Paper>
      ) : null}
    </div>
  );
}
