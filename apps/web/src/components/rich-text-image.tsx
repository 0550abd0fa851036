import { useState } from 'react';
import { Button, Popover, Stack, TextInput } from '@mantine/core';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Only https pictures: what the server's sanitizer keeps (platform/sanitize.ts). */
const isHttpsUrl = (s: string): boolean => {
  try {
    return new URL(s).protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * The toolbar's "Insert picture": a picture by its https address, with a description for screen
 * readers (its alt text), placed where the cursor is.
 */
export const InsertImageControl = () => {
  const { t } = useTranslation('materials');
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const insert = () => {
    const src = url.trim();
    if (!isHttpsUrl(src)) return setError(t('editor.imageHttps'));
    // At the cursor; focus goes back to the toolbar button (the popover returns it).
    editor?.chain().setImage({ src, alt: alt.trim() }).run();
    setOpened(false);
    setUrl('');
    setAlt('');
    setError(null);
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withArrow position="bottom" shadow="md">
      <Popover.Target>
        <RichTextEditor.Control aria-label={t('editor.imageControlLabel')} title={t('editor.imageControlLabel')} onClick={() => setOpened((o) => !o)}>
          <IconPhoto size={16} stroke={1.5} aria-hidden="true" />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" miw={240}>
          <TextInput
            label={t('editor.imageUrl')}
            placeholder="https://"
            value={url}
            error={error}
            onChange={(e) => setUrl(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                insert();
              }
            }}
          />
          <TextInput label={t('editor.imageAlt')} value={alt} onChange={(e) => setAlt(e.currentTarget.value)} />
          <Button size="xs" onClick={insert}>
            {t('editor.imageInsert')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};
