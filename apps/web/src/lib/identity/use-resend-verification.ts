import { useState } from 'react';
import { showToast } from '@/lib/toast';
import { sendVerificationEmail } from './embedded-mail-requests';

/**
 * "Resend" for the confirmation mail (the app's banner and /verify-email): mails a new link and
 * says so, or says why not (the API allows a few per quarter hour).
 */
export function useResendVerification() {
  const [isSending, setIsSending] = useState(false);
  const resend = async (email: string) => {
    setIsSending(true);
    try {
      const result = await sendVerificationEmail(email);
      showToast(
        result.error
          ? { title: 'We couldn’t send the link', description: result.error.message, type: 'error' }
          : {
              title: 'Link sent',
              description: `Check ${email} for a new confirmation link.`,
              type: 'success',
            },
      );
    } finally {
      setIsSending(false);
    }
  };
  return { resend, isSending };
}
