import { computeGstinCheckChar, GSTIN_STATE_MISMATCH } from '@b2b/domain/gstin';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderScreen } from '../../test/render';
import { signupSchema } from './auth.schemas';
import { SignupPage } from './signup-page';

const STATES = [
  { id: 27, name: 'Maharashtra', gst_code: '27' },
  { id: 29, name: 'Karnataka', gst_code: '29' },
];

function gstin(stateCode: string): string {
  const first14 = `${stateCode}AAPFU0939F1Z`;
  return first14 + computeGstinCheckChar(first14);
}

function showSignup() {
  fakeApi((call) => {
    if (call.path.startsWith('states')) return { body: { count: STATES.length, results: STATES } };
    if (call.path.startsWith('cities')) return { body: { count: 0, results: [] } };
    return undefined;
  });
  renderScreen(() => <SignupPage />, { path: '/auth/signup' });
}

const stateInput = () => screen.getByLabelText(/^State/, { selector: 'input' }) as HTMLInputElement;

describe('sign-up: the state follows the GSTIN', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('fills and locks the state of a typed GSTIN, and says so', async () => {
    showSignup();
    const gstinInput = await screen.findByRole('textbox', { name: 'GSTIN' });
    fireEvent.change(gstinInput, { target: { value: gstin('29') } });
    await waitFor(() => expect(stateInput().value).toBe('Karnataka'));
    expect(stateInput().readOnly).toBe(true);
    expect(screen.getByText('Taken from the GSTIN (its first two digits).')).toBeTruthy();

    fireEvent.change(gstinInput, { target: { value: gstin('27') } });
    await waitFor(() => expect(stateInput().value).toBe('Maharashtra'));

    // Without a GSTIN the state is the user's to choose again.
    fireEvent.change(gstinInput, { target: { value: '' } });
    await waitFor(() => expect(stateInput().readOnly).toBe(false));
    expect(stateInput().value).toBe('Maharashtra');
    expect(screen.queryByText('Taken from the GSTIN (its first two digits).')).toBeNull();
  });

  it('refuses a GSTIN of another state with the branch form’s sentence', () => {
    const values = {
      company_name: 'Acme Traders',
      gstin: gstin('29'),
      branch_name: 'Pune',
      state_id: '27',
      city: 'Pune',
      address_line_1: '12 MG Road',
      pincode: '411001',
      first_name: 'Priya',
      email: 'owner@example.in',
      phone: '9876543210',
      password: 'Quiet-Harbour@42',
    };
    const refused = signupSchema.safeParse(values);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['gstin', GSTIN_STATE_MISMATCH],
    ]);
    expect(signupSchema.safeParse({ ...values, state_id: '29' }).success).toBe(true);
    expect(signupSchema.safeParse({ ...values, gstin: '' }).success).toBe(true);
  });
});
