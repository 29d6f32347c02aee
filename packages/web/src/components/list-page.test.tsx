import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { CollapsibleFilters } from './list-page';

function phoneWidth(narrow: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: narrow,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

describe('CollapsibleFilters', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the filters as they are on a wide screen', () => {
    phoneWidth(false);
    renderWithProviders(
      <CollapsibleFilters>
        <input aria-label="Search" />
      </CollapsibleFilters>,
    );
    expect(screen.getByLabelText('Search')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Filters' })).toBeNull();
  });

  it('puts them behind a Filters button at phone width (issue 18)', () => {
    phoneWidth(true);
    renderWithProviders(
      <CollapsibleFilters>
        <input aria-label="Search" />
      </CollapsibleFilters>,
    );
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide filters' }).getAttribute('aria-expanded')).toBe('true');
  });
});
