import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../test/render';
import { RichTextField } from './rich-text-field';

const schema = z.object({ description: z.string().max(80, 'Cannot exceed more than 80 characters.') });
type Values = z.infer<typeof schema>;

function Form({ initial, onSubmit }: { initial: string; onSubmit: (values: Values) => void }) {
  const form = useForm<Values>({
    mode: 'all',
    resolver: zodResolver(schema),
    defaultValues: { description: initial },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <RichTextField control={form.control} name="description" label="Description" />
      <button type="submit">Save</button>
      <button type="button" onClick={() => form.reset({ description: '<h2>Reset</h2>' })}>
        Reset
      </button>
      <output aria-label="Dirty">{String(form.formState.isDirty)}</output>
    </form>
  );
}

function renderForm(initial = '') {
  const onSubmit = vi.fn();
  renderWithProviders(<Form initial={initial} onSubmit={onSubmit} />);
  return { onSubmit, editor: () => screen.findByRole('textbox', { name: 'Description' }) };
}

/** What a browser hands over when HTML is pasted: ProseMirror inserts it at the selection. */
function paste(target: HTMLElement, html: string) {
  const text = html.replace(/<[^>]+>/g, '');
  fireEvent.paste(target, {
    clipboardData: {
      types: ['text/html', 'text/plain'],
      getData: (type: string) => (type === 'text/html' ? html : type === 'text/plain' ? text : ''),
      files: [],
      items: [],
    },
  });
}

async function submitted(onSubmit: ReturnType<typeof vi.fn>) {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  return (onSubmit.mock.calls.at(-1) as [Values])[0].description;
}

describe('RichTextField', () => {
  it("offers the spec's tools: headings 1 and 2, bold, italic, underline, alignment and lists", async () => {
    const { editor } = renderForm('<p>Hello <strong>buyers</strong></p>');
    const box = await editor();
    expect(box.innerHTML).toBe('<p>Hello <strong>buyers</strong></p>');
    for (const name of [
      'Heading 1',
      'Heading 2',
      'Bold',
      'Italic',
      'Underline',
      'Align text: left',
      'Align text: center',
      'Align text: right',
      'Bullet list',
      'Ordered list',
    ]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    // Nothing more than the spec asks for.
    expect(screen.queryByRole('button', { name: 'Strikethrough' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Code block' })).toBeNull();
  });

  it('gives the form HTML, formatted with the toolbar, and is dirty only once changed', async () => {
    const { onSubmit, editor } = renderForm();
    const box = await editor();
    expect(screen.getByRole('status', { name: 'Dirty' }).textContent).toBe('false');
    paste(box, '<p>Steel <em>jars</em></p>');
    fireEvent.click(screen.getByRole('button', { name: 'Heading 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Align text: center' }));
    expect(await submitted(onSubmit)).toBe('<h2 style="text-align: center;">Steel <em>jars</em></h2>');
    expect(screen.getByRole('status', { name: 'Dirty' }).textContent).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Bullet list' }));
    expect(await submitted(onSubmit)).toBe('<ul><li><p>Steel <em>jars</em></p></li></ul>');
  });

  it("gives '' for an emptied editor", async () => {
    const { onSubmit, editor } = renderForm('<p>Old text</p>');
    const box = await editor();
    fireEvent.keyDown(box, { key: 'a', code: 'KeyA', ctrlKey: true });
    fireEvent.keyDown(box, { key: 'Backspace', code: 'Backspace' });
    await waitFor(() => expect(box.textContent).toBe(''));
    expect(await submitted(onSubmit)).toBe('');
  });

  it('shows its first error once changed, and is marked invalid', async () => {
    const { editor } = renderForm();
    const box = await editor();
    expect(screen.queryByText('Cannot exceed more than 80 characters.')).toBeNull();
    paste(box, '<p>A description of the product that is far longer than eighty characters in all</p>');
    const error = await screen.findByText('Cannot exceed more than 80 characters.');
    // The editor takes its new attributes in an effect after the render that shows the error.
    await waitFor(() => {
      expect(box.getAttribute('aria-invalid')).toBe('true');
      expect(box.getAttribute('aria-describedby')).toBe(error.id);
    });
  });

  it('shows a value the form sets from outside (a reset)', async () => {
    const { editor } = renderForm('<p>Before</p>');
    const box = await editor();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(box.innerHTML).toBe('<h2>Reset</h2>'));
  });
});
