import { showToast } from '@/lib/toast';

/** Copies an invitation link; where the clipboard is refused, the link is shown to copy by hand. */
export async function copyInvitationLink(url: string, email: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    showToast({
      title: 'Link copied',
      description: `Send it to ${email}. It works once.`,
      type: 'success',
    });
  } catch {
    showToast({ title: 'Copy this link', description: url, type: 'warning' });
  }
}
