import '@mantine/tiptap/styles.css';
import { useEffect, useId, useMemo } from 'react';
import { Input, Stack } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { InsertImageControl } from './rich-text-image.tsx';

export interface RichTextFieldProps {
  label: string;
  value: string;
  /** The editor's HTML; an empty document is ''. */
  onChange: (html: string) => void;
  error?: string | null;
  /** The sticky toolbar stays under the app header while scrolling long texts. */
  stickyOffset?: number;
}

const LABEL_KEYS = [
  'boldControlLabel',
  'italicControlLabel',
  'underlineControlLabel',
  'strikeControlLabel',
  'clearFormattingControlLabel',
  'h2ControlLabel',
  'h3ControlLabel',
  'h4ControlLabel',
  'bulletListControlLabel',
  'orderedListControlLabel',
  'blockquoteControlLabel',
  'codeControlLabel',
  'codeBlockControlLabel',
  'linkControlLabel',
  'unlinkControlLabel',
  'undoControlLabel',
  'redoControlLabel',
  'linkEditorInputLabel',
  'linkEditorInputPlaceholder',
  'linkEditorExternalLink',
  'linkEditorInternalLink',
  'linkEditorSave',
] as const satisfies readonly (keyof RichTextEditorLabels)[];

/**
 * The rich text field of lesson pages, of assignment, quiz and activity instructions, discussion
 * posts and announcements (tiptap's starter kit, links and pictures by https address). This module and Mantine's editor styles load only with the material form.
 * The server sanitizes what is saved.
 */
export const RichTextField = ({ label, value, onChange, error, stickyOffset = 60 }: RichTextFieldProps) => {
  const { t } = useTranslation('materials');
  const labelId = useId();
  const errorId = useId();
  const labels = useMemo(() => Object.fromEntries(LABEL_KEYS.map((k) => [k, t(`editor.${k}`)])) as Partial<RichTextEditorLabels>, [t]);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link, Image],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // The editable area is the field: named by the label, invalid with the error under it.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const attributes: Record<string, string> = { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId };
    if (error) {
      attributes['aria-invalid'] = 'true';
      attributes['aria-describedby'] = errorId;
    }
    editor.setOptions({ editorProps: { attributes } });
  }, [editor, error, labelId, errorId]);

  return (
    <Stack gap={4}>
      <Input.Label id={labelId} component="span">
        {label}
      </Input.Label>
      <RichTextEditor editor={editor} labels={labels} style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <RichTextEditor.Toolbar sticky stickyOffset={stickyOffset} role="group" aria-label={t('editor.toolbar', { field: label })}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Code />
            <RichTextEditor.CodeBlock />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <InsertImageControl />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={220} />
      </RichTextEditor>
      {error && (
        <Input.Error id={errorId} role="alert">
          {error}
        </Input.Error>
      )}
    </Stack>
  );
};
