import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxMail } from '@klase/core/auth/contracts';
import { formatDate } from '../../components/date-text.tsx';
import { linkify } from './linkify.ts';

/** One outbox mail: recipient, time and the text with clickable links (activation, reset...). */
export const MailDialog = ({ mail, onClose }: { mail: OutboxMail | null; onClose: () => void }) => {
  const { t } = useTranslation('common');
  return (
    <Modal opened={mail !== null} onClose={onClose} title={mail?.subject} size="lg" centered closeButtonProps={{ 'aria-label': t('close') }}>
      {mail && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('outbox.sentTo', { to: mail.to })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('outbox.sentAt', { date: formatDate(mail.createdAt, 'long') ?? mail.createdAt })}
          </Text>
          <Text component="div" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="mail-text">
            {linkify(mail.text).map((part, i) =>
              part.kind === 'link' ? (
                <Anchor key={i} href={part.href}>
                  {part.href}
                </Anchor>
              ) : (
                <span key={i}>{part.text}</span>
              ),
            )}
          </Text>
        </Stack>
      )}
    </Modal>
  );
};
