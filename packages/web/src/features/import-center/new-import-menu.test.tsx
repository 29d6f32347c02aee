import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { makeUser, withPermissions } from '../../test/users';
import { NewImportMenu } from './import-center-page';

async function offered() {
  fireEvent.click(await screen.findByRole('button', { name: 'New import' }));
  await screen.findAllByRole('menuitem');
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
}

describe('NewImportMenu', () => {
  it('offers every kind of the import centre to a Company Admin', async () => {
    renderScreen(() => <NewImportMenu onImport={() => {}} />, {
      user: makeUser({ role: { id: 1, display_name: 'Company Admin' } }),
    });
    expect(await offered()).toEqual(expect.arrayContaining(['Contacts', 'Products', 'Buyers', 'Sellers']));
  });

  it('offers only the kinds the user may create', async () => {
    renderScreen(() => <NewImportMenu onImport={() => {}} />, {
      user: withPermissions(['view_buyer', 'add_buyer', 'add_seller']),
    });
    const kinds = await offered();
    expect(kinds).toContain('Buyers');
    expect(kinds).toContain('Sellers');
    expect(kinds).not.toContain('Products');
  });
});
