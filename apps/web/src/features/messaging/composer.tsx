import { useRef, useState } from 'react';
import { ActionIcon, Box, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_ATTACHMENTS_MAX, MESSAGE_BODY_MAX, type AttachmentRef } from '@klase/core/messaging/contracts';
import { ANY_FILE_TYPE } from '@klase/core/upload';
import { FILE_MAX_BYTES } from '@klase/core/constants';
import { UploadBox } from '../../components/upload-box.tsx';
import { useTone } from '../../components/tones.ts';
import { useUploadedFiles } from '../../components/use-uploaded-files.ts';
import { uploadAttachment } from './messaging-api.ts';
import { composerKeyAction } from './thread-state.ts';

/** The counter shows from here on (near the limit). */
const COUNTER_FROM = MESSAGE_BODY_MAX - 1000;
/** "… is typing" is sent at most this often while the user types. */
const TYPING_EVERY_MS = 3000;

interface ComposerProps {
  enterToSend: boolean;
  onSend: (body: string, attachments: AttachmentRef[]) => void;
  onTyping: () => void;
}

/** The attachments uploaded for the next message (each file once uploaded, removed with its file). */
const useAttachments = () => useUploadedFiles(uploadAttachment);

/** The upload box of a message's attachments (a new box after each send). */
const AttachmentsBox = ({ files, label }: { files: ReturnType<typeof useAttachments>; label: string }) => (
  <Box>
    <UploadBox
      key={files.boxKey}
      types={[ANY_FILE_TYPE]}
      maxBytes={FILE_MAX_BYTES}
      maxFiles={MESSAGE_ATTACHMENTS_MAX}
      onUpload={files.upload}
      onRemove={files.remove}
      label={label}
    />
  </Box>
);

/** The message box: Enter (or Ctrl/Cmd+Enter) sends as set, attachments through the upload box, a counter near the limit. */
export const Composer = ({ enterToSend, onSend, onTyping }: ComposerProps) => {
  const { t } = useTranslation('messaging');
  const danger = useTone('danger');
  const muted = useTone('muted');
  const [text, setText] = useState('');
  const [attaching, setAttaching] = useState(false);
  const files = useAttachments();
  const lastTyping = useRef(0);
  const tooLong = text.length > MESSAGE_BODY_MAX;
  const canSend = !tooLong && (text.trim() !== '' || files.count > 0);

  const send = () => {
    if (!canSend) return;
    onSend(text.trim(), files.take());
    setText('');
    setAttaching(false);
  };
  const change = (value: string) => {
    setText(value);
    const now = Date.now();
    if (value !== '' && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      onTyping();
    }
  };

  return (
    <Stack gap={4} p="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {attaching && <AttachmentsBox files={files} label={t('composer.attachments')} />}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <ActionIcon
          variant={attaching ? 'light' : 'subtle'}
          size="lg"
          onClick={() => setAttaching((v) => !v)}
          aria-label={t('composer.attach')}
          aria-expanded={attaching}
        >
          <IconPaperclip size={18} aria-hidden="true" />
        </ActionIcon>
        <Textarea
          style={{ flex: 1 }}
          aria-label={t('composer.label')}
          aria-describedby="composer-hint"
          placeholder={t('composer.placeholder')}
          autosize
          minRows={1}
          maxRows={6}
          value={text}
          error={tooLong ? t('composer.tooLong', { max: MESSAGE_BODY_MAX.toLocaleString() }) : undefined}
          onChange={(e) => change(e.currentTarget.value)}
          onKeyDown={(e) => {
            const action = composerKeyAction({ ...e, isComposing: e.nativeEvent.isComposing }, enterToSend);
            if (action === 'send') {
              e.preventDefault();
              send();
            }
          }}
          data-testid="composer"
        />
        <Button onClick={send} disabled={!canSend} leftSection={<IconSend size={16} aria-hidden="true" />} px="sm">
          {t('composer.send')}
        </Button>
      </Group>
      <Group justify="space-between" gap="xs">
        <Text id="composer-hint" size="xs" c={muted}>
          {enterToSend ? t('composer.hintEnter') : t('composer.hintCtrlEnter')}
        </Text>
        {text.length >= COUNTER_FROM && (
          <Text size="xs" c={tooLong ? danger : muted} aria-live="polite">
            {t('composer.counter', { length: text.length.toLocaleString(), max: MESSAGE_BODY_MAX.toLocaleString() })}
          </Text>
        )}
      </Group>
    </Stack>
  );
};
