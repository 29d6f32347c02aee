import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ImpressionShare } from './impression-share';

describe('ImpressionShare', () => {
  it('shows a known share as a percentage', async () => {
    renderWithProviders(<ImpressionShare value={52.63} />);
    expect(await screen.findByText('52.63%')).toBeTruthy();
  });

  it('shows — and says the platform gives none when the share is unknown', async () => {
    renderWithProviders(<ImpressionShare value={null} />);
    const dash = await screen.findByLabelText('Not given by the platform');
    expect(dash.textContent).toBe('—');
    fireEvent.mouseEnter(dash);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', 'Not given by the platform');
  });
});
