import type { Conversation } from '@crescendo/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConversationList } from './conversation-list';

const conversations: Conversation[] = [
  {
    id: 'c1',
    title: 'How many views last month?',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  },
];

function setup(onRename = vi.fn(async () => {})) {
  render(
    <ConversationList
      conversations={conversations}
      onOpen={vi.fn()}
      onRename={onRename}
      onDelete={vi.fn()}
    />,
  );
  return { onRename };
}

describe('ConversationList', () => {
  it('renames a conversation from the keyboard: Rename, type, Enter', async () => {
    const { onRename } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Rename “How many views last month?”' }));
    const input = screen.getByRole('textbox', {
      name: 'New title for “How many views last month?”',
    });
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: '  October views  ' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(onRename).toHaveBeenCalledWith('c1', 'October views'));
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
  });

  it('says what is wrong with an empty title and does not send it', async () => {
    const { onRename } = setup();
    fireEvent.click(screen.getByRole('button', { name: /^Rename/ }));
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe('Title is required');
    expect(onRename).not.toHaveBeenCalled();
  });

  it('keeps the form and shows the server message when the rename fails; Escape cancels', async () => {
    setup(
      vi.fn(async () => {
        throw new Error('Conversation not found');
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: /^Rename/ }));
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: 'New name' } });
    fireEvent.submit(input.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe('Conversation not found');
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Escape' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'How many views last month?' })).toBeTruthy();
  });
});
