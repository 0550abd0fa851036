import { ActionIcon, Group, Image, Stack, Text } from '@mantine/core';
import { IconFile, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTone } from './tones.ts';
import { formatBytes } from '@klase/core/upload';

export interface PickedFile {
  file: File;
  /** Object URL for an image preview (null for other files or where the browser has none). */
  previewUrl: string | null;
}

const IMAGE_EXT = /\.(jpe?g|png|gif|webp)$/i;

/** Makes the preview entry for a file (an object URL for images). */
export const toPicked = (file: File): PickedFile => ({
  file,
  previewUrl: (file.type.startsWith('image/') || IMAGE_EXT.test(file.name)) && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null,
});

export const revokePicked = (files: PickedFile[]) => {
  for (const f of files) if (f.previewUrl && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(f.previewUrl);
};

/** The chosen files: preview (images), name, size in 1024-based units, and a remove button. */
export const UploadFileList = ({ files, onRemove, disabled }: { files: PickedFile[]; onRemove: (i: number) => void; disabled?: boolean }) => {
  const { t } = useTranslation('components');
  const muted = useTone('muted');
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {files.map(({ file, previewUrl }, i) => (
        <Group key={`${file.name}-${i}`} component="li" gap="sm" wrap="nowrap">
          {previewUrl ? (
            <Image src={previewUrl} alt={t('upload.preview', { name: file.name })} w={48} h={48} fit="cover" radius="sm" />
          ) : (
            <IconFile size={32} aria-hidden="true" />
          )}
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" truncate="end">
              {file.name}
            </Text>
            <Text size="xs">{formatBytes(file.size)}</Text>
          </Stack>
          <ActionIcon variant="subtle" color={muted} aria-label={t('upload.remove', { name: file.name })} onClick={() => onRemove(i)} disabled={disabled}>
            <IconX size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
};
