import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/test-utils.tsx';
import { Composer } from './composer.tsx';
import { ThreadView } from './thread-view.tsx';
import { mergeMessages } from './thread-state.ts';

const box = () => screen.getByRole('textbox', { name: 'Message' });
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });

describe('Composer', () => {
  it('sends on Enter and keeps Shift+Enter for a new line when enter-to-send is on', () => {
    const onSend = vi.fn();
    renderWithProviders(<Composer enterToSend onSend={onSend} onTyping={() => undefined} />);
    type('Magandang umaga');
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Magandang umaga', []);
    expect(box()).toHaveValue('');
  });

  it('sends on Ctrl+Enter only when enter-to-send is off, and never an empty message', () => {
    const onSend = vi.fn();
    renderWithProviders(<Composer enterToSend={false} onSend={onSend} onTyping={() => undefined} />);
    fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true });
    expect(onSend).not.toHaveBeenCalled();
    type('Hello');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true });
    expect(onSend).toHaveBeenCalledWith('Hello', []);
  });

  it('shows the counter near the limit and refuses a message over it', () => {
    const onSend = vi.fn();
    renderWithProviders(<Composer enterToSend onSend={onSend} onTyping={() => undefined} />);
    type('a'.repeat(9500));
    expect(screen.getByText('9,500 of 10,000 characters')).toBeInTheDocument();
    type('a'.repeat(10_001));
    expect(screen.getByText('A message can have at most 10,000 characters.')).toBeInTheDocument();
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});

describe('ThreadView', () => {
  it('shows HTML and script in a body as text, "Seen" under the read message and "Not sent" with Retry', () => {
    const ana = { id: 'u-ana', name: 'Ana', roleId: 5, photoUrl: null };
    const html = '<img src=x onerror=alert(1)><script>alert(2)</script><b>bold</b>';
    const items = [
      ...mergeMessages([], [{ id: 'm1', conversationId: 'c', clientId: 'k1', sender: ana, body: html, attachments: [], createdAt: '2026-11-27T01:00:00Z' }]),
      {
        id: 'pending:k2',
        conversationId: 'c',
        clientId: 'k2',
        sender: ana,
        body: 'later',
        attachments: [],
        createdAt: '2026-11-27T02:00:00Z',
        state: 'failed' as const,
      },
    ];
    const retry = vi.fn();
    const { container } = renderWithProviders(
      <ThreadView
        items={items}
        myId={ana.id}
        kind="direct"
        hasMore={false}
        loadOlder={async () => undefined}
        seenId="m1"
        typing="Ben"
        retry={retry}
        focusId={null}
      />,
    );
    expect(screen.getAllByTestId('message-body')[0]).toHaveTextContent(html);
    expect(container.querySelector('script, img[src="x"], b')).toBeNull();
    expect(screen.getByText('Seen')).toBeInTheDocument();
    expect(screen.getByText('Ben is typing…')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledWith('k2');
  });
});
