import { emailSchema } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../test/render';
import { FALLBACK_FIELD_ERROR, visibleFieldError } from './field-error';
import { TextField } from './text-field';

describe('visibleFieldError', () => {
  const invalid = {
    invalid: true,
    isTouched: false,
    isDirty: false,
    error: { message: 'Email is required.' },
  };

  it('hides the error of an untouched, pristine field', () => {
    expect(visibleFieldError(invalid)).toBeUndefined();
  });

  it('shows the first error once the field is touched or dirty', () => {
    expect(visibleFieldError({ ...invalid, isTouched: true })).toBe('Email is required.');
    expect(visibleFieldError({ ...invalid, isDirty: true })).toBe('Email is required.');
  });

  it('shows every invalid field after a submit', () => {
    expect(visibleFieldError(invalid, true)).toBe('Email is required.');
  });

  it('shows nothing for a valid field, whatever its state', () => {
    expect(visibleFieldError({ invalid: false, isTouched: true, isDirty: true }, true)).toBeUndefined();
  });

  it("falls back to 'Field is invalid' when the error has no message", () => {
    expect(visibleFieldError({ invalid: true, isTouched: true, isDirty: false, error: {} })).toBe(
      FALLBACK_FIELD_ERROR,
    );
    expect(FALLBACK_FIELD_ERROR).toBe('Field is invalid');
  });
});

const schema = z.object({ email: emailSchema, company: z.string().min(1, 'Company is required.') });

function Form() {
  const form = useForm<z.input<typeof schema>>({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: { email: '', company: '' },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(() => {})}>
      <TextField control={form.control} name="email" label="Email" required />
      <TextField control={form.control} name="company" label="Company" required />
      <button type="submit">Save</button>
    </form>
  );
}

describe('TextField error display', () => {
  it('shows nothing before the user interacts with the form', () => {
    renderWithProviders(<Form />);
    expect(screen.queryByText('Email is required.')).toBeNull();
    expect(screen.queryByText('Company is required.')).toBeNull();
  });

  it('shows the first error of a field the user has typed in, and only of that field', async () => {
    renderWithProviders(<Form />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'not-an-email' } });
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.queryByText('Company is required.')).toBeNull();
  });

  it('shows the error of a field left blank after it was touched', async () => {
    renderWithProviders(<Form />);
    const company = screen.getByRole('textbox', { name: 'Company' });
    fireEvent.focus(company);
    fireEvent.blur(company);
    expect(await screen.findByText('Company is required.')).toBeTruthy();
    expect(screen.queryByText('Email is required.')).toBeNull();
  });

  it('shows every invalid field after submit and marks the inputs invalid', async () => {
    renderWithProviders(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email is required.')).toBeTruthy();
    expect(screen.getByText('Company is required.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true'),
    );
  });

  it('clears the error once the value becomes valid', async () => {
    renderWithProviders(<Form />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    fireEvent.change(email, { target: { value: 'x' } });
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'asha@example.in' } });
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address.')).toBeNull());
  });
});
