import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/test-utils.tsx';
import { RichTextField } from './rich-text-editor.tsx';

describe('the rich text field: Insert picture', () => {
  it('puts a picture by its https address, with its description, into the text', async () => {
    const onChange = vi.fn<(html: string) => void>();
    renderWithProviders(<RichTextField label="Text" value="<p>See this:</p>" onChange={onChange} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Insert picture' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Picture address (https)' }), 'https://example.org/cell.png');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description of the picture' }), 'A plant cell');
    await userEvent.click(screen.getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('<img src="https://example.org/cell.png" alt="A plant cell">')));
  });

  it('refuses an address that is not https, saying so, and changes nothing', async () => {
    const onChange = vi.fn<(html: string) => void>();
    renderWithProviders(<RichTextField label="Text" value="<p>See this:</p>" onChange={onChange} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Insert picture' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Picture address (https)' }), 'javascript:alert(1){Enter}');
    expect(await screen.findByText('Enter an address that starts with https://')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });
});
