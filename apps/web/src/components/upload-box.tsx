import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ANY_FILE_TYPE, DEFAULT_UPLOAD_RULES, checkUploads, formatBytes, type UploadProblem } from '@klase/core/upload';
import { ErrorText } from './error-text.tsx';
import { useTone } from './tones.ts';
import { UploadFileList, revokePicked, toPicked, type PickedFile } from './upload-file-list.tsx';

export interface UploadBoxProps {
  /** Accepted extensions (default jpeg, png, jpg); `[ANY_FILE_TYPE]` accepts every type. */
  types?: readonly string[];
  /** Size limit in bytes (default 2 MB). */
  maxBytes?: number;
  /** Number of files (default 1). */
  maxFiles?: number;
  /** Uploads the chosen files; call `onProgress(0..100)` as it goes (see uploadWithProgress). */
  onUpload: (files: File[], onProgress: (percent: number) => void) => Promise<unknown>;
  /** Visible label above the box. */
  label?: string;
  disabled?: boolean;
  /** A chosen file was removed from the box: the files still chosen (forms drop what they uploaded). */
  onRemove?: (remaining: File[]) => void;
  /** Asked once the chosen files pass the checks, before anything is sent; false leaves the box as it was. */
  confirm?: (files: File[]) => Promise<boolean>;
}

type UploadRules = Required<Pick<UploadBoxProps, 'types' | 'maxBytes' | 'maxFiles'>>;

/** The chosen files, the type/size/count problem, and the upload's progress, success or error. */
const useUploadState = ({
  types,
  maxBytes,
  maxFiles,
  onUpload,
  disabled,
  onRemove,
  confirm,
}: UploadRules & Pick<UploadBoxProps, 'onUpload' | 'disabled' | 'onRemove' | 'confirm'>) => {
  const pickedRef = useRef<PickedFile[]>([]);
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const busy = progress !== null && !done && uploadError === null;

  useEffect(() => () => revokePicked(pickedRef.current), []);

  const replace = (next: PickedFile[]) => {
    revokePicked(pickedRef.current);
    pickedRef.current = next;
    setPicked(next);
  };

  const removeAt = (index: number) => {
    const remaining = picked.filter((_, j) => j !== index);
    replace(remaining);
    setProgress(null);
    setDone(false);
    setUploadError(null);
    onRemove?.(remaining.map((p) => p.file));
  };

  const take = async (list: File[]) => {
    if (list.length === 0 || busy || disabled) return;
    const found = checkUploads(list, { types, maxBytes, maxFiles });
    setProblem(found);
    setUploadError(null);
    setDone(false);
    if (found) return;
    if (confirm && !(await confirm(list))) return;
    replace(list.map(toPicked));
    setProgress(0);
    try {
      await onUpload(list, setProgress);
      setProgress(100);
      setDone(true);
    } catch (e) {
      setUploadError(e);
    }
  };

  return { picked, problem, progress, uploadError, done, busy, removeAt, take };
};

interface DropZoneProps extends UploadRules {
  busy: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}

/** The dashed box (a button: click, Enter or Space opens the file picker; files may be dropped on it) and its hidden file input. */
const DropZone = ({ types, maxBytes, maxFiles, busy, disabled, onFiles }: DropZoneProps) => {
  const { t } = useTranslation('components');
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const titleId = useId();
  const [dragging, setDragging] = useState(false);
  const anyType = types.includes(ANY_FILE_TYPE);

  const open = () => {
    if (!busy && !disabled) inputRef.current?.click();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open();
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    onFiles(Array.from(e.dataTransfer.files));
  };

  return (
    <>
      <UnstyledButton
        onClick={open}
        onKeyDown={onKeyDown}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        aria-labelledby={titleId}
        aria-describedby={hintId}
        aria-disabled={busy || disabled || undefined}
        data-dragging={dragging || undefined}
        style={{
          border: `2px dashed ${dragging ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
          borderRadius: 'var(--mantine-radius-md)',
          padding: 'var(--mantine-spacing-lg)',
          width: '100%',
          textAlign: 'center',
          cursor: busy ? 'progress' : 'pointer',
        }}
      >
        <Stack align="center" gap={4}>
          <IconUpload size={28} aria-hidden="true" />
          <Text fw={500} id={titleId}>
            {t('upload.dropHere', { count: maxFiles })}
          </Text>
          <Text size="sm" id={hintId}>
            {anyType ? t('upload.anyType', { size: formatBytes(maxBytes) }) : t('upload.allowed', { types: types.join(', '), size: formatBytes(maxBytes) })}{' '}
            {t('upload.maxFiles', { count: maxFiles })}
          </Text>
        </Stack>
      </UnstyledButton>
      <input
        ref={inputRef}
        type="file"
        hidden
        tabIndex={-1}
        accept={anyType ? undefined : types.map((x) => `.${x}`).join(',')}
        multiple={maxFiles > 1}
        onChange={(e) => {
          const list = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = '';
          onFiles(list);
        }}
        data-testid="upload-input"
      />
    </>
  );
};

const UploadProgress = ({ progress, done }: { progress: number; done: boolean }) => {
  const { t } = useTranslation('components');
  const success = useTone('success');
  return (
    <Stack gap={2}>
      <Progress.Root size="md" aria-hidden={false}>
        <Progress.Section value={progress} aria-label={t('upload.progress')} animated={!done} />
      </Progress.Root>
      <Text size="xs" aria-live="polite" c={done ? success : undefined}>
        {done ? t('upload.done') : t('upload.uploading', { percent: progress })}
      </Text>
    </Stack>
  );
};

/** Drag and drop, or click / Enter / Space to choose; checks type, size and count; shows progress and previews. */
export const UploadBox = ({
  types = DEFAULT_UPLOAD_RULES.types,
  maxBytes = DEFAULT_UPLOAD_RULES.maxBytes,
  maxFiles = DEFAULT_UPLOAD_RULES.maxFiles,
  label,
  disabled,
  ...callbacks
}: UploadBoxProps) => {
  const { t } = useTranslation(['components', 'validation']);
  const danger = useTone('danger');
  const { picked, problem, progress, uploadError, done, busy, removeAt, take } = useUploadState({ types, maxBytes, maxFiles, disabled, ...callbacks });

  const problemText = problem ? t(`validation:${problem.key}`, 'params' in problem ? problem.params : undefined) : null;
  return (
    <Stack gap="xs">
      {label && (
        <Text component="span" size="sm" fw={500}>
          {label}
        </Text>
      )}
      <DropZone types={types} maxBytes={maxBytes} maxFiles={maxFiles} busy={busy} disabled={disabled} onFiles={(list) => void take(list)} />
      {problemText && (
        <Text role="alert" size="sm" c={danger}>
          {problemText}
        </Text>
      )}
      {picked.length > 0 && <UploadFileList files={picked} disabled={busy} onRemove={(i) => removeAt(i)} />}
      {progress !== null && uploadError === null && <UploadProgress progress={progress} done={done} />}
      <ErrorText error={uploadError} />
    </Stack>
  );
};
