import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { makeUser } from '../../test/users';
import { PasswordLoginForm } from './password-login-form';

const session = {
  access_token: 'acc.tok',
  refresh_token: 'ref',
  expires_in: 900,
  token_type: 'Bearer',
  user: makeUser(),
};

async function signIn() {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Email or Phone' }), {
    target: { value: 'asha@example.in' },
  });
  fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), {
    target: { value: 'Secret@123' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login with ?next=', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('opens the next path of the app after signing in', async () => {
    fakeApi(() => ({ body: session }));
    const { router } = renderScreen(() => <PasswordLoginForm />, {
      path: '/auth/login?next=%2Ftaxes%3Ftype%3Dgst',
    });
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/taxes'));
    expect(router.state.location.search).toEqual({ type: 'gst' });
  });

  it('goes home without a next', async () => {
    fakeApi(() => ({ body: session }));
    const { router } = renderScreen(() => <PasswordLoginForm />, { path: '/auth/login' });
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('goes home, not to an untrusted host, and does not hand it the token', async () => {
    fakeApi(() => ({ body: session }));
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { router } = renderScreen(() => <PasswordLoginForm />, {
      path: `/auth/login?next=${encodeURIComponent('https://evil.example/x')}`,
    });
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(assign).not.toHaveBeenCalled();
  });

  it('leaves for a same-host address with the access token appended', async () => {
    fakeApi(() => ({ body: session }));
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const target = `${window.location.protocol}//${window.location.hostname}:4999/reports`;
    renderScreen(() => <PasswordLoginForm />, { path: `/auth/login?next=${encodeURIComponent(target)}` });
    await signIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${target}?access_token=acc.tok`));
  });
});
