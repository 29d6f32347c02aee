import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, paged } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import { BrandSelect } from './brand-select';
import type { Brand } from './brands.api';

const brand = (id: number, name: string, is_active = true): Brand => ({
  id,
  name,
  logo: null,
  is_active,
  ignore_for_bi: false,
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
});

const BRANDS = [brand(1, 'Havells'), brand(2, 'Bajaj'), brand(3, 'Usha', false), brand(4, 'Orient')];

function server() {
  return fakeApi((call) => {
    if (call.path === 'brands') {
      const search = (call.query.get('search') ?? '').toLowerCase();
      return { body: paged(BRANDS.filter((b) => b.name.toLowerCase().includes(search)).slice(0, 10)) };
    }
    const match = /^brands\/(\d+)$/.exec(call.path);
    if (match) return { body: BRANDS.find((b) => b.id === Number(match[1])) };
    return undefined;
  });
}

function Harness({
  initial = null,
  onChange,
}: {
  initial?: number | null;
  onChange?: (id: number | null) => void;
}) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <BrandSelect
      label="Brand"
      value={value}
      onChange={(id) => {
        setValue(id);
        onChange?.(id);
      }}
    />
  );
}

describe('BrandSelect', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('searches the server ten at a time and offers only active brands', async () => {
    const api = server();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />, { user: makeUser() });
    const input = screen.getByRole('combobox', { name: 'Brand' });
    input.focus();
    fireEvent.click(input);
    expect(await screen.findByRole('option', { name: 'Havells' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Usha/ })).toBeNull();
    expect(api.calls[0].query.get('limit')).toBe('10');

    fireEvent.change(input, { target: { value: 'baj' } });
    await waitFor(() => expect(api.calls.some((call) => call.query.get('search') === 'baj')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Havells' })).toBeNull());
    fireEvent.click(screen.getByRole('option', { name: 'Bajaj' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('shows a chosen brand it was given, inactive or not', async () => {
    server();
    renderWithProviders(<Harness initial={3} />, { user: makeUser() });
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Brand' }) as HTMLInputElement).value).toBe(
        'Usha (inactive)',
      ),
    );
  });
});
