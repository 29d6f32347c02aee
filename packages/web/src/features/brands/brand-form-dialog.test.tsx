import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { BrandFormDialog } from './brand-form-dialog';

it('creates a brand from inside another form without submitting that form, and hands it over', async () => {
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
  const api = fakeApi((call) =>
    call.method === 'POST' && call.path === 'companies/10/brands'
      ? { body: { id: 31, name: 'Havells', is_active: true, ignore_for_bi: false } }
      : undefined,
  );
  const outerSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const onCreated = vi.fn();
  renderWithProviders(
    <form onSubmit={outerSubmit} aria-label="Product">
      <BrandFormDialog companyId={10} brand={null} onClose={() => {}} onCreated={onCreated} />
    </form>,
  );
  fireEvent.change(await screen.findByRole('textbox', { name: /Brand Name/ }), {
    target: { value: 'Havells' },
  });
  fireEvent.click(screen.getByRole('button', { name: /Save|Create/ }));
  await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 31 })));
  expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  expect(outerSubmit).not.toHaveBeenCalled();
});
