import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { StartConversation } from '@klase/core/messaging/contracts';
import { useErrorMessage } from '../../components/error-text.tsx';
import { toastError } from '../../lib/toasts.ts';
import { paths } from '../../config/paths.ts';
import { messageKeys, startConversationCall } from './messaging-api.ts';

/** Finds or starts a conversation (`POST /api/messages/conversations`) and opens it; `busy` is the key of the one being started. */
export const useStartConversation = () => {
  const navigate = useNavigate();
  const client = useQueryClient();
  const errorMessage = useErrorMessage();
  const [busy, setBusy] = useState<string | null>(null);
  const start = async (key: string, body: StartConversation) => {
    setBusy(key);
    try {
      const details = await startConversationCall(body);
      client.setQueryData(messageKeys.details(details.id), details);
      void client.invalidateQueries({ queryKey: messageKeys.lists });
      void navigate(paths.messages.to(details.id));
    } catch (e) {
      toastError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  return { start, busy };
};
